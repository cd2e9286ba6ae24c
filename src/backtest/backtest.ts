/**
 * The backtest: every real epoch settled twice, under proposal A and under proposal B (each applied on
 * top of the rules of the chain version in force at that epoch's settlement), plus the status quo
 * (the epoch's own parameters) compared with what the chain paid. A pure function of the epochs read:
 * settlement is `settleAccounts`, the preserved set `runPreservedRules`; nothing here re-implements them.
 */
import { compareGoStrings } from "../go/bytes.js";
import { Decimal } from "../go/decimal.js";
import { p0Decision, type P0Decision } from "../misstest/p0-decision.js";
import { runPreservedRules, type RuleResult } from "../preserved/compare-rules.js";
import { parseDemand } from "../preserved/demand.js";
import { PRESERVED_VERSION_OPTIONS, preservedRulesFor } from "../preserved/preserved-rules.js";
import { versionForHeight } from "../versions/upgrade-table.js";
import { InputError } from "../errors.js";
import { groupDigits } from "../format/numbers.js";
import type { PreservedState } from "../preserved/state.js";
import { settleAccounts, type Settlement } from "../settlement/settle-accounts.js";
import type { ZeroCause } from "../settlement/zero-causes.js";
import { indexAssumptions, type AssumptionIndex } from "../assumptions.js";
import { causesUnderAssumptions } from "../settlement/assumed-causes.js";
import { assumptionsReadBy, type SettlementAssumption } from "../settlement/settlement-input.js";
import { atLeast, type ChainVersion, type VersionChoice } from "../versions/chain-version.js";
import type { EpochSource } from "../sources/epochs.js";
import { proposalInForce, type BacktestSide } from "./proposal-in-force.js";

/** The coin every amount is in (types.BaseCoin). */
export const BACKTEST_DENOM = "ngonka";

/** An epoch with the chain version whose rules settled it. */
export interface BacktestEpoch extends EpochSource {
  version: VersionChoice;
}

/** One epoch's settlement under one side. */
export interface SideOutcome {
  /** The governance p0 settlement read (after the proposal), as a decimal string; null = the chain default. */
  governanceP0: string | null;
  /** The p0 the miss test actually used (the dynamic p0 may raise it above governance). */
  p0: string;
  p0Reason: Settlement["dynamicP0"]["reason"];
  /** Which side of getDynamicP0's comparison set the p0, with both sides' numbers. */
  p0Decision: P0Decision;
  /** The network miss share in ‰ (dynamic reason only). */
  baselinePermille: bigint | null;
  skipPunishment: boolean;
  graceEpochApplied: boolean;
  fixedEpochReward: bigint;
  distributed: bigint;
  /** Fixed reward − distributed: what the chain does not pay to participants (to governance). */
  notDistributed: bigint;
  paid: number;
  zeroed: number;
  /** Zeroed participants by their first cause (code, count), codes sorted. */
  zeroedByCause: { code: string; count: number }[];
}

export interface ParticipantOutcome {
  address: string;
  coinsA: bigint;
  coinsB: bigint;
  /** B − A. */
  delta: bigint;
  zeroCausesA: ZeroCause[];
  zeroCausesB: ZeroCause[];
  missed: bigint | null;
  total: bigint | null;
}

/** The status quo against the chain: today's parameters must pay what the chain recorded. */
export interface StatusQuoCheck {
  /** False when the source records no payout (nothing to check). */
  recorded: boolean;
  participants: number;
  matches: number;
  differs: { address: string; port: bigint; chain: bigint | null }[];
}

export interface PreservedModelOutcome {
  modelId: string;
  a: { nodes: number; participants: number; achievedWeight: bigint; targetWeight: bigint };
  b: { nodes: number; participants: number; achievedWeight: bigint; targetWeight: bigint };
  /** Preserved under B and not A. */
  gained: string[];
  /** Preserved under A and not B. */
  lost: string[];
}

export interface PreservedOutcome {
  anchorHeight: bigint;
  ruleA: string;
  ruleB: string;
  models: PreservedModelOutcome[];
}

export interface EpochOutcome {
  epoch: bigint;
  label: string;
  settlementHeight: bigint | null;
  version: VersionChoice;
  a: SideOutcome;
  b: SideOutcome;
  /** Every settled participant, in the input's order. */
  participants: ParticipantOutcome[];
  statusQuo: StatusQuoCheck;
  preserved: PreservedOutcome | null;
  notes: string[];
  assumptions: string[];
}

export interface AddressTotal {
  address: string;
  coinsA: bigint;
  coinsB: bigint;
  delta: bigint;
  /** Epochs in which this address was zeroed under A (resp. B). */
  zeroedA: number;
  zeroedB: number;
}

