// Issue 15: the reads settlement and chain versions need, from a fixture node that answers as a node of
// that version would, checked against real mainnet REST JSON (test/realdata, else ../shared/realdata).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { versionFromAppliedPlans } from "../../src/chain/applied-plan.js";
import { endOfPoCValidation, setNewValidators } from "../../src/chain/epoch-stages.js";
import { snapshotFromRpc } from "../../src/chain/index.js";
import { appliedPlansUpTo, fixtureFromPreserved, type FixtureChainState } from "../../src/testing/fixture-state.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { examplePreserved, fixtureNodes } from "./helpers.js";

const serve = fixtureNodes();
const REAL = ["test/realdata", "../shared/realdata"].find((d) => existsSync(join(d, "rest/epoch_249/params.json")));

type O = { [k: string]: Json };
function realJson(rel: string): O {
  const f = join(REAL!, rel);
  const text = existsSync(f) ? readFileSync(f, "utf8") : gunzipSync(readFileSync(`${f}.gz`)).toString("utf8");
  return parseJson(text) as O;
}
const big = (v: Json | undefined) => BigInt(v as string);

function stateAt(version: ChainVersion): FixtureChainState {
  const s = fixtureFromPreserved(examplePreserved);
  s.chainVersion = version;
  s.appliedPlans = appliedPlansUpTo(version);
  return s;
}

describe("settlement height (EndBlock of S settles epoch E)", () => {
  it("S = poc_start(E+1) + stage + delay + validation; the epoch flips set_new_validators_delay later", () => {
    const ep = { pocStageDuration: 35n, pocValidationDelay: 5n, pocValidationDuration: 240n, setNewValidatorsDelay: 120n };
    expect(endOfPoCValidation(3843714n, ep)).toBe(3843714n + 280n);
    expect(setNewValidators(3843714n, ep)).toBe(3843714n + 400n);
  });

  it.skipIf(!REAL)("real epochs 247-249: effective_block_height is poc_start + 400 = SetNewValidators with the real epoch params", () => {
    const p = realJson("rest/epoch_249/params.json").params as O;
    const e = p.epoch_params as O;
    const ep = { pocStageDuration: big(e.poc_stage_duration), pocValidationDelay: big(e.poc_validation_delay), pocValidationDuration: big(e.poc_validation_duration), setNewValidatorsDelay: big(e.set_new_validators_delay) };
    for (const n of [247, 248, 249]) {
      const g = realJson(`rest/epoch_${n}/epoch_group_data_${n}.json`).epoch_group_data as O;
      const start = big(g.poc_start_block_height);
      expect(big(g.effective_block_height) - start).toBe(400n);
      expect(setNewValidators(start, ep)).toBe(big(g.effective_block_height));
      // settlement of epoch n-1 ran 120 blocks before the flip
      expect(endOfPoCValidation(start, ep)).toBe(big(g.effective_block_height) - 120n);
    }
  });

  it("the snapshot records S and the flip height for the settled epoch", async () => {
    const s = await serve({ latestHeight: 5000, stateAt: () => stateAt("v0.2.14") });
    const snap = await snapshotFromRpc(s.url, { height: 5000 });
    const c = snap.chain as { settlementHeight: bigint; setNewValidatorsHeight: bigint };
    // fixture params: stage 100, delay 5, validation 50, set_new_validators_delay 10; poc_start(N) 1000
    expect(c.settlementHeight).toBe(1155n);
    expect(c.setNewValidatorsHeight).toBe(1165n);
  });
});

