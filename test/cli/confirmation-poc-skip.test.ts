// v0.2.16 (#1811): a confirmation PoC's caller leaves every host with a PoC challenge record of the epoch
// out of the sampled set, and nobody is preserved in its place. Read from a v0.2.16 fixture node during a
// running confirmation PoC whose stored PreservedNodesSnapshot is the chain's (the sampler's set, stripped):
// preserved, check and verify reproduce it and say which hosts were left out and why; older rules do not.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved, type FixtureChainState } from "../../src/testing/fixture-state.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { stripChallengeSkipFromPreserved } from "../../src/preserved/strip-challenge-skip-from-preserved.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { runCli as run } from "../helpers/cli.js";

const example = parseJson(readFileSync("examples/mainnet-like.snapshot.json", "utf8")) as { [k: string]: Json };
const state = parsePreservedState(example.preserved!, "preserved");
const N = state.epoch.index;
const S0 = 2_834_000n; // effective epoch N's PoC start
const T = S0 + 9_000n; // the confirmation PoC's trigger height: its episode anchor
const G = T + 20n; // its generation start, where the chain samples (and strips)

const sampled = samplePreservedForEpisode(state, T).snapshot;
const model = sampled.modelPreservedNodes[0]!;
const X = model.participants[0]!.participantId; // preserved by the sampler, challenged
const XNodes = sampled.modelPreservedNodes.flatMap((m) => m.participants.filter((p) => p.participantId === X).flatMap((p) => p.nodeIds));
const preservedHosts = new Set(sampled.modelPreservedNodes.flatMap((m) => m.participants.map((p) => p.participantId)));
const Y = [...state.rootGroup.liveMembers!].find((a) => !preservedHosts.has(a))!; // challenged, not drawn
const Z = model.participants[1]!.participantId; // preserved, not challenged
const chainSet = stripChallengeSkipFromPreserved(sampled, new Set([X, Y]));

/** The document validates against its schema (schemas/NAME.schema.json), here with a non-null confirmationPocSkip. */
function valid(name: string, doc: unknown): void {
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const f of readdirSync("schemas").filter((x) => x.endsWith(".schema.json"))) ajv.addSchema(JSON.parse(readFileSync(join("schemas", f), "utf8")));
  const v = ajv.getSchema(`https://gonka-spec.invalid/schemas/${name}.schema.json`)!;
  expect(v(doc), JSON.stringify(v.errors?.slice(0, 3))).toBe(true);
}

function duringConfirmationPoc(): FixtureChainState {
  const s = fixtureFromPreserved({ ...(example.preserved as { [k: string]: Json }), pocChallengeTargets: [X, Y] }, { pocStartBlockHeight: S0 });
  const event = { epochIndex: N, eventSequence: 1n, triggerHeight: T, generationStartHeight: G, phase: 2, pocSeedBlockHash: "" };
  s.activeEvent = event;
  s.cpocEvents = [event];
  s.preservedSnapshot = chainSet;
  return s;
}

