/**
 * Read an epoch from a node at the height its settlement inputs are in force: S−1, where S is the block
 * whose EndBlock settled it (docs/snapshot.md, "The settlement height"). Settlement resets every
 * participant's coin balance and live counts in S, so the inputs are read before S; what it paid (the
 * EpochPerformanceSummary of each participant) exists only from S on, so it is read at the reference
 * height H (--height, default the latest block). One ChainClient serves every epoch of a run: the
 * --timeout, --budget and --max-response-mb limits apply to the whole run, not per epoch.
 *
 * S is located from the chain, never guessed: EpochGroupData(E+1, "").poc_start_block_height at H with
 * the epoch params at H gives a first S; the params at S−1 (the ones EndBlock of S ran with) give the
 * final one (buildSnapshot recomputes S from them; a disagreement re-reads at the corrected S−1).
 */
import type { JsonObject, Snapshot } from "../snapshot/snapshot.js";
import { versionFromAppliedPlans, UPGRADE_PLAN_NAMES, type NodeChainVersion } from "./applied-plan.js";
import { buildSnapshot } from "./build-snapshot.js";
import { endOfPoCValidation } from "./epoch-stages.js";
import type { PinnedReader } from "./client.js";
import { ChainError } from "./errors.js";
import { openPinned, type SnapshotFromRpcOptions } from "./index.js";
import * as Q from "./queries.js";

export interface SettledEpochRead {
  epoch: bigint;
  /** S: the block whose EndBlock settled the epoch. */
  settlementHeight: bigint;
  /** The snapshot read at S−1, with the chain version in force at S and the outcome read at H. */
  snapshot: Snapshot;
  /** The reference height H (where S was located and the outcome read). */
  referenceHeight: bigint;
}

export interface ReadSettledOptions extends SnapshotFromRpcOptions {
  /** Called before each epoch is read (for progress lines). */
  onEpoch?: (e: { epoch: bigint; index: number; count: number; settlementHeight: bigint }) => void;
}

/** The settlement block of epoch E from E+1's PoC start and the epoch params of a reader. */
async function locateS(E: bigint, rH: PinnedReader, H: bigint): Promise<bigint> {
  const [next, params] = await Promise.all([Q.epochGroupData(rH, E + 1n, ""), Q.params(rH)]);
  if (!next || next.pocStartBlockHeight === 0n) {
    throw new ChainError("not-found", `epoch ${E} has not settled by height ${H}: epoch ${E + 1n} has no root epoch group there (its PoC has not started; EpochGroupData(${E + 1n}, "") answered NotFound)`);
  }
  const ep = params?.epochParams;
  if (!ep) throw new ChainError("not-found", `no epoch params at height ${H}: the settlement block of epoch ${E} cannot be located`);
  return endOfPoCValidation(next.pocStartBlockHeight, ep);
}

/** The version in force in block S (a plan applied at U runs from block U on), as the snapshot's chainVersion. */
function versionAtS(applied: Map<string, bigint>, S: bigint, H: bigint): JsonObject {
  const v: NodeChainVersion = versionFromAppliedPlans(applied, S);
  const detail = v.plan === null ? v.detail : `${v.detail.replace(/ \(cosmos\.upgrade AppliedPlan at height \d+\)/, "")}, in force at settlement block ${S} (cosmos.upgrade AppliedPlan at height ${H})`;
  return { version: v.version, source: "node", detail, plan: v.plan, upgrades: v.upgrades.map((u) => ({ name: u.name, height: u.height })) };
}

type Row = { address: string; currentEpochStats?: { inferenceCount: bigint; missedRequests: bigint } };

/**
 * What settlement recorded (EpochPerformanceSummary(E, p) at H ≥ S): the outcome, and the counts it
 * used (InferenceCount and MissedRequests are copied into the summary from the stats settlement read).
 * The live counts at S−1 miss requests recorded in block S itself; the summaries do not.
 */