export interface BacktestResult {
  a: { name: string; file: string | null };
  b: { name: string; file: string | null };
  denom: string;
  epochs: EpochOutcome[];
  totals: {
    fixedEpochReward: bigint;
    distributedA: bigint;
    distributedB: bigint;
    notDistributedA: bigint;
    notDistributedB: bigint;
    zeroedA: number;
    zeroedB: number;
    /** Participant-epochs whose coins differ between A and B. */
    changed: number;
    /** Sum of the positive deltas (= coins moved to participants who gain). */
    gained: bigint;
    /** Sum of the negative deltas, as a positive number. */
    lost: bigint;
  };
  /** Per address over every epoch, sorted by address (Go byte order). */
  addresses: AddressTotal[];
  /** The ten largest gains and losses in coins over every epoch (B − A). */
  winners: AddressTotal[];
  losers: AddressTotal[];
  statusQuo: { epochsChecked: number; participantsChecked: number; differs: number; ok: boolean };
  notes: string[];
  /**
   * B changes the in-epoch status tests and the change is judged apart (proposal/backtest's status section):
   * these settlements keep each epoch's exclusions as the chain recorded them. Absent: not said.
   */
  statusChangeApart?: boolean;
}

const p0Text = (d: { value: bigint; exponent: number }): string => Decimal.fromChain(d).toString();

/** The settlement with each zero cause that rests on an assumed input marked not computable (assumed-causes.ts). */
function underAssumptions(s: Settlement, index: AssumptionIndex<SettlementAssumption>): Settlement {
  if (index.items.length === 0) return s;
  return { ...s, participants: s.participants.map((p) => (p.zeroCauses.length === 0 ? p : { ...p, zeroCauses: causesUnderAssumptions(p.zeroCauses, p.address, p.effectiveRule, index) })) };
}

/** Zeroed participants are counted by their first cause; one resting on an assumed input counts as "not-computable". */
function sideOutcome(s: Settlement, governanceP0: string | null): SideOutcome {
  const byCause = new Map<string, number>();
  let zeroed = 0;
  for (const p of s.participants) {
    if (p.rewardCoins !== 0n) continue;
    zeroed++;
    const first = p.zeroCauses[0];
    const c = first === undefined ? "unknown" : first.notComputable !== undefined ? "not-computable" : first.code;
    byCause.set(c, (byCause.get(c) ?? 0) + 1);
  }
  const zeroedByCause = [...byCause].sort((x, y) => compareGoStrings(x[0], y[0])).map(([code, count]) => ({ code, count }));
  return {
    governanceP0,
    p0: p0Text(s.dynamicP0.p0),
    p0Reason: s.dynamicP0.reason,
    p0Decision: p0Decision(s.dynamicP0, s.graceEpochApplied),
    baselinePermille: s.dynamicP0.baselinePermille ?? null,
    skipPunishment: s.dynamicP0.skipPunishment,
    graceEpochApplied: s.graceEpochApplied,
    fixedEpochReward: s.fixedEpochReward,
    distributed: s.distributed,
    notDistributed: s.remainder,
    paid: s.participants.length - zeroed,
    zeroed,
    zeroedByCause,
  };
}

function statusQuoCheck(today: Settlement, recorded: EpochSource["recorded"]): StatusQuoCheck {
  if (recorded === null) return { recorded: false, participants: today.participants.length, matches: 0, differs: [] };
  const differs: StatusQuoCheck["differs"] = [];
  for (const p of today.participants) {
    const r = recorded.get(p.address);
    if (r === undefined || r.rewardedCoins !== p.rewardCoins) differs.push({ address: p.address, port: p.rewardCoins, chain: r?.rewardedCoins ?? null });
  }
  return { recorded: true, participants: today.participants.length, matches: today.participants.length - differs.length, differs };
}

/**
 * The rules that sample the PoC after epoch `e` (at `anchor`), as `preserved` picks them: the epoch's
 * --chain-version, else the version recorded with the state, else the mainnet table at the anchor
 * (refused, as `preserved` refuses it, when the table leaves versions that sample differently). A string: why not.
 */
function preservedVersion(e: BacktestEpoch, anchor: bigint): { version: ChainVersion } | { refused: string } {
  if (e.version.source === "flag" || e.recordedVersion !== null) return { version: e.version.version };
  try {
    return { version: versionForHeight(e.chainId, anchor, undefined, undefined, PRESERVED_VERSION_OPTIONS).version };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    const why = err.path !== undefined && err.message.startsWith(`${err.path}: `) ? err.message.slice(err.path.length + 2) : err.message;
    return { refused: why.replace(/: pass --chain-version (.*)$/, (_, v: string) => `: pass --chain-version ${v.split(" or ").map((x) => `${e.epoch}=${x}`).join(" or ")}`) };
  }
}

