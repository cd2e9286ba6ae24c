/**
 * The carried GRC3 archive data (test/realdata/grc3/README.md): its integrity, and what the port makes of
 * it: epochs 276 and 277, settled under v0.2.13 after the upgrade at block 4,267,300, paid to the coin;
 * 278-282, whose MiniMax answers the archive lacks, refused until the user accepts a named assumption; the
 * two preserved snapshots the chain stored around that upgrade, refused for the epoch-275 summaries they lack.
 */
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR } from "./load.js";

const G = join(REALDATA_DIR, "grc3");
const sha = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
const sums = new Map(readFileSync(join(G, "SHA256SUMS"), "utf8").trim().split("\n").map((l) => l.split(/\s+/)).map(([h, f]) => [f!, h!] as const));
const provenance = readFileSync(join(G, "PROVENANCE.csv"), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
const settled = (e: number): string => join(G, "settled", `epoch_${e}`);

describe("carried GRC3 data", () => {
  it("carries exactly 64 answers (7 settled epochs: 48; 2 preserved snapshots: 16), each with its sha256, 57 of them confirmed by the sha256 in the archive's own manifest", () => {
    const under = (top: string): string[] => readdirSync(join(G, top)).flatMap((d) => readdirSync(join(G, top, d)).map((f) => `${top}/${d}/${f}`));
    const files = [...under("settled"), ...under("preserved")].sort();
    expect(under("settled")).toHaveLength(48);
    expect(under("preserved")).toHaveLength(16);
    expect([...sums.keys()].sort()).toEqual(files);
    for (const f of files) expect(sha(readFileSync(join(G, f))), f).toBe(sums.get(f));
    expect(provenance.map((r) => r[0]).sort()).toEqual(files);
    for (const r of provenance) expect(r[4], r[0]).toBe(sums.get(r[0]!));
    expect(provenance.filter((r) => r[5] === "listed")).toHaveLength(56);
    expect(provenance.filter((r) => r[5] === "sha listed under another path")).toHaveLength(1);
  });
});

async function settle(...argv: string[]) {
  const r = await runCli(["settle", ...argv, "--json"]);
  return { code: r.code, err: r.err, doc: r.out === "" ? null : JSON.parse(r.out) };
}

describe("settlement of the first epochs after v0.2.13, against what the chain paid", () => {
  it("epoch 276 (the upgrade's epoch): v0.2.13 by the table, the grace epoch its handler wrote derived, all 54 paid exactly", async () => {
    const r = await settle("--rest-dump", settled(276));
    expect(r.code, r.err).toBe(0);
    expect(r.doc.chainVersion).toMatchObject({ version: "v0.2.13", source: "table" });
    expect(r.doc.p0).toBe("0.5");
    expect(r.doc.assumptions.some((a: { assumption: string }) => /p0 0\.5 \(window 10000\).*upgrade block 4,267,300 lies in this epoch/.test(a.assumption))).toBe(true);
    expect(r.doc.chainRecorded).toEqual({ matches: 54, differs: [] });
  });

  it("epoch 277: refused while the MiniMax answer is missing; with the model taken as empty, all 56 paid exactly", async () => {
    const refused = await settle("--rest-dump", settled(277));
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/lists model MiniMaxAI\/MiniMax-M2\.7 but no per-model epoch group data of epoch 277 .*--missing-subgroups empty/);
    const r = await settle("--rest-dump", settled(277), "--missing-subgroups", "empty");
    expect(r.code, r.err).toBe(0);
    expect(r.doc.chainVersion).toMatchObject({ version: "v0.2.13" });
    expect(r.doc.chainRecorded).toEqual({ matches: 56, differs: [] });
    const gap = r.doc.assumptions.find((a: { flag?: string }) => a.flag === "--missing-subgroups empty");
    expect(gap.rowsAffected).toBeGreaterThan(0);
  });

  it("epochs 278-282: with MiniMax active, the assumption changes rows, within the rows it names", async () => {
    const differing: number[] = [];
    for (const e of [278, 279, 280, 281, 282]) {
      const r = await settle("--rest-dump", settled(e), "--missing-subgroups", "empty");
      expect(r.code, `epoch ${e}`).toBe(1);
      const gap = r.doc.assumptions.find((a: { flag?: string }) => a.flag === "--missing-subgroups empty");
      expect(r.doc.chainRecorded.differs.length).toBeLessThanOrEqual(gap.rowsAffected);
      differing.push(r.doc.chainRecorded.differs.length);
    }
    expect(differing).toEqual([5, 13, 16, 13, 21]);
  });
});

