// The epochs a change of the status tests' parameters is judged over (src/gov/status-change-epochs.ts):
// every epoch the saved answers hold or a node serves, in epoch order, each participant the epoch
// names (its weights and its exclusions), the settlement that prices the change or the one line
// saying why there is none, and the note on each saved params answer, every line pinned whole.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import { paramsAnswerNotes, statusEpochsFromNode, statusEpochsFromRestDumps } from "../../src/gov/status-change-epochs.js";
import { readRestDumps } from "../../src/sources/rest-dump/read-rest-dump.js";
import type { EpochStatusInputs } from "../../src/status-replay/judge-status-change.js";
import type { StatusOverrides } from "../../src/status-replay/status-overrides.js";
import { statusScenarioServer } from "../../src/testing/status-scenario-node.js";
import { HOSTS } from "../../src/testing/status-scenario.js";
import { refusal } from "../helpers/refusal.js";

const EXAMPLE = join(import.meta.dirname, "..", "..", "examples", "status-epoch");
const TMP = mkdtempSync(join(tmpdir(), "gonka-status-epochs-"));
const [A, B, C] = ["gonka1aaaa", "gonka1bbbb", "gonka1cccc"];
const D = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
const dec = (value: string, exponent: number) => ({ value, exponent });

/** A dump directory of the given answers (file name → JSON). */
function dump(name: string, files: Record<string, unknown>): string {
  const d = join(TMP, name);
  mkdirSync(d);
  for (const [f, v] of Object.entries(files)) writeFileSync(join(d, f), JSON.stringify(v));
  return d;
}

// epoch 469: weights only (no exclusions answer); 471: no weights, two exclusions (A twice over: in 469's weights too)
const E469 = dump("e469", { "g.json": { epoch_group_data: { epoch_index: "469", poc_start_block_height: "6684609", validation_weights: [{ member_address: B, weight: "1" }, { member_address: A, weight: "2" }] } } });
const E471 = dump("e471", {
  "g.json": { epoch_group_data: { epoch_index: "471", poc_start_block_height: "6715391" } },
  "x.json": { items: [{ address: C, epoch_index: "471", exclusion_block_height: "6716000", reason: "downtime" }, { address: A, epoch_index: "471", exclusion_block_height: "6716001", reason: "downtime" }] },
});
const DIRS = [EXAMPLE, E471, E469];
const noSummaries = (e: bigint, dir: string) =>
  `epoch ${e}'s settlement cannot run from the dumps: ${dir}: no epoch performance summaries of epoch ${e} (the REST answer of /epoch_performance_summary/${e}): settlement's participants and request counts come from them`;
const shape = (epochs: EpochStatusInputs[]) =>
  epochs.map((e) => ({ epoch: e.epoch, from: e.from, members: e.participants.map((p) => p.address), settlement: typeof e.settlement === "string" ? e.settlement : { version: e.settlement.version, epoch: e.settlement.input.epoch } }));

