/**
 * A change of the status tests' parameters judged over real epochs: each participant's updates replayed
 * with the params in force at the epoch (the baseline) and again with the change, who the change would
 * have spared or newly excluded, and, through the same settlement (settleAccounts with the exclusions the
 * change makes), what each would have been paid. Where a replay lacks an input the participant is
 * "unknown", with the input named. Pure: the sources were read by the caller.
 */
import { liftCause } from "../settlement/lift-zero-cause.js";
import { settleAccounts } from "../settlement/settle-accounts.js";
import type { SettlementInput } from "../settlement/settlement-types.js";
import type { ChainVersion } from "../versions/chain-version.js";
import type { ReplayLack, StatusSource } from "./replay-input.js";
import { replayStatus, type ReplayResult } from "./replay-status.js";
import { withStatusOverrides, type StatusOverrides } from "./status-overrides.js";

export interface EpochStatusInputs {
  epoch: bigint;
  /** Where the epoch was read. */
  from: string;
  participants: { address: string; source: StatusSource }[];
  /** The epoch's settlement input and rules, to price the change; a string says why there is none. */
  settlement: { input: SettlementInput; version: ChainVersion } | string;
}

/** spared: excluded with the params in force, not with the change; newly-excluded: the reverse; changed: excluded both ways, differently. */
export type StatusVerdict = "spared" | "newly-excluded" | "changed" | "same" | "unknown";

export interface ReplaySummary {
  available: boolean;
  excluded: { reason: string; height: bigint } | null;
  stoppedAt: ReplayLack | null;
}

export interface ParticipantStatusChange {
  address: string;
  chainRecord: { reason: string; height: bigint } | null | undefined;
  baseline: ReplaySummary;
  proposal: ReplaySummary;
  verdict: StatusVerdict;
  /** The input a replay lacks (unknown only). */
  missing: ReplayLack | null;
  /** Reward coins paid with the params in force and with the change (null when settlement cannot run, or the verdict is same/unknown). */
  coins: { paid: bigint; withChange: bigint } | null;
}

export interface EpochStatusChange {
  epoch: bigint;
  from: string;
  participants: ParticipantStatusChange[];
  /** Why the change is not priced (null when it is, or nothing changes). */
  notPriced: string | null;
  /** Reward coins over every participant, paid and with the change (null when not priced). */
  totals: { paid: bigint; withChange: bigint } | null;
  /** How much the participants the change does not move gain or lose in all (the power cap, the shares of the epoch's reward): null when not priced. */
  othersDelta: bigint | null;
}

const summary = (r: ReplayResult): ReplaySummary => ({ available: r.available, excluded: r.excluded === null ? null : { reason: r.excluded.reason, height: r.excluded.height }, stoppedAt: r.stoppedAt });

function verdictOf(b: ReplayResult, p: ReplayResult): StatusVerdict {
  if (!b.available || !p.available) return "unknown";
  if (b.excluded === null) return p.excluded === null ? "same" : "newly-excluded";
  if (p.excluded === null) return "spared";
  return b.excluded.reason === p.excluded.reason && b.excluded.height === p.excluded.height ? "same" : "changed";
}

/** The epoch's settlement with the change's exclusions: the spared ACTIVE, the newly excluded not. */
function priced(s: { input: SettlementInput; version: ChainVersion }, rows: ParticipantStatusChange[], changed: Map<string, ReplayResult>): Map<string, { paid: bigint; withChange: bigint }> {
  const paid = settleAccounts(s.input, s.version);
  let input = s.input;
  for (const r of rows) {
    if (r.verdict === "spared") {
      for (const code of ["excluded", "inactive"] as const) {
        const l = liftCause(input, r.address, code);
        if (typeof l !== "string") input = l.input;
      }
    } else if (r.verdict === "newly-excluded" || r.verdict === "changed") {
      const x = changed.get(r.address)!.excluded!;
      input = {
        ...input,
        participants: input.participants.map((p) => (p.address === r.address ? { ...p, status: x.status } : p)),
        exclusions: [...input.exclusions.filter((e) => e.address !== r.address), { address: r.address, reason: x.reason, exclusionBlockHeight: x.height }],
      };
    }
  }
  const after = settleAccounts(input, s.version);
  const coins = (x: typeof paid, a: string) => x.participants.find((p) => p.address === a)?.rewardCoins ?? 0n;
  return new Map(paid.participants.map((p) => [p.address, { paid: p.rewardCoins, withChange: coins(after, p.address) }]));
}

/** Judge `overrides` over each epoch's participants. */
export function judgeStatusChange(epochs: readonly EpochStatusInputs[], overrides: StatusOverrides): EpochStatusChange[] {
  return epochs.map((e) => {
    const changed = new Map<string, ReplayResult>();
    const rows: ParticipantStatusChange[] = e.participants.map(({ address, source }) => {
      const b = replayStatus(source.input);
      const p = replayStatus(withStatusOverrides(source.input, overrides));
      changed.set(address, p);
      const verdict = verdictOf(b, p);
      return { address, chainRecord: source.facts.record, baseline: summary(b), proposal: summary(p), verdict, missing: verdict === "unknown" ? (b.stoppedAt ?? p.stoppedAt) : null, coins: null };
    });
    const moves = rows.some((r) => r.verdict !== "same" && r.verdict !== "unknown");
    if (!moves) return { epoch: e.epoch, from: e.from, participants: rows, notPriced: null, totals: null, othersDelta: null };
    if (typeof e.settlement === "string") return { epoch: e.epoch, from: e.from, participants: rows, notPriced: e.settlement, totals: null, othersDelta: null };
    let coins: ReturnType<typeof priced>;
    try {
      coins = priced(e.settlement, rows, changed);
    } catch (err) {
      // the settlement refuses its input (a parameter it needs is missing): nothing to price with
      return { epoch: e.epoch, from: e.from, participants: rows, notPriced: `the epoch's settlement refuses its input: ${(err as Error).message}`, totals: null, othersDelta: null };
    }
    for (const r of rows) if (r.verdict !== "same" && r.verdict !== "unknown") r.coins = coins.get(r.address) ?? null;
    const delta = (cs: Iterable<{ paid: bigint; withChange: bigint }>): bigint => [...cs].reduce((a, c) => a + c.withChange - c.paid, 0n);
    const all = [...coins.values()];
    const moved = rows.flatMap((r) => (r.coins === null ? [] : [r.coins]));
    return {
      epoch: e.epoch,
      from: e.from,
      participants: rows,
      notPriced: null,
      totals: { paid: all.reduce((a, c) => a + c.paid, 0n), withChange: all.reduce((a, c) => a + c.withChange, 0n) },
      othersDelta: delta(all) - delta(moved),
    };
  });
}
