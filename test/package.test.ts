// The published package carries what it points to, depends on what it uses, and exports no test helper.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  license: string;
  files: string[];
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) ? [join(dir, e.name)] : []));
}
const SRC = sources(join(ROOT, "src")).map((f) => readFileSync(f, "utf8")).join("\n");

describe("package", () => {
  it("ships the schemas the --help texts name and a LICENSE of the chain's licence family (Apache-2.0)", async () => {
    expect(pkg.files).toContain("schemas");
    expect(pkg.files).toContain("LICENSE");
    expect(pkg.license).toBe("Apache-2.0");
    expect(readFileSync(join(ROOT, "LICENSE"), "utf8")).toContain("Apache License\n                           Version 2.0, January 2004");
    const { COMMANDS } = await import("../src/cli/commands/index.js");
    const named = new Set<string>();
    for (const c of COMMANDS) for (const m of (await c.load()).usage.matchAll(/schemas\/[a-z-]+\.schema\.json/g)) named.add(m[0]);
    expect(named.size).toBeGreaterThanOrEqual(4);
    for (const f of named) expect(existsSync(join(ROOT, f)), f).toBe(true);
  });

  it("every runtime dependency is imported by src/, and a test-only one is a devDependency", () => {
    for (const d of Object.keys(pkg.dependencies)) {
      expect(SRC.includes(`from "${d}`) || SRC.includes(`import("${d}`), d).toBe(true);
    }
    // decimal.js checks the decimal module in tests; @cosmjs/stargate's codecs cross-check the gov wire (test/gov):
    // the chain client reads through its own height-pinned wire, not stargate's QueryClient
    for (const d of ["decimal.js", "@cosmjs/stargate"]) {
      expect(pkg.dependencies[d], d).toBeUndefined();
      expect(pkg.devDependencies[d], d).toBeDefined();
    }
  });

  it("the public API holds no test helper (the test node is gonka-spec/testing)", async () => {
    const api = await import("../src/index.js");
    for (const name of ["FixtureServer", "fixtureFromPreserved", "startFixtureServer"]) expect(name in api, name).toBe(false);
    const testing = await import("../src/testing/index.js");
    expect("FixtureServer" in testing).toBe(true);
  });

  it("the launcher starts node with the young-generation flag; the library sets no process flag", () => {
    const bin = readFileSync(join(ROOT, "bin", "gonka-spec.js"), "utf8");
    expect(bin.split("\n")[0]).toBe("#!/usr/bin/env -S node --max-semi-space-size=64");
    expect(SRC).not.toMatch(/setFlagsFromString|max-semi-space-size|process\.execArgv\.push/);
  });
});