describe("the epochs of saved answers", () => {
  it("every epoch held, in epoch order whatever the directories' order; each epoch's members are its weights then its exclusions, once each; a settlement the dumps cannot run is its one line", () => {
    const { epochs, notes } = statusEpochsFromRestDumps(DIRS, {});
    const from = `saved answers in ${DIRS.join(", ")}`;
    expect(shape(epochs)).toEqual([
      { epoch: 469n, from, members: [B, A], settlement: noSummaries(469n, E469) },
      { epoch: 470n, from, members: HOSTS, settlement: { version: "v0.2.16", epoch: 470n } },
      { epoch: 471n, from, members: [C, A], settlement: noSummaries(471n, E471) },
    ]);
    // the saved params answer is named, with no change to hold
    expect(notes).toEqual([`${join(EXAMPLE, "params.json")} (the params answer) was saved after the epochs and is not their baseline (each epoch's own params are)`]);
    // each participant's heights are placed by the mainnet table, in the status family's words
    expect(epochs[1]!.participants[0]!.source.input.versionAt(6_700_500n)).toEqual({
      version: "v0.2.16",
      source: "table",
      detail: "gonka-mainnet upgrade table: block 6,700,500 is at or after v0.2.16 (block 6,449,400, proposal 112), the newest upgrade the record names (v0.2.17 exists only as branch code: no proposal for it is on record)",
      candidates: ["v0.2.16"],
    });
  });

  it("--epochs keeps the epochs from..to, both ends included; an epoch asked for that the dumps lack is refused by name; a null range is every epoch", () => {
    const r = { from: 470n, to: 471n };
    expect(statusEpochsFromRestDumps(DIRS, {}, { range: r }).epochs.map((e) => e.epoch)).toEqual([470n, 471n]);
    expect(statusEpochsFromRestDumps(DIRS, {}, { range: { from: 469n, to: 470n } }).epochs.map((e) => e.epoch)).toEqual([469n, 470n]);
    expect(statusEpochsFromRestDumps(DIRS, {}, { range: { from: 470n, to: 470n } }).epochs.map((e) => e.epoch)).toEqual([470n]);
    expect(statusEpochsFromRestDumps(DIRS, {}, { range: null }).epochs.map((e) => e.epoch)).toEqual([469n, 470n, 471n]);
    expect(refusal(() => statusEpochsFromRestDumps(DIRS, {}, { range: { from: 468n, to: 472n } }))).toBe("--epochs 468..472: epochs 468, 472 are not in the inputs (they hold 469, 470, 471)");
  });

  it("--chain-version and --chain-id reach the settlement and every participant's heights, refused in the status family's words where it has no rules", () => {
    const { epochs } = statusEpochsFromRestDumps([EXAMPLE], {}, { versionFlag: "v0.2.15", chainId: "gonka-testnet" });
    expect(shape(epochs)).toEqual([{ epoch: 470n, from: `saved answers in ${EXAMPLE}`, members: HOSTS, settlement: { version: "v0.2.15", epoch: 470n } }]);
    expect(epochs[0]!.participants[5]!.source.input.versionAt(6_700_500n)).toEqual({ version: "v0.2.15", source: "flag", detail: "--chain-version v0.2.15" });
    expect(refusal(() => statusEpochsFromRestDumps([EXAMPLE], {}, { versionFlag: "v0.2.9" }))).toBe("--chain-version: v0.2.9: the port's status tests start at v0.2.10 (bb2de824); older releases are not ported");
    expect(refusal(() => statusEpochsFromRestDumps([EXAMPLE], {}, { chainId: "gonka-testnet" }))).toBe(
      'chain version: chain id "gonka-testnet" has no upgrade table (only gonka-mainnet) and the state records no chain version: pass --chain-version vX.Y.Z (v0.2.8, v0.2.9, v0.2.10, v0.2.11, v0.2.12, v0.2.13, v0.2.14, v0.2.15, v0.2.16, v0.2.17)',
    );
  });

  it("a fault while reading the settlement (not an input it lacks) is thrown, never turned into a reason", () => {
    // a directory list that fails when read a second time: the settlement's reader reads it after the dumps' reader
    let reads = 0;
    const dirs = new Proxy([EXAMPLE], {
      get: (t, k, r) => {
        if (k === "flatMap" && reads++ > 0) throw new TypeError("a bug");
        return Reflect.get(t, k, r) as unknown;
      },
    });
    expect(() => statusEpochsFromRestDumps(dirs, {})).toThrow(new TypeError("a bug"));
    expect(reads).toBe(2);
  });
});

describe("the note on each saved params answer", () => {
  const notesOf = (params: unknown, overrides: StatusOverrides) => paramsAnswerNotes(readRestDumps([dump(`p${Math.random().toString(36).slice(2)}`, { "params.json": { params } })]), overrides);
  const later = "(the params answer) was saved after the epochs and is not their baseline (each epoch's own params are)";
  const tail = (notes: string[]) => notes.map((n) => n.slice(n.indexOf(later) + later.length));
  // H 40 (written 400e-1: the values are compared as decimals), P1 0.18, and alpha_threshold left out (nil)
  const change: StatusOverrides = { InvalidationHThreshold: D(400n, -1), BadParticipantInvalidationRate: D(18n, -2), AlphaThreshold: null };
  const H = "validation_params.invalidation_h_threshold";
  const P1 = "validation_params.bad_participant_invalidation_rate";
  const ALPHA = "confirmation_poc_params.alpha_threshold";

  it("holding every value the change sets: saved after the proposal passed, most likely; holding some: those named; none, or no change: the note alone", () => {
    const every = notesOf({ validation_params: { invalidation_h_threshold: dec("40", 0), bad_participant_invalidation_rate: dec("18", -2) }, confirmation_poc_params: {} }, change);
    expect(every).toHaveLength(1);
    expect(every[0]).toMatch(/^\/.*\/params\.json \(the params answer\)/);
    expect(tail(every)).toEqual([`; it already holds every value the change sets (${P1}, ${H}, ${ALPHA}): saved after the proposal passed, most likely`]);
    const two = { invalidation_h_threshold: dec("40", 0), bad_participant_invalidation_rate: dec("18", -2) };
    expect(tail(notesOf({ validation_params: two, confirmation_poc_params: { alpha_threshold: dec("5", -1) } }, change))).toEqual([`; it already holds ${P1}, ${H} as the change sets them`]);
    expect(tail(notesOf({ validation_params: { ...two, bad_participant_invalidation_rate: dec("1", -1) }, confirmation_poc_params: { alpha_threshold: dec("5", -1) } }, change))).toEqual([`; it already holds ${H} as the change sets them`]);
    expect(tail(notesOf({ validation_params: { invalidation_h_threshold: dec("4", 0), bad_participant_invalidation_rate: dec("1", -1) }, confirmation_poc_params: { alpha_threshold: dec("5", -1) } }, change))).toEqual([""]);
    expect(tail(notesOf({ validation_params: two }, {}))).toEqual([""]);
  });

  it("a value the answer does not hold (its message or field absent, null or no Decimal) is held only where the change leaves it out too", () => {
    // no validation_params at all (undefined), a null confirmation_poc_params
    expect(tail(notesOf({ bitcoin_reward_params: {}, confirmation_poc_params: null }, change))).toEqual([`; it already holds ${ALPHA} as the change sets them`]);
    // messages that are no objects: a text, a list
    expect(tail(notesOf({ bitcoin_reward_params: {}, validation_params: "x", confirmation_poc_params: [] }, change))).toEqual([`; it already holds ${ALPHA} as the change sets them`]);
    // fields that are no Decimal: null (held where the change leaves it out), a text, a list
    const odd = { FalsePositiveRate: null, InvalidationHThreshold: D(40n, 0), BadParticipantInvalidationRate: D(18n, -2) } as StatusOverrides;
    expect(tail(notesOf({ validation_params: { false_positive_rate: null, invalidation_h_threshold: "40", bad_participant_invalidation_rate: [18] } }, odd))).toEqual(["; it already holds validation_params.false_positive_rate as the change sets them"]);
    // a present value is not a nil one
    expect(tail(notesOf({ validation_params: { false_positive_rate: dec("5", -2) } }, { FalsePositiveRate: null }))).toEqual([""]);
  });

  it("one note per params answer of the dumps; none without one; a dump read alone that lists none still has its own", () => {
    const one = dump("pa", { "params.json": { params: { validation_params: { invalidation_h_threshold: dec("40", 0) } } } });
    const other = dump("pb", { "params.json": { params: { validation_params: { invalidation_h_threshold: dec("4", 0) } } } });
    const both = paramsAnswerNotes(readRestDumps([one, other]), { InvalidationHThreshold: D(40n, 0) });
    expect(both).toEqual([
      `${join(one, "params.json")} ${later}; it already holds every value the change sets (${H}): saved after the proposal passed, most likely`,
      `${join(other, "params.json")} ${later}`,
    ]);
    expect(paramsAnswerNotes(readRestDumps([E469]), { InvalidationHThreshold: D(40n, 0) })).toEqual([]);
    const { allParams: _all, ...alone } = readRestDumps([one]);
    expect(paramsAnswerNotes(alone, {})).toEqual([`${join(one, "params.json")} ${later}`]);
  });
});