describe("chain version from the upgrade module", () => {
  it("the newest plan applied at or below the height is in force", () => {
    const m = new Map([
      ["v0.2.11", 3_000_000n],
      ["v0.2.12", 3_900_000n],
      ["v0.2.13", 4_267_300n],
    ]);
    expect(versionFromAppliedPlans(m, 4_089_970n).version).toBe("v0.2.12");
    expect(versionFromAppliedPlans(m, 4_267_300n).version).toBe("v0.2.13");
    expect(versionFromAppliedPlans(m, 4_267_299n).upgrades.map((u) => u.name)).toEqual(["v0.2.11", "v0.2.12"]);
    expect(versionFromAppliedPlans(new Map([["v0.2.9", 5n]]), 10n)).toMatchObject({ version: "v0.2.9", plan: "v0.2.9" });
    expect(versionFromAppliedPlans(new Map([["v0.2.7", 5n]]), 10n)).toMatchObject({ version: null, plan: "v0.2.7" });
    expect(versionFromAppliedPlans(new Map(), 10n).detail).toMatch(/no known upgrade plan/);
  });

  it("a snapshot records the version the node reports, with each applied plan's height", async () => {
    const st = stateAt("v0.2.12");
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 5000 });
    const v = snap.chainVersion as { version: string; source: string; upgrades: { name: string; height: bigint }[]; detail: string };
    expect(v.version).toBe("v0.2.12");
    expect(v.source).toBe("node");
    expect(v.upgrades.at(-1)).toEqual({ name: "v0.2.12", height: 110n });
    expect(v.detail).toMatch(/upgrade plan "v0.2.12" applied at block 110/);
    expect(s.asked.filter((q) => q.path === "/cosmos.upgrade.v1beta1.Query/AppliedPlan").every((q) => q.height === 5000)).toBe(true);
    // below a plan's height the node does not know it yet
    const before = await snapshotFromRpc(s.url, { height: 105 }).catch(() => undefined);
    if (before) expect((before.chainVersion as { version: string }).version).toBe("v0.2.11");
  });
});

describe("fields a version does not have are null, not 0", () => {
  it.skipIf(!REAL)("v0.2.12 (the real params and root group JSON of that era lack them too)", async () => {
    const params = realJson("rest/epoch_249/params.json").params as O;
    const realDevshard = params.devshard_escrow_params as O;
    for (const k of ["max_nonce", "refusal_timeout", "execution_timeout", "validation_rate", "vote_threshold_factor"]) expect(realDevshard[k]).toBeUndefined();
    expect((realJson("rest/epoch_249/epoch_group_data_249.json").epoch_group_data as O).confirmation_weight_scales).toBeUndefined();

    const st = stateAt("v0.2.12");
    st.params!.devshardEscrowParams = { ...st.params!.devshardEscrowParams!, maxNonce: 7, refusalTimeout: 30n, executionTimeout: 600n, validationRate: 5000, voteThresholdFactor: 50 };
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 5000 });
    const c = snap.chain as { params: { devshardEscrowParams: O }; rootGroup: O; settlementEpochGroup: O };
    expect(c.params.devshardEscrowParams).toMatchObject({ groupSize: 16, maxNonce: null, refusalTimeout: null, executionTimeout: null, validationRate: null, voteThresholdFactor: null });
    expect(c.rootGroup.confirmationWeightScales).toBeNull();
    expect(c.settlementEpochGroup.confirmationWeightScales).toBeNull();
  });

  it("v0.2.13 has max_nonce and the scales (empty means skip the rescale), not fields 14-17; v0.2.14 has all", async () => {
    const mk = (v: ChainVersion) => {
      const st = stateAt(v);
      st.params!.devshardEscrowParams = { ...st.params!.devshardEscrowParams!, maxNonce: 7, refusalTimeout: 30n };
      return st;
    };
    const s13 = await serve({ latestHeight: 5000, stateAt: () => mk("v0.2.13") });
    const c13 = (await snapshotFromRpc(s13.url, { height: 5000 })).chain as { params: { devshardEscrowParams: O }; rootGroup: O; settlementEpochGroup: O };
    expect(c13.params.devshardEscrowParams).toMatchObject({ maxNonce: 7, refusalTimeout: null });
    expect(c13.rootGroup.confirmationWeightScales).toEqual([]);
    expect((c13.settlementEpochGroup.confirmationWeightScales as O[]).length).toBeGreaterThan(0);
    const s14 = await serve({ latestHeight: 5000, stateAt: () => mk("v0.2.14") });
    const c14 = (await snapshotFromRpc(s14.url, { height: 5000 })).chain as { params: { devshardEscrowParams: O } };
    expect(c14.params.devshardEscrowParams).toMatchObject({ maxNonce: 7, refusalTimeout: 30n });
  });
});

