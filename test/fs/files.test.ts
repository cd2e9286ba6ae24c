/** Input files: plain or gzip (by magic bytes), bounded, and every failure one InputError naming the file. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { readTextFile } from "../../src/fs/files.js";

const dir = mkdtempSync(join(tmpdir(), "gonka-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function failure(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

describe("readTextFile", () => {
  it("reads plain text and gzip alike, whatever the name says", () => {
    const plain = join(dir, "a.json");
    const packed = join(dir, "b.json");
    writeFileSync(plain, '{"x": 1}');
    writeFileSync(packed, gzipSync('{"x": 2}'));
    expect(readTextFile(plain)).toBe('{"x": 1}');
    expect(readTextFile(packed)).toBe('{"x": 2}');
  });

  it("a truncated gzip file or one that inflates past the limit is one clear error naming the file", () => {
    const bad = join(dir, "c.json.gz");
    writeFileSync(bad, gzipSync("x".repeat(1000)).subarray(0, 12));
    expect(failure(() => readTextFile(bad)).message).toMatch(/c\.json\.gz: is not a readable gzip file/);
    const bomb = join(dir, "d.json.gz");
    writeFileSync(bomb, gzipSync("0".repeat(100_000)));
    expect(failure(() => readTextFile(bomb, 1000)).message).toMatch(/d\.json\.gz: decompresses to more than the limit of 1000 bytes/);
  });
});