describe("a confirmation PoC leaves the epoch's challenge targets out (v0.2.16, #1811)", () => {
  const node = new FixtureServer({ latestHeight: Number(G) + 5, stateAt: () => duringConfirmationPoc() });
  const file = join(mkdtempSync(join(tmpdir(), "gonka-cpoc-")), "cpoc.json");
  beforeAll(async () => {
    await node.start();
    const r = await run(["snapshot", "--rpc", node.url, "--chain-id", "any", "--height", String(G), "--out", file, "--json"]);
    expect(r.code, r.err).toBe(0);
  }, 60_000);
  afterAll(() => node.stop());

  it("preserved: the sampler's set less the targets is the chain's stored set; the hosts left out are named", async () => {
    expect(chainSet.modelPreservedNodes.some((m) => m.participants.some((p) => p.participantId === X))).toBe(false);
    const doc = JSON.parse((await run(["preserved", "--snapshot", file, "--json"])).out);
    expect(doc.anchor).toEqual({ height: String(T), source: "stored-snapshot" });
    expect(doc.chainStored.agreesWithPort).toBe(true);
    expect(doc.confirmationPocSkip.targets).toEqual([X, Y].sort());
    expect(doc.confirmationPocSkip.running).toBe(true);
    expect(doc.confirmationPocSkip.leftOut.flatMap((l: { participantId: string; nodeIds: string[] }) => (l.participantId === X ? l.nodeIds : []))).toEqual(XNodes);
    expect(doc.confirmationPocSkip.leftOut.every((l: { participantId: string }) => l.participantId === X)).toBe(true);
    const current = doc.rules[0].models.flatMap((m: { participants: { address: string }[] }) => m.participants.map((p) => p.address));
    expect(current).not.toContain(X);
    expect(current).toContain(Z);
    expect(doc.warnings).toEqual([]);
    valid("preserved", doc);
    const text = await run(["preserved", "--snapshot", file, "--list", "0"]);
    expect(text.out).toContain(`confirmation PoC triggered at block ${T.toLocaleString("en-US")}: 2 hosts have a PoC challenge record of epoch ${N}; their nodes all run PoC, none is preserved and nobody is preserved in their place (#1811, v0.2.16): left out: ${X} (`);
    expect(text.out).toContain("the chain's stored PreservedNodesSnapshot for this anchor holds the same");
  });

  it("check on a target: none of its nodes is preserved during the confirmation PoC, and why; on another host, that it is not one", async () => {
    const doc = JSON.parse((await run(["check", X, "--snapshot", file, "--anchors", "3", "--json"])).out);
    expect(doc.challengeTarget).toBe(true);
    expect(doc.preservedAtAnchor).toBe(false);
    expect(doc.preservedNodeCount).toBe(0);
    expect(doc.nodes.filter((n: { code: string }) => n.code === "challenge_target").map((n: { nodeId: string }) => n.nodeId).sort()).toEqual([...XNodes].sort());
    expect(doc.probability.preservedCount).toBe(0);
    expect(doc.chainStored.nodes).toEqual([]);
    expect(doc.chainStored.agreesWithPort).toBe(true);
    valid("check", doc);
    const text = await run(["check", X, "--snapshot", file, "--anchors", "3"]);
    expect(text.out).toContain("NOT preserved");
    expect(text.out).toContain(`a PoC challenge of epoch ${N} targets this host: during this confirmation PoC (triggered at block ${T.toLocaleString("en-US")}) none of its nodes is preserved`);
    expect(text.out).toMatch(/left out: drawn \(round \d+ of the fill\), but a PoC challenge of this epoch targets its host/);
    const other = JSON.parse((await run(["check", Z, "--snapshot", file, "--anchors", "3", "--json"])).out);
    expect(other.challengeTarget).toBe(false);
    expect(other.preservedAtAnchor).toBe(true);
    expect((await run(["check", Z, "--snapshot", file, "--anchors", "3"])).out).toContain("2 hosts have a PoC challenge record, none of whose nodes is preserved (#1811); this host is not one of them");
  });

  it("verify at the generation start agrees, naming the hosts left out", async () => {
    const r = await run(["verify", "--node", node.url, "--height", String(G), "--chain-id", "any", "--json"]);
    expect(r.code, r.out + r.err).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.episodeKind).toBe("confirmation-poc");
    expect(doc.agree).toBe(true);
    expect(doc.notes.some((n: string) => n.includes(`left out: ${X}`))).toBe(true);
    valid("verify", doc);
  });

  it("the demand proposal's set leaves the targets out too (the caller strips whatever was sampled)", async () => {
    const doc = JSON.parse((await run(["preserved", "--snapshot", file, "--rule", "both", "--demand", "examples/demand.json", "--json"])).out);
    const hosts = (rule: string) => doc.rules.find((r: { rule: string }) => r.rule === rule).models.flatMap((m: { participants: { address: string }[] }) => m.participants.map((p) => p.address));
    expect(hosts("demand").length).toBeGreaterThan(0);
    expect(hosts("demand")).not.toContain(X);
    expect(hosts("demand")).not.toContain(Y);
  });

  it("at a listed confirmation PoC that is not running, the records read later may include later challenges: said", async () => {
    const idle = new FixtureServer({
      latestHeight: Number(G) + 500,
      stateAt: () => {
        const s = duringConfirmationPoc();
        s.activeEvent = undefined;
        s.preservedSnapshot = undefined;
        return s;
      },
    });
    await idle.start();
    try {
      const r = await run(["preserved", "--rpc", idle.url, "--chain-id", "any", "--anchor", String(T), "--json"]);
      const doc = JSON.parse(r.out);
      expect(doc.confirmationPocSkip.running).toBe(false);
      expect(doc.confirmationPocSkip.leftOut.length).toBeGreaterThan(0);
      expect(doc.warnings).toEqual([
        `pocChallengeTargets: the PoC challenge records were read at height ${(G + 500n).toLocaleString("en-US")}, not while this confirmation PoC ran (generation from block ${G.toLocaleString("en-US")}): a challenge opened after it is left out as if it had been open then`,
      ]);
    } finally {
      await idle.stop();
    }
  });

  it("under v0.2.15 rules (no challenges) the port keeps the target and differs from the chain's set; a regular PoC's anchor strips nothing", async () => {
    const old = JSON.parse((await run(["preserved", "--snapshot", file, "--chain-version", "v0.2.15", "--json"])).out);
    expect(old.confirmationPocSkip).toBeNull();
    expect(old.chainStored.agreesWithPort).toBe(false);
    expect(old.chainStored.onlyPort.every((k: string) => k.split(" ")[1] === X)).toBe(true);
    const regular = JSON.parse((await run(["preserved", "--snapshot", file, "--anchor", String(S0 + 17_280n), "--json"])).out);
    expect(regular.confirmationPocSkip).toBeNull();
  });
});