describe("poc_params, confirmation weights, participants, supply cap", () => {
  it.skipIf(!REAL)("poc_params.models[].weight_scale_factor is exact above 2^53 (real mainnet params)", async () => {
    const real = ((realJson("rest/epoch_249/params.json").params as O).poc_params as O).models as O[];
    const st = stateAt("v0.2.12");
    st.params!.pocParams = {
      weightScaleFactor: undefined,
      pocV2Enabled: true,
      confirmationPocV2Enabled: true,
      validationSlots: 0,
      models: real.map((m) => ({
        modelId: String(m.model_id),
        seqLen: big(m.seq_len),
        statTest: undefined,
        weightScaleFactor: { value: big((m.weight_scale_factor as O).value), exponent: Number((m.weight_scale_factor as O).exponent) },
        penaltyStartEpoch: big(m.penalty_start_epoch),
        dynamicCoefficient: undefined,
      })),
      dynamicCoefficientParams: undefined,
    };
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 5000 });
    const models = (snap.chain as { params: { pocParams: { models: { modelId: string; weightScaleFactor: { value: bigint; exponent: number } }[] } } }).params.pocParams.models;
    expect(models.map((m) => m.modelId)).toEqual(["Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", "moonshotai/Kimi-K2.6"]);
    expect(models[1]!.weightScaleFactor).toEqual({ value: 12620856201975851n, exponent: -16 });
    expect(models[1]!.weightScaleFactor.value > 2n ** 53n).toBe(true);
  });

  it.skipIf(!REAL)("the settled epoch's root group keeps weight and confirmation_weight per member (real epoch 249)", async () => {
    const real = realJson("rest/epoch_249/epoch_group_data_249.json").epoch_group_data as O;
    const st = stateAt("v0.2.12");
    const N = st.effectiveEpoch!;
    const prevRoot = st.groups.find((g) => g.epochIndex === N - 1n && g.modelId === "")!;
    prevRoot.validationWeights = (real.validation_weights as O[]).map((w) => ({
      memberAddress: String(w.member_address),
      weight: big(w.weight),
      reputation: Number(w.reputation),
      mlNodes: [],
      confirmationWeight: big(w.confirmation_weight),
      votingPower: big(w.voting_power),
    }));
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 5000 });
    const got = (snap.chain as { settlementEpochGroup: { validationWeights: { memberAddress: string; weight: bigint; confirmationWeight: bigint }[] } }).settlementEpochGroup.validationWeights;
    expect(got.map((w) => [w.memberAddress, w.weight, w.confirmationWeight])).toEqual((real.validation_weights as O[]).map((w) => [w.member_address, big(w.weight), big(w.confirmation_weight)]));
    expect(got.some((w) => w.confirmationWeight === 0n) && got.some((w) => w.confirmationWeight > 0n)).toBe(true);
  });

  it("status and coin_balance of every participant of the settled epoch, TokenomicsData and GenesisOnlyParams, all at H", async () => {
    const st = stateAt("v0.2.14");
    const s = await serve({ latestHeight: 1100, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 1100 });
    const c = snap.chain as {
      settlementParticipants: { address: string; found: boolean; status: string; coinBalance: bigint }[];
      tokenomicsData: O;
      genesisOnlyParams: O;
      warnings: string[];
    };
    const want = st.participants;
    expect(c.settlementParticipants.length).toBe(want.length);
    expect(c.settlementParticipants.map((p) => [p.address, p.status, p.coinBalance])).toEqual(want.map((p) => [p.index, p.status === 1 ? "ACTIVE" : "INACTIVE", p.coinBalance]));
    expect(c.settlementParticipants.some((p) => p.coinBalance < 0n)).toBe(true);
    expect(c.tokenomicsData.totalSubsidies).toBe(123456789012345678n);
    expect(c.genesisOnlyParams).toMatchObject({ standardRewardAmount: 680000000000000000n, supplyDenom: "ngonka" });
    expect(new Set(s.heightsAsked())).toEqual(new Set([1100]));
    // before S (1155): no warning about reset balances; after it, a warning naming S-1
    expect(c.warnings.join("\n")).not.toMatch(/reset its participants' coin balances/);
    const after = await snapshotFromRpc((await serve({ latestHeight: 1200, stateAt: () => st })).url, { height: 1200 });
    expect((after.chain as { warnings: string[] }).warnings.join("\n")).toMatch(/settled at block 1155 <= height 1200: settlement reset .*\(pin --height 1154 for that\)/);
  });

  it("a participant the node does not know is recorded as not found", async () => {
    const st = stateAt("v0.2.14");
    const gone = st.participants.shift()!;
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 5000 });
    const ps = (snap.chain as { settlementParticipants: { address: string; found: boolean }[] }).settlementParticipants;
    expect(ps.find((p) => p.address === gone.index)).toEqual({ address: gone.index, found: false });
  });
});

