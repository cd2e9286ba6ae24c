// The v0.2.12 sampler (PreservedRules of v0.2.12) against model_assignment.go@d8b8e907 run on random
// states: the Go outputs are kept in fixtures/go-v0212-episodes.json.gz (its notes say how they were made).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GoError, GoPanic } from "../../src/go/errors.js";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";
import { preservedRulesFor } from "../../src/preserved/preserved-rules.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState } from "../../src/preserved/state.js";

interface GoSnapshot {
  episodeAnchorHeight: bigint | number;
  modelPreservedNodes: { modelId: string; participants: { participantId: string; nodeIds: string[] | null }[] }[] | null;
}
const doc = parseJson(gunzipSync(readFileSync(join(import.meta.dirname, "fixtures", "go-v0212-episodes.json.gz"))).toString("utf8")) as unknown as {
  source: string;
  cases: { name: string; input: Json; output: { snapshot?: GoSnapshot; panic?: string; error?: string } }[];
};
const V12 = preservedRulesFor("v0.2.12");

const canonical = (s: GoSnapshot): string =>
  stringifyJson({
    episodeAnchorHeight: BigInt(s.episodeAnchorHeight),
    modelPreservedNodes: (s.modelPreservedNodes ?? []).map((m) => ({ modelId: m.modelId, participants: m.participants.map((p) => ({ participantId: p.participantId, nodeIds: p.nodeIds ?? [] })) })),
  });

describe(`v0.2.12 sampler vs Go (${doc.source.split(" ")[0]})`, () => {
  it(`matches Go on all ${doc.cases.length} kept random states (snapshots, panics and errors)`, () => {
    expect(doc.cases.length).toBeGreaterThan(300);
    let panics = 0;
    let nonEmpty = 0;
    for (const c of doc.cases) {
      const st = parsePreservedState(c.input, c.name, { lenient: true });
      let got: string;
      try {
        got = canonical(samplePreservedForEpisode(st, st.anchorHeight!, { explain: false, rules: V12 }).snapshot as GoSnapshot);
      } catch (e) {
        if (e instanceof GoPanic) got = "panic";
        else if (e instanceof GoError) got = "error";
        else throw e;
      }
      const want = c.output.snapshot ? canonical(c.output.snapshot) : c.output.panic !== undefined ? "panic" : "error";
      if (want === "panic") panics++;
      if (c.output.snapshot?.modelPreservedNodes?.length) nonEmpty++;
      expect(got, c.name).toBe(want);
    }
    expect(panics).toBeGreaterThan(0); // LegacyDec overflows, raised only for a participant the draw selects
    expect(nonEmpty).toBe(300);
  });
});
