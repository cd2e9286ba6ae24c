import { visibleText } from "../errors.js";

/** HTML escaping for text and attribute values (the report never inserts unescaped input). */
export function esc(s: string | number | bigint): string {
  // visibleText first: a bidi override or a control character from the input shows as its \uXXXX
  // escape (an HTML entity would still reorder or hide the text around it)
  return visibleText(String(s)).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** A number for SVG geometry: fixed to 1 decimal so the output is stable across platforms. */
export function px(x: number): string {
  return (Math.round(x * 10) / 10).toString();
}
