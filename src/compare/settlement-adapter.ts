/**
 * Adapter to the miss-test family's epoch evaluation (parseEpochInput / evaluateEpoch) for the
 * snapshot's `settlement` slice: the governance p0 it records, and every participant's verdict when
 * settlement runs with another governance p0 (the proposal's BinomTestP0 replaces the validation
 * params' value; a grace-epoch entry, if the slice has one, is dropped so the proposal's p0 decides;
 * without validation params the chain's default 0.10 applies).
 * The reward at stake: when the slice holds the reward distribution's inputs (`settlement.reward`,
 * src/settlement/settlement-input.ts), the coins the participant is paid if it passes the miss test,
 * from the settlement under that p0 (src/settlement), in ngonka, and "zeroed" means the miss test
 * takes a reward the participant would otherwise get; otherwise the slice's `rewards` map (reward
 * weights before punishment), when it has one.
 */
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import { parseEpochInput } from "../misstest/epoch-input.js";
import { evaluateEpoch } from "../misstest/evaluate-epoch.js";
import { p0Decision } from "../misstest/p0-decision.js";
import type { MissTestEngine, SettlementRow } from "./engines.js";
import { isJsonObject } from "../json-input.js";
import { parseSettlementInput } from "../settlement/settlement-input.js";
import { settleAccounts } from "../settlement/settle-accounts.js";
import { LATEST_CHAIN_VERSION, type ChainVersion } from "../versions/chain-version.js";

const PATH = "snapshot: settlement";

function governanceP0(slice: Json): Decimal | undefined {
  const input = parseEpochInput(slice, PATH);
  // The governance parameter itself (a grace-epoch override is an upgrade's, not governance's).
  const g = input.validationParams?.binomTestP0 ?? null;
  return g === null ? undefined : Decimal.fromChain(g);
}

/** The settlement to the coin under governance p0 `p0` (grace entry dropped), as compare's rows. */
function settleToTheCoin(slice: Json, p0: Decimal, version: ChainVersion): ReturnType<MissTestEngine["settle"]> {
  const { input } = parseSettlementInput(slice, PATH);
  const s = settleAccounts({ ...input, validationParams: { binomTestP0: p0.toChain() }, graceEpoch: null }, version);
  const rows: SettlementRow[] = s.participants.map((p) => {
    const atStake = p.status === "ACTIVE" && p.weights.capped !== null && p.weights.capped > 0n && s.totalFullWeight > 0n ? (p.weights.capped * s.fixedEpochReward) / s.totalFullWeight : 0n;
    const failed = p.missTest !== null && !p.missTest.passed && !p.missTest.skipped;
    return { address: p.address, missed: p.missTest?.missed ?? 0n, total: p.missTest?.total ?? 0n, passed: !(failed && atStake > 0n), rewardAtStake: atStake };
  });
  const d = s.dynamicP0;
  return {
    side: { governanceP0: p0.toString(), settlementP0: Decimal.fromChain(d.p0).toString(), skipped: d.skipPunishment, reason: `${p0Decision(d, s.graceEpochApplied).words}; rewards settled to the coin on ${version} rules`, rewardUnit: "ngonka" },
    rows,
  };
}

function settle(slice: Json, p0: Decimal, version: ChainVersion = LATEST_CHAIN_VERSION): ReturnType<MissTestEngine["settle"]> {
  if (isJsonObject(slice) && slice.reward !== undefined) return settleToTheCoin(slice, p0, version);
  const input = parseEpochInput(slice, PATH);
  const chainP0 = p0.toChain();
  const ev = evaluateEpoch({ ...input, validationParams: { binomTestP0: chainP0 }, graceEpoch: null }, { exact: false });
  const rows: SettlementRow[] = ev.participants.map((p) => ({
    address: p.address,
    missed: p.missed ?? 0n,
    total: p.total ?? 0n,
    passed: p.outcome !== "zeroed",
    rewardAtStake: input.rewards?.get(p.address) ?? null,
  }));
  const reason = p0Decision(ev.dynamicP0, false).words;
  return {
    side: { governanceP0: p0.toString(), settlementP0: Decimal.fromChain(ev.p0).toString(), skipped: ev.skipPunishment, reason },
    rows,
  };
}

export const settlementEngine: Pick<MissTestEngine, "governanceP0" | "settle"> = { governanceP0, settle: (slice, p0) => settle(slice, p0) };

/** The same engine settling to the coin on `version`'s rules (the version compare resolved for the state). */
export function settlementEngineFor(version: ChainVersion): Pick<MissTestEngine, "governanceP0" | "settle"> {
  return { governanceP0, settle: (slice, p0) => settle(slice, p0, version) };
}