describe("snapshot schema", () => {
  it.skipIf(!REAL)("version 1 files (the real preserved snapshot at 4,089,970) keep loading unchanged", () => {
    const gz = "test/realdata/preserved/snapshot-4089970.json.gz";
    let f = join(REAL!, "preserved/snapshot-4089970.json");
    if (!existsSync(f)) {
      f = join(mkdtempSync(join(tmpdir(), "gonka-v1-")), "snapshot-4089970.json");
      writeFileSync(f, gunzipSync(readFileSync(gz)));
    }
    const snap = loadSnapshot(f);
    expect(snap.version).toBe(1);
    expect(snap.height).toBe("4089970");
    expect(snap.chainVersion).toBeUndefined();
  });

  it("files written now are version 2", async () => {
    const s = await serve({ latestHeight: 5000, stateAt: () => stateAt("v0.2.14") });
    expect((await snapshotFromRpc(s.url, { height: 5000 })).version).toBe(2);
  });
});

describe("the settlement slice from a node (settle --node)", () => {
  it("parses as the reward distribution's input, with every approximation of the height named", async () => {
    const { parseSettlementInput } = await import("../../src/settlement/settlement-input.js");
    const st = stateAt("v0.2.14");
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const at = async (h: number) => parseSettlementInput((await snapshotFromRpc(s.url, { height: h })).settlement!, "settlement");
    const pre = await at(1154); // S - 1: the balances settlement paid
    expect(pre.settlementHeight).toBe(1155n);
    expect(pre.input.participants.map((p) => [p.address, p.status, p.coinBalance])).toEqual(st.participants.map((p) => [p.index, p.status === 1 ? "ACTIVE" : "INACTIVE", p.coinBalance]));
    expect(pre.input.pocModelScales[1]!.weightScaleFactor).toEqual({ value: 12620856201975851n, exponent: -16 });
    expect(pre.input.confirmationWeightScales.length).toBeGreaterThan(0);
    expect(pre.input.validationWeights.some((w) => w.confirmationWeight === 0n)).toBe(true);
    expect(pre.input.subgroups.length).toBe(st.groups.filter((g) => g.epochIndex === st.effectiveEpoch! - 1n && g.modelId !== "").length);
    expect(pre.input.settleParameters).toEqual({ totalSubsidyPaid: 123456789012345678n, totalSubsidySupply: 680000000000000000n });
    expect(pre.input.collateralGracePeriodEndEpoch).toBe(180n);
    expect(pre.assumptions).toEqual([]); // at S-1 nothing is approximated (no delegation snapshot stored: none, as Go reads it)
    const post = await at(1200);
    expect(post.assumptions.map((a) => a.input)).toEqual(["participants[].coinBalance", "params", "reward.delegationRewardTransfers"]);
  });

  it("v0.2.12: no confirmation weight scales in the slice (the field does not exist), the PoC model scales are there", async () => {
    const { parseSettlementInput } = await import("../../src/settlement/settlement-input.js");
    const s = await serve({ latestHeight: 5000, stateAt: () => stateAt("v0.2.12") });
    const p = parseSettlementInput((await snapshotFromRpc(s.url, { height: 1154 })).settlement!, "settlement");
    expect(p.input.confirmationWeightScales).toEqual([]);
    expect(p.input.pocModelScales.length).toBeGreaterThan(0);
    expect(p.assumptions).toEqual([]);
  });

  it("settle --node runs on the node's version and compares with what the chain recorded", { timeout: 20_000 }, async () => {
    const { run } = await import("./helpers.js");
    const s = await serve({ latestHeight: 5000, stateAt: () => stateAt("v0.2.13") });
    const r = await run(["settle", "--node", s.url, "--height", "1154", "--json"]);
    const doc = JSON.parse(r.out) as {
      chainVersion: { version: string; source: string; basis: string };
      participants: { address: string }[];
      chainRecorded: { matches: number; differs: { address: string; recordedRewardCoins: string }[] };
    };
    // The fixture node's recorded summaries are not a settlement of its state: the comparison fails (exit 1).
    expect(r.code).toBe(1);
    expect(doc.chainVersion).toMatchObject({ version: "v0.2.13", source: "node", basis: "applied-plans" });
    expect(doc.chainRecorded.matches + doc.chainRecorded.differs.length).toBe(doc.participants.length);
    expect(doc.chainRecorded.differs.length).toBeGreaterThan(0);
    expect(doc.chainRecorded.differs[0]).toMatchObject({ address: "gonka1fn77c03cddly25s0uunsz9lgqqhpxnq2a7qkrf", recordedRewardCoins: "350616628352" });
  });
});

