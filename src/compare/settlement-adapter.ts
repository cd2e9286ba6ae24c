/**
 * Adapter to the miss-test family's epoch evaluation (parseEpochInput / evaluateEpoch) for the
 * snapshot's `settlement` slice: the governance p0 it records, and every participant's verdict when
 * settlement runs with another governance p0 (the proposal's BinomTestP0 replaces the validation
 * params' value; a grace-epoch entry, if the slice has one, is dropped so the proposal's p0 decides;
 * without validation params the chain's default 0.10 applies).
 * The reward at stake is the slice's `rewards` map (reward weights before punishment), when it has one.
 */
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import { parseEpochInput } from "../misstest/epoch-input.js";
import { evaluateEpoch } from "../misstest/evaluate-epoch.js";
import type { MissTestEngine, SettlementRow } from "./engines.js";

const PATH = "snapshot: settlement";

function governanceP0(slice: Json): Decimal | undefined {
  const input = parseEpochInput(slice, PATH);
  // The governance parameter itself (a grace-epoch override is an upgrade's, not governance's).
  const g = input.validationParams?.binomTestP0 ?? null;
  return g === null ? undefined : Decimal.fromChain(g);
}

function settle(slice: Json, p0: Decimal): ReturnType<MissTestEngine["settle"]> {
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
  const d = ev.dynamicP0;
  const reason =
    d.reason === "governance-pass-through"
      ? "governance p0 above 0.5 is used as is"
      : d.reason === "sample-gate"
        ? `fewer than 1,000 requests or 5 participants with requests: the governance table ${d.governancePermille}‰`
        : `network miss share ${d.baselinePermille}‰ + 20‰ margin selects the ${d.selectedTablePermille}‰ table; governance table ${d.governancePermille}‰`;
  return {
    side: { governanceP0: p0.toString(), settlementP0: Decimal.fromChain(ev.p0).toString(), skipped: ev.skipPunishment, reason },
    rows,
  };
}

export const settlementEngine: Pick<MissTestEngine, "governanceP0" | "settle"> = { governanceP0, settle };
