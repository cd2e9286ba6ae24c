// CSV as RFC 4180 writes it (src/format/csv.ts), read back by an independent reader; GNK without grouping for files.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { csvField, csvText } from "../src/format/csv.js";
import { gnkDigits } from "../src/format/coins.js";
import { parseCsv } from "./helpers/csv.js";
import { propertyRuns } from "./helpers/property-runs.js";

describe("CSV", () => {
  it("quotes a field only when it must (comma, quote, line break), doubling a quote", () => {
    expect(csvField("gonka1abc")).toBe("gonka1abc");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("")).toBe("");
  });

  it("numbers stay as written; a text a spreadsheet would run as a formula gets a leading quote mark", () => {
    expect(csvField("-48065566550384")).toBe("-48065566550384");
    expect(csvField("-48065.566550384")).toBe("-48065.566550384");
    expect(csvField("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvField("+1 GNK")).toBe("'+1 GNK");
    expect(csvField("@sum")).toBe("'@sum");
    expect(csvField("-x")).toBe("'-x");
  });

  it("a control or bidi-override character from an input is written as its \\uXXXX escape", () => {
    expect(csvField("gonka1\u202Eevil")).toBe("gonka1\\u202Eevil");
    expect(csvField("cr\rhere")).toBe("cr\\u000Dhere");
  });

  it("a header row, CRLF after every record; a row of another width is a programming error", () => {
    expect(csvText(["a", "b"], [["1", "x,y"]])).toBe('a,b\r\n1,"x,y"\r\n');
    expect(csvText(["a"], [])).toBe("a\r\n");
    expect(() => csvText(["a", "b"], [["1"]])).toThrow(/row 0 has 1 fields, the header 2/);
  });

  it("any text reads back the same (safe characters), through an independent RFC 4180 reader", () => {
    const safe = fc.string({ unit: fc.constantFrom("a", "Z", "0", "9", ",", '"', "\n", " ", ".", "_", "é", "語") });
    fc.assert(
      fc.property(fc.array(fc.tuple(safe, safe, safe), { maxLength: 8 }), (rows) => {
        const back = parseCsv(csvText(["x", "y", "z"], rows));
        expect(back).toEqual([["x", "y", "z"], ...rows]);
      }),
      propertyRuns(200),
    );
  });

  it("GNK for a file: every ngonka digit, no thousands separator, ASCII minus", () => {
    expect(gnkDigits(48_065_566_550_384n, { group: false })).toBe("48065.566550384");
    expect(gnkDigits(-6_324_845_418_454n, { group: false })).toBe("-6324.845418454");
    expect(gnkDigits(0n, { group: false })).toBe("0.000000000");
    expect(gnkDigits(9_007_199_254_740_993_123n, { group: false })).toBe("9007199254.740993123");
  });
});