describe("the epoch just settled, before it stops being effective", () => {
  it("--epoch N between S and the flip: S from EpochGroupData(N+1); a flip height that disagrees with S is a warning", async () => {
    const st = stateAt("v0.2.14");
    const N = st.effectiveEpoch!;
    st.groups.push({ epochIndex: N + 1n, modelId: "", epochGroupId: 99n, pocStartBlockHeight: 1000n + 17280n, subGroupModels: [], validationWeights: [] });
    const root = st.groups.find((g) => g.epochIndex === N && g.modelId === "")!;
    root.effectiveBlockHeight = 1165n; // S(N-1) + set_new_validators_delay: consistent
    const s = await serve({ latestHeight: 20_000, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 18_440, epoch: N });
    const c = snap.chain as { settlementHeight: bigint; setNewValidatorsHeight: bigint; warnings: string[] };
    expect(c.settlementHeight).toBe(18_280n + 155n);
    expect(c.setNewValidatorsHeight).toBe(18_280n + 165n);
    const d = await snapshotFromRpc(s.url, { height: 18_440 });
    expect((d.chain as { warnings: string[] }).warnings.join("\n")).not.toMatch(/became effective/);
    const st2 = stateAt("v0.2.14");
    st2.groups.find((g) => g.epochIndex === N && g.modelId === "")!.effectiveBlockHeight = 1200n;
    const s2 = await serve({ latestHeight: 20_000, stateAt: () => st2 });
    const w = ((await snapshotFromRpc(s2.url, { height: 5000 })).chain as { warnings: string[] }).warnings.join("\n");
    expect(w).toMatch(/epoch 142 became effective at block 1200, not at S \+ set_new_validators_delay = 1165/);
  });
});

describe("v0.2.14 delegation reward transfers (raw store singleton, prefix 108)", () => {
  const snapshotFor = (epoch: bigint) => ({
    epochIndex: epoch,
    transfers: [{ modelId: "Qwen/QwQ-32B", from: "gonka1from", to: "gonka1to", share: { value: 25n, exponent: -2 } }],
    penalties: [{ participant: "gonka1pen", penaltyFraction: { value: 1n, exponent: -1 } }],
  });

  it("the snapshot for the settled epoch is applied; one for another epoch is not, and says so", async () => {
    const { parseSettlementInput } = await import("../../src/settlement/settlement-input.js");
    const st = stateAt("v0.2.14");
    const E = st.effectiveEpoch! - 1n;
    st.delegation = snapshotFor(E);
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const p = parseSettlementInput((await snapshotFromRpc(s.url, { height: 1154 })).settlement!, "settlement");
    expect(p.input.delegationRewardTransfers).toEqual([{ from: "gonka1from", to: "gonka1to", modelId: "Qwen/QwQ-32B", share: { value: 25n, exponent: -2 } }]);
    expect(p.input.delegationRewardPenalties).toEqual([{ participant: "gonka1pen", penaltyFraction: { value: 1n, exponent: -1 } }]);
    const st2 = stateAt("v0.2.14");
    st2.delegation = snapshotFor(E + 1n);
    const s2 = await serve({ latestHeight: 5000, stateAt: () => st2 });
    const p2 = parseSettlementInput((await snapshotFromRpc(s2.url, { height: 1154 })).settlement!, "settlement");
    expect(p2.input.delegationRewardTransfers).toEqual([]);
    expect(p2.assumptions.map((a) => a.assumption).join("\n")).toMatch(/snapshot stored at height 1154 is for epoch 142, not 141/);
  });

  it("a v0.2.13 node has no such record (the fixture node leaves it out)", async () => {
    const { parseSettlementInput } = await import("../../src/settlement/settlement-input.js");
    const st = stateAt("v0.2.13");
    st.delegation = snapshotFor(st.effectiveEpoch! - 1n);
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const p = parseSettlementInput((await snapshotFromRpc(s.url, { height: 1154 })).settlement!, "settlement");
    expect(p.input.delegationRewardTransfers).toEqual([]);
    expect(p.assumptions).toEqual([]);
  });
});
