/** An RFC 4180 reader for the tests (independent of src/format/csv.ts): records of fields, quotes undone. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
      continue;
    }
    if (c === '"') {
      if (field !== "") throw new Error(`a quote inside an unquoted field at offset ${i}`);
      quoted = true;
      i++;
    } else if (c === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else if (c === "\n" || c === "\r") {
      throw new Error(`a bare line break at offset ${i} (RFC 4180 ends every record with CRLF)`);
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error("an unterminated quoted field");
  if (field !== "" || record.length > 0) throw new Error("the last record is not ended by CRLF");
  return records;
}

/** The records as objects keyed by the header row. */
export function csvObjects(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...rest] = parseCsv(text);
  if (header === undefined) throw new Error("no header row");
  for (const [i, r] of rest.entries()) if (r.length !== header.length) throw new Error(`record ${i + 1} has ${r.length} fields, the header ${header.length}`);
  return { header, rows: rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]!]))) };
}
