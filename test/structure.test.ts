// The map docs/architecture.md draws, held: imports only downward (no circle, nothing outside src/cli
// imports src/cli) and no hand-written source file over 450 lines.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const SRC = join(ROOT, "src");
/** Generated decoders (npm run gen:proto) are not hand-written. */
const GENERATED = join("src", "chain", "gen");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** file (relative to the root) → the project files it imports (static and type imports, re-exports, dynamic imports). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    const deps: string[] = [];
    for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)["'](\.[^"']+)["']/g)) {
      deps.push(relative(ROOT, normalize(join(dirname(f), m[1]!))).replace(/\.js$/, ".ts"));
    }
    g.set(relative(ROOT, f), deps);
  }
  return g;
}

/** The strongly connected components of more than one file (Tarjan), or a file importing itself. */
export function importCircles(g: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const ix = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    ix.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!ix.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, ix.get(w)!));
    }
    if (low.get(v) === ix.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1 || (g.get(v) ?? []).includes(v)) out.push(c.sort());
    }
  };
  for (const v of g.keys()) if (!ix.has(v)) visit(v);
  return out;
}

describe("structure", () => {
  const files = sources(SRC);
  const graph = importGraph(files);

  it("the circle finder finds a circle of two and of one, and none in a chain", () => {
    expect(importCircles(new Map([["a", ["b"]], ["b", ["a"]], ["c", ["a"]]]))).toEqual([["a", "b"]]);
    expect(importCircles(new Map([["a", ["a"]]]))).toEqual([["a"]]);
    expect(importCircles(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
  });

  it("reads the imports of the whole tree (a known edge is seen)", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get(join("src", "preserved", "epoch-ml-node-data.ts"))).toContain(join("src", "go", "sha256.ts"));
  });

  it("no import circle in src/", () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it("nothing outside src/cli/ imports src/cli/", () => {
    const cli = join("src", "cli") + "/";
    const bad = [...graph].filter(([f, deps]) => !f.startsWith(cli) && deps.some((d) => d.startsWith(cli))).map(([f]) => f);
    expect(bad).toEqual([]);
  });

  it("no hand-written file in src/ is over 450 lines", () => {
    const long = files
      .filter((f) => !relative(ROOT, f).startsWith(GENERATED))
      .map((f) => ({ f: relative(ROOT, f), lines: readFileSync(f, "utf8").split("\n").length - 1 }))
      .filter((x) => x.lines > 450);
    expect(long).toEqual([]);
  });
});
