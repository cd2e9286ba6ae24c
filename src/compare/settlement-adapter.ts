/**
 * Adapter to the miss-test family's epoch evaluation (parseEpochInput / evaluateEpoch) for the
 * snapshot's `settlement` slice: the governance p0 it records, and every participant's verdict when
 * settlement runs with another governance p0 (the proposal's BinomTestP0 replaces the validation
 * params' value; a grace-epoch entry, if the slice has one, is dropped so the proposal's p0 decides;
 * without validation params the chain's default 0.10 applies).
 *
 * The chain client writes the slice with `epochIndex` and per-participant `rewardedCoins`/`earnedCoins`;
 * the epoch input reads `epoch` and a `rewards` map. This adapter maps the first onto the second: the
 * reward at stake is `rewards[address]` when the slice has that map, else the participant's
 * `rewardedCoins` (what settlement paid; 0 for someone already zeroed on chain).
 */
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import { parseEpochInput } from "../misstest/epoch-input.js";
import { evaluateEpoch } from "../misstest/evaluate-epoch.js";
import type { MissTestEngine, SettlementRow } from "./engines.js";
import { type JsonObject, isJsonObject } from "../json-input.js";

const PATH = "snapshot: settlement";

/** The slice in the epoch input's shape, plus the reward at stake per address. */
function normalise(slice: Json): { doc: JsonObject; rewards: Map<string, bigint> } {
  const src = isJsonObject(slice) ? slice : {};
  const doc: JsonObject = {};
  const rewards = new Map<string, bigint>();
  for (const k of ["epoch", "validationParams", "graceEpoch", "participants", "rewards", "weights", "comment"]) if (src[k] !== undefined) doc[k] = src[k]!;
  if (doc.epoch === undefined && src.epochIndex !== undefined) doc.epoch = src.epochIndex!;
  const participants = Array.isArray(src.participants) ? src.participants : [];
  const explicit = src.rewards ?? src.weights;
  if (isJsonObject(explicit)) {
    for (const [a, v] of Object.entries(explicit)) if (typeof v === "bigint" || typeof v === "number" || typeof v === "string") rewards.set(a, BigInt(v));
  } else {
    for (const p of participants) {
      if (!isJsonObject(p) || typeof p.address !== "string") continue;
      const r = p.rewardedCoins;
      if (typeof r === "bigint" || (typeof r === "number" && Number.isSafeInteger(r)) || (typeof r === "string" && /^\d+$/.test(r))) rewards.set(p.address, BigInt(r));
    }
  }
  return { doc, rewards };
}

function governanceP0(slice: Json): Decimal | undefined {
  const input = parseEpochInput(normalise(slice).doc, PATH);
  // The governance parameter itself (a grace-epoch override is an upgrade's, not governance's).
  const g = input.validationParams?.binomTestP0 ?? null;
  return g === null ? undefined : Decimal.fromChain(g);
}

function settle(slice: Json, p0: Decimal): ReturnType<MissTestEngine["settle"]> {
  const { doc, rewards } = normalise(slice);
  const input = parseEpochInput(doc, PATH);
  const chainP0 = p0.toChain();
  const ev = evaluateEpoch({ ...input, validationParams: { binomTestP0: chainP0 }, graceEpoch: null }, { exact: false });
  const rows: SettlementRow[] = ev.participants.map((p) => ({
    address: p.address,
    missed: p.missed ?? 0n,
    total: p.total ?? 0n,
    passed: p.outcome !== "zeroed",
    rewardAtStake: rewards.get(p.address) ?? null,
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
