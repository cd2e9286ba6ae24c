/** A plain-text table for the terminal: columns padded to their widest cell, numbers right-aligned. */

export type Align = "left" | "right";

export function textTable(headers: string[], rows: string[][], align?: Align[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const al = (i: number): Align => align?.[i] ?? (i === 0 ? "left" : "right");
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (al(i) === "left" ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