describe("the epochs of a node", () => {
  const server = statusScenarioServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it("each epoch asked for, in the order asked: its members (counted to the caller), --chain-version over every height, the settlement read at it or the one line saying why not", async () => {
    const counted: [bigint, number][] = [];
    const epochs = await statusEpochsFromNode(server.url, [471n, 470n], { versionFlag: "v0.2.15", onEpochMembers: (e, n) => counted.push([e, n]) });
    expect(counted).toEqual([
      [471n, 0],
      [470n, 6],
    ]);
    const from = `node ${server.url}`;
    expect(shape(epochs)).toEqual([
      {
        epoch: 471n,
        from,
        members: [],
        settlement: `epoch 471's settlement cannot be read from the node: epoch 471 has not settled by height 6716171: epoch 472 has no root epoch group there (its PoC has not started; EpochGroupData(472, "") answered NotFound)`,
      },
      { epoch: 470n, from, members: HOSTS, settlement: { version: "v0.2.15", epoch: 470n } },
    ]);
    for (const p of epochs[1]!.participants) expect(p.source.input.versionAt(6_700_500n)).toEqual({ version: "v0.2.15", source: "flag", detail: "--chain-version v0.2.15" });
    expect(await statusEpochsFromNode(server.url, [])).toEqual([]);
  });

  it("without --chain-version each height's rules are the node's applied plans; a settlement record the port cannot read names the node and height it was read at", async () => {
    // a node whose performance summary records more coins than an int64 holds
    const odd = statusScenarioServer(undefined, new Map([[HOSTS[0]!, 1n << 63n]]));
    await odd.start();
    try {
      const [e] = await statusEpochsFromNode(odd.url, [470n]);
      expect(e!.participants[0]!.source.input.versionAt(6_700_500n)).toMatchObject({ version: "v0.2.16", source: "node", detail: 'upgrade plan "v0.2.16" applied at block 6449400 (cosmos.upgrade AppliedPlan at height 6700500)' });
      expect(e!.settlement).toBe(`epoch 470's settlement cannot be read from the node: ${odd.url}@6715670: chain.settlementOutcome.${HOSTS[0]}.rewardedCoins: 9223372036854775808 does not fit in int64`);
    } finally {
      await odd.stop();
    }
  });

  it("--chain-version the status tests have no rules for is refused in their words", async () => {
    await expect(statusEpochsFromNode(server.url, [470n], { versionFlag: "v0.2.9" })).rejects.toThrow("--chain-version: v0.2.9: the port's status tests start at v0.2.10 (bb2de824); older releases are not ported");
  });
});
