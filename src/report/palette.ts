/** The report's colours: A is blue, B is orange everywhere (charts, tables, legends). */
export const COLOR_A = "#3b6fb6";
export const COLOR_B = "#e07b1a";
export const COLOR_SAME = "#5b8c5a";
export const INK = "#1f2933";
export const MUTED = "#6b7785";
export const GRID = "#e3e7ec";

/** The colour of a curve or bar by its label ("A", "B", "A = B"). */
export function colorOf(label: string): string {
  return label === "A" ? COLOR_A : label === "B" ? COLOR_B : COLOR_SAME;
}
