import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const BUNDLED = join(import.meta.dirname, "go");
const SHARED = join(import.meta.dirname, "..", "..", "..", "shared", "vectors");

const sums = new Map(
  readFileSync(join(BUNDLED, "SHA256SUMS"), "utf8")
    .trim()
    .split("\n")
    .map((l) => {
      const [sum, name] = l.split(/\s+/);
      return [name!, sum!] as const;
    }),
);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("bundled Go vectors", () => {
  it("every .json.gz decompresses to the bytes recorded in SHA256SUMS", () => {
    const gz = readdirSync(BUNDLED).filter((f) => f.endsWith(".json.gz"));
    expect(gz.length).toBeGreaterThan(30);
    for (const f of gz) {
      const name = f.slice(0, -3);
      expect(sums.get(name), `${name} listed in SHA256SUMS`).toBeDefined();
      expect(sha(gunzipSync(readFileSync(join(BUNDLED, f)))), name).toBe(sums.get(name));
    }
    expect(sha(readFileSync(join(BUNDLED, "README.md")))).toBe(sums.get("README.md"));
  });

  it.skipIf(!existsSync(SHARED))("are identical to ../shared/vectors (when that folder exists)", () => {
    const shared = readdirSync(SHARED).filter((f) => f.endsWith(".json") || f === "README.md").sort();
    const bundled = [...sums.keys()].sort();
    expect(bundled).toEqual(shared);
    for (const f of shared) expect(sha(readFileSync(join(SHARED, f))), f).toBe(sums.get(f));
  });
});