function preservedRun(state: PreservedState, side: BacktestSide, e: BacktestEpoch, version: ChainVersion): { rule: string; result: RuleResult } {
  const p = side.proposal;
  const rule = p?.preservedRule ?? "current";
  const where = side.file ?? side.name;
  // As compare does: the proposal's demand, else the snapshot's demand slice.
  const demand = p?.demand !== undefined ? parseDemand(p.demand.json, `${where}: demand`) : e.demand !== null ? parseDemand(e.demand.json, e.demand.source) : undefined;
  const r = runPreservedRules(state, {
    rule,
    rules: preservedRulesFor(version, `epoch ${e.epoch}`),
    ...(p?.pocSlotAllocation !== undefined ? { overrides: { "epoch_params.poc_slot_allocation": p.pocSlotAllocation.toString() } } : {}),
    ...(demand !== undefined ? { demand } : {}),
    ...(p?.pocMaxConcurrentPer10000Weight !== undefined ? { rate: p.pocMaxConcurrentPer10000Weight } : {}),
  });
  return { rule, result: r[rule]! };
}

function preservedOutcome(state: PreservedState, a: BacktestSide, b: BacktestSide, e: BacktestEpoch, version: ChainVersion): PreservedOutcome {
  const ra = preservedRun(state, a, e, version);
  const rb = preservedRun(state, b, e, version);
  const ids = [...new Set([...ra.result.models.map((m) => m.modelId), ...rb.result.models.map((m) => m.modelId)])].sort(compareGoStrings);
  const side = (r: RuleResult, id: string) => {
    const m = r.models.find((x) => x.modelId === id);
    return m === undefined
      ? { nodes: 0, participants: 0, achievedWeight: 0n, targetWeight: 0n, set: new Set<string>() }
      : { nodes: m.nodeCount, participants: m.participants.length, achievedWeight: m.achievedWeight, targetWeight: m.targetWeight, set: new Set(m.participants.map((x) => x.address)) };
  };
  return {
    anchorHeight: state.anchorHeight ?? 0n,
    ruleA: ra.rule,
    ruleB: rb.rule,
    models: ids.map((modelId) => {
      const { set: sa, ...a } = side(ra.result, modelId);
      const { set: sb, ...b } = side(rb.result, modelId);
      return {
        modelId,
        a,
        b,
        gained: [...sb].filter((x) => !sa.has(x)).sort(compareGoStrings),
        lost: [...sa].filter((x) => !sb.has(x)).sort(compareGoStrings),
      };
    }),
  };
}

/** One epoch under A and B, with the status-quo check. */
export function backtestEpoch(e: BacktestEpoch, a: BacktestSide, b: BacktestSide): EpochOutcome {
  const v = e.version.version;
  const today = settleAccounts(e.input, v);
  const pa = proposalInForce(a, e.input, v);
  const pb = proposalInForce(b, e.input, v);
  // a zero cause reading an input the source assumed is no participant's cause: marked not computable
  const index = indexAssumptions(assumptionsReadBy(e.settlementAssumptions ?? [], v));
  const sa = underAssumptions(pa.input === e.input ? today : settleAccounts(pa.input, v), index);
  const sb = pb.input === e.input ? underAssumptions(today, index) : pb.input === pa.input ? sa : underAssumptions(settleAccounts(pb.input, v), index);
  const gov = (x: typeof pa): string | null => {
    const d = x.input.validationParams?.binomTestP0 ?? null;
    return d === null ? null : p0Text(d);
  };
  const notes = [...pa.notes, ...pb.notes];
  let preserved: PreservedOutcome | null = null;
  const preservedKeys = [...new Set([...pa.preservedKeys, ...pb.preservedKeys])];
  if (e.preserved !== null) {
    const anchor = e.preserved.anchorHeight ?? 0n;
    const pv = preservedVersion(e, anchor);
    if ("refused" in pv) notes.push(`the preserved set of the PoC after epoch ${e.epoch} (anchor ${groupDigits(anchor)}) is not compared, as \`preserved\` refuses it: ${pv.refused}`);
    else if (atLeast(pv.version, "v0.2.12")) preserved = preservedOutcome(e.preserved, a, b, e, pv.version);
    else notes.push(`epoch ${e.epoch}: chain ${pv.version} had no preserved-set sampler (it arrived with v0.2.12): the preserved set is not compared`);
  } else if (preservedKeys.length > 0) {
    notes.push(
      `epoch ${e.epoch}: ${preservedKeys.join(", ")} ${preservedKeys.length === 1 ? "does" : "do"} not change settlement, and the inputs hold no preserved-set sampler inputs for this epoch${e.storedPreservedSnapshots > 0 ? " (only the chain's stored preserved snapshot)" : ""}: the effect on preservation is not computed`,
    );
  } else if (e.storedPreservedSnapshots > 0) {
    notes.push(`epoch ${e.epoch}: the dump holds the chain's stored preserved snapshot but not the sampler's inputs: the preserved set is not recomputed`);
  }
  const participants = sa.participants.map((pA, i): ParticipantOutcome => {
    const pB = sb.participants[i]!;
    const st = e.input.participants[i]!.currentEpochStats;
    return {
      address: pA.address,
      coinsA: pA.rewardCoins,
      coinsB: pB.rewardCoins,
      delta: pB.rewardCoins - pA.rewardCoins,
      zeroCausesA: pA.zeroCauses,
      zeroCausesB: pB.zeroCauses,
      missed: st?.missedRequests ?? null,
      total: st === null ? null : st.inferenceCount + st.missedRequests,
    };
  });
  return {
    epoch: e.epoch,
    label: e.label,
    settlementHeight: e.settlementHeight,
    version: e.version,
    a: sideOutcome(sa, gov(pa)),
    b: sideOutcome(sb, gov(pb)),
    participants,
    statusQuo: statusQuoCheck(today, e.recorded),
    preserved,
    notes,
    // what the rules of this epoch's version read: v0.2.12 samples without x/group's live members
    assumptions: [...e.assumptions, ...(e.versionedAssumptions ?? []).filter((x) => atLeast(e.version.version, x.readFrom)).map((x) => x.line)],
  };
}

