import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { join } from "node:path";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe("CLI shell", () => {
  it("--help lists every command", async () => {
    const c = capture();
    expect(await main(["--help"], c.io)).toBe(0);
    expect(c.out.join("\n")).toMatch(/vectors/);
  });
  it("an unknown command is one line on stderr and exit 2", async () => {
    const c = capture();
    expect(await main(["frobnicate"], c.io)).toBe(2);
    expect(c.err).toEqual(["gonka-spec: unknown command 'frobnicate' (try gonka-spec --help)"]);
  });
  it("vectors check prints per-file lines and the totals last", async () => {
    const c = capture();
    const f = join(import.meta.dirname, "..", "vectors", "go", "go_math_rand.json.gz");
    expect(await main(["vectors", "check", f], c.io)).toBe(0);
    expect(c.out.at(-1)).toBe("160 passed, 0 failed");
    expect(c.out[0]).toMatch(/go_math_rand.json.gz: 160 passed, 0 failed$/);
  });
  it("vectors check fails on an unknown suite and a missing file", async () => {
    const c = capture();
    expect(await main(["vectors", "check", "/nonexistent/no_such_suite.json"], c.io)).toBe(1);
    expect(c.out.join("\n")).toMatch(/unknown suite 'no_such_suite'/);
    expect(c.out.at(-1)).toBe("0 passed, 0 failed");
  });
  it("bad flags are exit 2 with one line", async () => {
    const c = capture();
    expect(await main(["vectors", "check", "--bogus"], c.io)).toBe(2);
    expect(c.err).toHaveLength(1);
    expect(c.err[0]).toMatch(/^gonka-spec vectors: .*bogus/);
  });
});