async function applyOutcome(snapshot: Snapshot, E: bigint, rH: PinnedReader, H: bigint, S: bigint): Promise<void> {
  const slice = snapshot.settlement as { participants: Row[]; reward?: { assumptions?: { input: string; assumption: string; flag?: string; rowsAffected: number }[] } };
  const rows = slice.participants;
  const sums = await Promise.all(rows.map((r) => Q.performanceSummary(rH, E, r.address)));
  const chain = snapshot.chain as JsonObject;
  const outcome: JsonObject = {};
  let found = 0;
  let differ = 0;
  for (const [i, s] of sums.entries()) {
    if (!s) continue;
    found++;
    const row = rows[i]!;
    outcome[row.address] = { rewardedCoins: s.rewardedCoins, earnedCoins: s.earnedCoins, claimed: s.claimed };
    const live = row.currentEpochStats;
    if (!live || live.inferenceCount !== s.inferenceCount || live.missedRequests !== s.missedRequests) differ++;
    row.currentEpochStats = { inferenceCount: s.inferenceCount, missedRequests: s.missedRequests };
  }
  const assumptions = slice.reward?.assumptions;
  if (found === rows.length && rows.length > 0) {
    chain.settlementOutcome = outcome;
    if (assumptions) {
      const i = assumptions.findIndex((a) => a.input === "participants[].currentEpochStats");
      if (i >= 0) assumptions.splice(i, 1);
      assumptions.push({
        input: "participants[].currentEpochStats",
        assumption: `the counts settlement used, from EpochPerformanceSummary(${E}) at height ${H}; the live counts at ${S - 1n} differ on ${differ} rows (requests recorded in block ${S})`,
        rowsAffected: 0,
      });
    }
  } else {
    // Some participants have no summary at H: the live counts at S−1 (named by the slice), no outcome.
    // (The rows that had one already carry its counts: those are exact either way.)
    (chain.warnings as string[]).push(`${rows.length - found} of ${rows.length} participants of epoch ${E} have no EpochPerformanceSummary at height ${H}: what the chain paid is not compared`);
  }
}

/**
 * Read each epoch of `epochs` at its own S−1 (S located from the chain at the reference height),
 * with the chain version in force at S and what the chain paid (read at the reference height).
 */
export async function readSettledEpochs(url: string, epochs: bigint[], options: ReadSettledOptions = {}): Promise<SettledEpochRead[]> {
  const { client, reader: rH, chainId } = await openPinned(url, options);
  try {
    const H = BigInt(rH.height);
    const applied = new Map(await Promise.all(UPGRADE_PLAN_NAMES.map(async (n) => [n, await Q.appliedPlan(rH, n)] as const)));
    const out: SettledEpochRead[] = [];
    for (const [index, E] of epochs.entries()) {
      let S = await locateS(E, rH, H);
      let snapshot: Snapshot | undefined;
      for (let tries = 0; ; tries++) {
        if (S > H) throw new ChainError("future", `epoch ${E} settles at block ${S}, after height ${H}: it has not been settled yet`);
        if (S <= 1n) throw new ChainError("not-found", `epoch ${E}: settlement block ${S} leaves no block before it to read`);
        options.onEpoch?.({ epoch: E, index, count: epochs.length, settlementHeight: S });
        snapshot = await buildSnapshot(client.at(Number(S - 1n)), { chainId, settlementEpoch: E, pageLimit: options.pageLimit });
        const s2 = (snapshot.chain as { settlementHeight: bigint | null }).settlementHeight;
        if (s2 === null || s2 === S) break;
        // The epoch params at S−1 (what EndBlock of S ran with) place S elsewhere: read there.
        if (tries >= 2) throw new ChainError("query", `epoch ${E}: the settlement block does not settle (${S}, then ${s2} from the epoch params at ${S - 1n}); the epoch params changed around it`);
        S = s2;
      }
      snapshot.chainVersion = versionAtS(applied, S, H);
      snapshot.chainId = chainId;
      await applyOutcome(snapshot, E, rH, H, S);
      out.push({ epoch: E, settlementHeight: S, snapshot, referenceHeight: H });
    }
    return out;
  } finally {
    client.disconnect();
  }
}