function byDeltaDesc(x: AddressTotal, y: AddressTotal): number {
  return x.delta > y.delta ? -1 : x.delta < y.delta ? 1 : compareGoStrings(x.address, y.address);
}

/** Every epoch under A and B, summed up. */
export function runBacktest(epochs: readonly BacktestEpoch[], a: BacktestSide, b: BacktestSide): BacktestResult {
  const outcomes = epochs.map((e) => backtestEpoch(e, a, b));
  const per = new Map<string, AddressTotal>();
  const totals = { fixedEpochReward: 0n, distributedA: 0n, distributedB: 0n, notDistributedA: 0n, notDistributedB: 0n, zeroedA: 0, zeroedB: 0, changed: 0, gained: 0n, lost: 0n };
  let epochsChecked = 0;
  let participantsChecked = 0;
  let differs = 0;
  for (const o of outcomes) {
    totals.fixedEpochReward += o.a.fixedEpochReward;
    totals.distributedA += o.a.distributed;
    totals.distributedB += o.b.distributed;
    totals.notDistributedA += o.a.notDistributed;
    totals.notDistributedB += o.b.notDistributed;
    totals.zeroedA += o.a.zeroed;
    totals.zeroedB += o.b.zeroed;
    for (const p of o.participants) {
      let t = per.get(p.address);
      if (t === undefined) {
        t = { address: p.address, coinsA: 0n, coinsB: 0n, delta: 0n, zeroedA: 0, zeroedB: 0 };
        per.set(p.address, t);
      }
      t.coinsA += p.coinsA;
      t.coinsB += p.coinsB;
      t.delta += p.delta;
      if (p.coinsA === 0n) t.zeroedA++;
      if (p.coinsB === 0n) t.zeroedB++;
      if (p.delta !== 0n) totals.changed++;
      if (p.delta > 0n) totals.gained += p.delta;
      else totals.lost -= p.delta;
    }
    if (o.statusQuo.recorded) {
      epochsChecked++;
      participantsChecked += o.statusQuo.participants;
      differs += o.statusQuo.differs.length;
    }
  }
  const addresses = [...per.values()].sort((x, y) => compareGoStrings(x.address, y.address));
  const winners = addresses.filter((x) => x.delta > 0n).sort(byDeltaDesc).slice(0, 10);
  const losers = addresses
    .filter((x) => x.delta < 0n)
    .sort((x, y) => (x.delta < y.delta ? -1 : x.delta > y.delta ? 1 : compareGoStrings(x.address, y.address)))
    .slice(0, 10);
  const notes = [...new Set(outcomes.flatMap((o) => o.notes.map((n) => n.replace(/^epoch \d+: /, ""))))];
  return {
    a: { name: a.name, file: a.file },
    b: { name: b.name, file: b.file },
    denom: BACKTEST_DENOM,
    epochs: outcomes,
    totals,
    addresses,
    winners,
    losers,
    statusQuo: { epochsChecked, participantsChecked, differs, ok: differs === 0 },
    notes,
  };
}
