import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { parseScenario } from "../../src/gateway/scenario.js";
import { SCENARIO_DIR } from "../../src/gateway/scenario-source.js";
import { simulatePoc } from "../../src/gateway/simulate.js";

const base = parseJson(readFileSync(join(SCENARIO_DIR, "epoch-433.json"), "utf8")) as { [k: string]: Json };

/** Every path to a value inside the document, as key lists. */
function paths(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...prefix, i])));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  return out;
}

const allPaths = paths(base).filter((p) => p.length > 0);
const shown = (p: (string | number)[]) => p.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");

const anyJson: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }), fc.string({ maxLength: 8 }),
  fc.constant([] as Json), fc.constant({} as Json), fc.array(fc.integer(), { maxLength: 3 }),
);

describe("scenario validation never crashes", () => {
  it("replacing any field with any value gives a valid scenario or an InputError naming a field path in the file", () => {
    fc.assert(
      fc.property(fc.constantFrom(...allPaths), anyJson, (path, value) => {
        const doc = structuredClone(base) as Json;
        let o = doc as { [k: string]: Json };
        for (const k of path.slice(0, -1)) o = (o as unknown as Record<string | number, Json>)[k] as { [k: string]: Json };
        (o as unknown as Record<string | number, Json>)[path[path.length - 1]!] = value;
        try {
          const sc = parseScenario(doc, "f.json");
          if (sc.traffic.reduce((n, t) => n + t.count, 0) > 5_000) return; // valid, just too big to run here
          const r = simulatePoc(sc);
          expect(r.gateway.served + r.gateway.refused + r.gateway.failed).toBe(r.gateway.requests);
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          const msg = (e as InputError).message;
          // "f.json: <path>: <message>", the path naming a field of the format
          expect(msg, `${shown(path)} -> ${msg}`).toMatch(/^f\.json: [a-zA-Z]+(\[\d+\]|\.[a-zA-Z0-9-]+)*: \S/);
        }
      }),
      { numRuns: 400 },
    );
  });
});
