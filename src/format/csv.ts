/**
 * CSV for spreadsheets and scripts (RFC 4180): a header row, one record per line, lines ended by CRLF,
 * a field quoted when it holds a comma, a double quote, CR or LF (a quote inside doubled). Two things
 * more than the RFC, for text that came from an input: a control or bidi-override character is written
 * as its `\uXXXX` escape (as in every output of the project), and a text field a spreadsheet would run as
 * a formula (one starting with `=`, `+`, `-`, `@`, tab or CR that is not a number) gets a leading `'`.
 */
import { visibleText } from "../errors.js";

/** A number as the files write it: an integer, or a decimal with a point ("-12", "48065.566550384"). */
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it must be. */
export function csvField(value: string): string {
  let v = visibleText(value);
  if (FORMULA_START.test(v) && !NUMBER.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** The document: the header, then each row (as many fields as the header), every line ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  rows.forEach((r, i) => {
    if (r.length !== header.length) throw new Error(`CSV row ${i} has ${r.length} fields, the header ${header.length}`);
  });
  const lines = [header, ...rows].map((r) => r.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
