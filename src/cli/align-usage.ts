/**
 * One description column per help text. Each command's usage is assembled from its own option lines and
 * shared blocks (the node flags, the snapshot sources), each padded to its own column, so a `--help` read
 * as two or three ragged columns. The column of most option lines, widened to fit every flag of up to 21
 * characters, wins; every other option line (and the lines continuing its description) moves to it. A
 * flag too long for the column keeps two spaces.
 */

/** `  FLAG…  description`: the flag part (no double space inside) and where the description starts. */
const OPTION = /^( {2}(?:-{1,2}[A-Za-z]|[A-Z]{2,})\S*(?: \S+)*?)( {2,})(\S.*)$/;

/** The widest column a flag gets padded to (`  --max-response-mb N  `, the longest of the shared node flags). */
const MAX_COLUMN = 23;

interface Option {
  line: number;
  flag: string;
  column: number;
}

export function alignUsage(text: string): string {
  const lines = text.split("\n");
  const options: Option[] = [];
  lines.forEach((l, i) => {
    const m = OPTION.exec(l);
    if (m !== null) options.push({ line: i, flag: m[1]!, column: m[1]!.length + m[2]!.length });
  });
  if (options.length < 2) return text;
  const counts = new Map<number, number>();
  for (const o of options) counts.set(o.column, (counts.get(o.column) ?? 0) + 1);
  // the most common column (a tie: the wider), widened to fit every flag up to --max-response-mb N's width
  const mode = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
  const target = Math.max(mode, ...options.map((o) => o.flag.length + 2).filter((c) => c <= MAX_COLUMN));
  const out = [...lines];
  options.forEach((o, k) => {
    const fits = o.flag.length + 2 <= target;
    const column = o.column === target || fits ? target : o.flag.length + 2;
    if (column !== o.column) out[o.line] = `${o.flag.padEnd(column)}${lines[o.line]!.slice(o.column)}`;
    // its continuation lines (up to the next option, a blank line or a line at the margin) go to the column;
    // a deeper list under it keeps its depth below the description
    const end = k + 1 < options.length ? options[k + 1]!.line : lines.length;
    for (let i = o.line + 1; i < end; i++) {
      const l = lines[i]!;
      const indent = l.length - l.trimStart().length;
      if (l.trim() === "" || indent < 3) break;
      out[i] = `${" ".repeat(indent > o.column ? column + (indent - o.column) : target)}${l.trimStart()}`;
    }
  });
  return out.join("\n");
}