async function verify(...argv: string[]) {
  const r = await runCli(["verify", ...argv, "--json"]);
  return { code: r.code, err: r.err, doc: r.out === "" ? null : JSON.parse(r.out) };
}
const preserved = (anchor: number): string => join(G, "preserved", `anchor_${anchor}`);

describe("the preserved snapshots stored around the v0.2.13 upgrade (anchors 4,265,965 and 4,267,778)", () => {
  it("are refused as they are: the archive holds no epoch-275 performance summaries, which the sampler reads", async () => {
    for (const anchor of [4265965, 4267778]) {
      const r = await runCli(["verify", "--rest-dump", preserved(anchor)]);
      expect(r.code, r.err).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(/no epoch performance summaries of epoch 275 .*--missing-summaries rewarded/);
    }
  });

  it("under the named assumption 'all rewarded', each is judged by the version in force at its own anchor, and differs", async () => {
    const seen = [];
    for (const anchor of [4265965, 4267778]) {
      const r = await verify("--rest-dump", preserved(anchor), "--missing-summaries", "rewarded", "--epoch", "276");
      expect(r.code, r.err).toBe(1);
      expect(r.doc.episodeAnchorHeight).toBe(String(anchor));
      const { chainNodes, portNodes, matchingNodes, onlyOnChainNodes, onlyInPortNodes } = r.doc;
      expect(matchingNodes + onlyOnChainNodes).toBe(chainNodes);
      expect(matchingNodes + onlyInPortNodes).toBe(portNodes);
      seen.push([r.doc.chainVersion.version, chainNodes, matchingNodes, onlyOnChainNodes, onlyInPortNodes]);
    }
    // v0.2.12 before the upgrade block 4,267,300, v0.2.13 after it; the counts pin today's answer under the assumption
    expect(seen).toEqual([
      ["v0.2.12", 29, 16, 13, 7],
      ["v0.2.13", 29, 12, 17, 19],
    ]);
  });

  it("with epoch 275's real rewarded coins (votkon archive) at 4,267,778: still differs, so the history was not the only missing input", async () => {
    const V = join(import.meta.dirname, "votkon-e275");
    const text = readFileSync(join(V, "epoch275_performance.json"));
    expect(createHash("sha256").update(text).digest("hex")).toBe(readFileSync(join(V, "SHA256SUMS"), "utf8").split(/\s+/)[0]);
    const rows = JSON.parse(text.toString("utf8")) as { participant_id: string; rewarded_coins: string }[];
    expect(rows).toHaveLength(55);
    expect(rows.filter((r) => r.rewarded_coins === "0")).toHaveLength(7);
    // the archive's rows written as the REST answer of epoch 275's summaries, beside GRC3's answers of the anchor
    const dir = mkdtempSync(join(tmpdir(), "grc3-e275-"));
    for (const f of readdirSync(preserved(4267778))) copyFileSync(join(preserved(4267778), f), join(dir, f));
    writeFileSync(join(dir, "epoch_performance_summary_275.json"), JSON.stringify({ epochPerformanceSummary: rows.map((r) => ({ epoch_index: "275", participant_id: r.participant_id, rewarded_coins: r.rewarded_coins })) }));
    const counts = async (...extra: string[]) => {
      const r = await verify("--rest-dump", dir, "--epoch", "276", ...extra);
      expect(r.code, r.err).toBe(1);
      return [r.doc.chainVersion.version, r.doc.chainNodes, r.doc.matchingNodes, r.doc.onlyOnChainNodes, r.doc.onlyInPortNodes];
    };
    expect(await counts()).toEqual(["v0.2.13", 29, 12, 17, 17]);
    expect(await counts("--live-members", "not-excluded")).toEqual(["v0.2.13", 29, 18, 11, 7]);
  });
});
