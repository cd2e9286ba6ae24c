/** `gonka-spec settle`: what every participant was paid for an epoch, the weight path, and every reason for a zero. */
import { InputError, describeValue } from "../../errors.js";
import { Decimal } from "../../go/decimal.js";
import { parseDecimalText } from "../../go/chain-decimal.js";
import { checkedInt64 } from "../../go/int64.js";
import { isJsonObject } from "../../json-input.js";
import { checkP0 } from "../../misstest/epoch-input.js";
import { groupDigits } from "../../format/numbers.js";
import { textTable } from "../../compare/table.js";
import type { RecordedOutcome } from "../../sources/rest-dump/settlement-from-rest.js";
import { settlementFromRestDumps, settlementFromSnapshot, settlementInputsOf, type SettlementInputs } from "../../sources/settlement-inputs.js";
import { settleAccounts, type Settlement, type SettledParticipant } from "../../settlement/settle-accounts.js";
import { settlementVersion } from "../../settlement/settlement-version.js";
import type { VersionChoice } from "../../versions/chain-version.js";
import { versionJson } from "../../versions/resolve.js";
import { parse, readJsonFile, str, type Parsed } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument } from "../json-output.js";
import { clientOptions, nodeUrl, NODE_ENV, readSnapshotSource, SNAPSHOT_SOURCE_OPTIONS, SNAPSHOT_SOURCE_USAGE } from "../snapshot-source.js";

/** The coin every amount is in (types.BaseCoin). */
export const DENOM = "ngonka";

const usage = `Usage:
  gonka-spec settle --rest-dump DIR [--address A] [--chain-version V] [--json]
  gonka-spec settle --node URL --epoch E [--height H] [--address A] [--chain-version V] [--json]
  gonka-spec settle --snapshot FILE | --node URL [--height H] [--address A] [--chain-version V] [--json]

One epoch's settlement as the chain computes it (keeper.SettleAccounts → GetBitcoinSettleAmounts):
the fixed epoch reward with decay, each participant's weight path (full → confirmation rescale →
power cap → miss test), reward coins and work coins in ${DENOM}, and for every zero each cause in
plain words (excluded, confirmation weight 0, no validation weight, failed miss test, negative
balance, ...). Totals: fixed epoch reward, distributed, remainder (to governance).

${SNAPSHOT_SOURCE_USAGE}
  --epoch E            with --node: epoch E, read where its settlement inputs are in force: at S−1,
                       S being the block that settled it (located from the chain: EpochGroupData(E+1)
                       and the epoch params), with the chain version in force at S and what the chain
                       paid read at --height (default latest), by which E must have settled. Without
                       --epoch, --node reads one snapshot at --height (its last settled epoch).
                       With --rest-dump: the epoch to settle when the dump holds several
  --address A          one participant
  --chain-version V    the rules to settle with (v0.2.10 … v0.2.14); default: recorded in the snapshot, else
                       the mainnet upgrade table at the settlement height (candidates that settle this
                       epoch identically are accepted; otherwise the flag is required)
  --validation-params group|saved   REST dump only: binom_test_p0 from the epoch group's own copy
                       (default) or from the saved module params
  --coin-balances FILE REST dump only: {address: coin balance} (the dump has no balances)
  --grace-p0 P         REST dump only: a punishment grace epoch's p0 for this epoch (no REST query)
  --json               JSON (schema gonka-spec/settle@1)

When the source records what the chain paid (a REST dump's epoch performance summaries, a snapshot's
chain.settlementOutcome) every row is compared: exit 1 if any differs. Exit 2 on bad input.`;

const options = {
  ...SNAPSHOT_SOURCE_OPTIONS,
  address: { type: "string" },
  "chain-version": { type: "string" },
  "validation-params": { type: "string" },
  "coin-balances": { type: "string" },
  "grace-p0": { type: "string" },
  epoch: { type: "string" },
  json: { type: "boolean" },
} as const;

function coinBalances(file: string): Map<string, bigint> {
  const j = readJsonFile(file);
  if (!isJsonObject(j)) throw new InputError(`expected an object {address: balance}, got ${describeValue(j)}`, file);
  return new Map(Object.keys(j).map((k) => [k, checkedInt64(j[k], `${file}: ${k}`)] as const));
}

/** The settlement input from --rest-dump, or the snapshot's settlement slice. */
export async function loadSettlement(p: Parsed, io?: CliIO): Promise<SettlementInputs> {
  const dirs = p.values["rest-dump"] === undefined ? undefined : ([] as string[]).concat(p.values["rest-dump"] as string | string[]);
  const restOnly = ["validation-params", "coin-balances", "grace-p0"].filter((f) => p.values[f] !== undefined);
  if (dirs !== undefined) {
    if (str(p, "snapshot") !== undefined || str(p, "node") !== undefined || str(p, "rpc") !== undefined) throw new InputError("give one of --rest-dump DIR, --snapshot FILE or --node URL");
    const vp = str(p, "validation-params");
    if (vp !== undefined && vp !== "group" && vp !== "saved") throw new InputError(`expected group or saved, got ${describeValue(vp)}`, "--validation-params");
    const cb = str(p, "coin-balances");
    const g = str(p, "grace-p0");
    // the chain stores a grace epoch's p0 as Decimal{int64, int32}: the bounds every decimal from a user or a file gets
    const graceP0 = g === undefined ? null : parseDecimalText(g, "--grace-p0").toChain();
    checkP0(graceP0, "--grace-p0");
    const ep = str(p, "epoch");
    if (ep !== undefined && !/^\s*\d{1,19}\s*$/.test(ep)) throw new InputError(`expected an epoch number, got ${describeValue(ep)}`, "--epoch");
    const chainId = str(p, "chain-id");
    return settlementFromRestDumps(dirs, {
      ...(ep !== undefined ? { epoch: BigInt(ep.trim()) } : {}),
      ...(vp !== undefined ? { validationParams: vp } : {}),
      ...(cb !== undefined ? { coinBalances: coinBalances(cb) } : {}),
      ...(chainId !== undefined ? { chainId } : {}),
      graceP0,
    });
  }
  if (restOnly.length > 0) throw new InputError(`--${restOnly[0]} applies to --rest-dump only (a snapshot records its own choice)`);
  const epoch = str(p, "epoch");
  if (epoch !== undefined) return settlementFromNodeAtS(p, epoch, io);
  return settlementInputsOf(await readSnapshotSource(p));
}

/** `--node URL --epoch E`: the epoch read at S−1 (src/chain/read-settled-epoch.ts), progress on stderr. */
async function settlementFromNodeAtS(p: Parsed, epochText: string, io?: CliIO): Promise<SettlementInputs> {
  if (!/^\s*\d{1,19}\s*$/.test(epochText)) throw new InputError(`expected an epoch number, got ${describeValue(epochText)}`, "--epoch");
  const E = BigInt(epochText.trim());
  if (str(p, "snapshot") !== undefined) throw new InputError("--epoch applies to --node only (a snapshot file holds one epoch)");
  const url = nodeUrl(p);
  if (url === undefined) throw new InputError(`--epoch needs a node: --node URL (or --rpc URL, or the ${NODE_ENV} environment variable)`);
  const { readSettledEpochs } = await import("../../chain/read-settled-epoch.js");
  const height = str(p, "height");
  const [r] = await readSettledEpochs(url, [E], {
    ...clientOptions(p),
    ...(height !== undefined ? { height } : {}),
    onEpoch: ({ settlementHeight }) => io?.err(`settle: epoch ${E} settled in block ${settlementHeight}: reading its inputs at height ${settlementHeight - 1n} from ${url}`),
  });
  return settlementFromSnapshot(r!.snapshot, `${url}@${r!.snapshot.height}`);
}

const coins = (x: bigint): string => `${groupDigits(x)} ${DENOM}`;
const w = (x: bigint | null): string => (x === null ? "–" : groupDigits(x));

function mismatches(s: Settlement, recorded: Map<string, RecordedOutcome> | null): { address: string; rewardCoins: bigint; recordedRewardCoins: bigint | null; workCoins: bigint; recordedWorkCoins: bigint | null }[] {
  if (recorded === null) return [];
  const out = [];
  for (const p of s.participants) {
    const r = recorded.get(p.address);
    if (r === undefined || r.rewardedCoins !== p.rewardCoins || r.earnedCoins !== p.workCoins) {
      out.push({ address: p.address, rewardCoins: p.rewardCoins, recordedRewardCoins: r?.rewardedCoins ?? null, workCoins: p.workCoins, recordedWorkCoins: r?.earnedCoins ?? null });
    }
  }
  return out;
}

function p0Line(s: Settlement): string {
  const d = s.dynamicP0;
  const p0 = Decimal.fromChain(d.p0).toFixed(3);
  const why =
    d.reason === "governance-pass-through"
      ? "governance p0 above 0.5, used as is"
      : d.reason === "sample-gate"
        ? `fewer than 1,000 requests or 5 participants with requests: the governance table ${d.governancePermille}‰`
        : `network miss share ${d.baselinePermille}‰ + 20‰ → ${d.selectedTablePermille}‰ table; governance ${d.governancePermille}‰${s.graceEpochApplied ? " (grace epoch)" : ""}`;
  return `miss test p0 ${p0} (${why})${d.skipPunishment ? "; circuit breaker: no punishment" : ""}`;
}

function participantJson(p: SettledParticipant): object {
  return {
    address: p.address,
    status: p.status,
    rewardCoins: p.rewardCoins.toString(),
    workCoins: p.workCoins.toString(),
    denom: DENOM,
    weights: p.weights,
    effectiveRule: p.effectiveRule,
    rewardBeforeDebt: p.rewardBeforeDebt,
    debtRecovered: p.debtRecovered,
    coinBalance: p.coinBalance,
    exclusion: p.exclusion,
    missTest: p.missTest === null ? null : { missed: p.missTest.missed, total: p.missTest.total, passed: p.missTest.passed, maxAllowed: p.missTest.maxAllowed, skipped: p.missTest.skipped },
    zeroCauses: p.zeroCauses,
  };
}

function text(s: Settlement, l: SettlementInputs, choice: VersionChoice, rows: SettledParticipant[], diffs: ReturnType<typeof mismatches>): string {
  const out: string[] = [];
  out.push(`settle: epoch ${s.epoch} on ${choice.version} rules (${choice.detail}); source ${l.label}${l.settlementHeight === null ? "" : `, settlement height ${groupDigits(l.settlementHeight)}`}`);
  out.push(`fixed epoch reward ${coins(s.fixedEpochReward)} (${s.epochsSinceGenesis} epochs since genesis)${s.fixedEpochRewardError === null ? "" : ` — ${s.fixedEpochRewardError}`}`);
  out.push(`total full weight ${groupDigits(s.totalFullWeight)} (the denominator; excluded and inactive participants count in it)`);
  out.push(s.capping.wasCapped ? `power cap ${groupDigits(s.capping.cap!)} (${Decimal.fromChain(s.capping.maxPercentage).toString()} of the total)` : `power cap: not binding (limit ${Decimal.fromChain(s.capping.maxPercentage).toString()} of the total)`);
  out.push(p0Line(s));
  out.push(`distributed ${coins(s.distributed)}; remainder ${coins(s.remainder)} (to governance${s.useBitcoinRewards ? "" : " when use_bitcoin_rewards"})`);
  const zero = s.participants.filter((p) => p.rewardCoins === 0n).length;
  out.push(`participants ${s.participants.length}: ${s.participants.length - zero} paid, ${zero} zero`);
  out.push("");
  const table = rows.map((p) => [
    p.address, // full: an operator copies it into --address
    p.status,
    w(p.weights.full),
    w(p.weights.effective),
    w(p.weights.capped),
    w(p.weights.afterDowntime),
    groupDigits(p.rewardCoins),
    groupDigits(p.workCoins),
  ]);
  out.push(textTable(["participant", "status", "full", "→ confirmed", "→ capped", "→ miss test", `reward (${DENOM})`, `work (${DENOM})`], table, ["left", "left"]));
  const zeros = rows.filter((p) => p.zeroCauses.length > 0);
  if (zeros.length > 0) {
    out.push("");
    out.push("why zero:");
    for (const p of zeros) out.push(`  ${p.address}: ${p.zeroCauses.map((c) => c.detail).join("; ")}`);
  }
  if (l.recorded !== null) {
    out.push("");
    out.push(diffs.length === 0 ? `the chain recorded the same reward and work coins for all ${s.participants.length} participants` : `DIFFERS from what the chain recorded for ${diffs.length} participants:`);
    for (const d of diffs.slice(0, 20)) out.push(`  ${d.address}: port ${groupDigits(d.rewardCoins)}, chain ${d.recordedRewardCoins === null ? "no record" : groupDigits(d.recordedRewardCoins)} ${DENOM}`);
  }
  const gaps = l.assumptions.filter((a) => a.rowsAffected > 0 || a.flag !== undefined);
  if (l.assumptions.length > 0) {
    out.push("");
    out.push("what the source lacks, and the assumption made:");
    for (const a of l.assumptions) out.push(`  - ${a.input}: ${a.assumption}${a.rowsAffected > 0 ? ` (could change ${a.rowsAffected} rows)` : ""}${a.flag !== undefined ? ` [${a.flag}]` : ""}`);
  }
  void gaps;
  return out.join("\n");
}

export const settleCommand: Command = {
  name: "settle",
  summary: "an epoch's settlement to the coin: each participant's reward and work coins, weight path and every reason for a zero",
  usage,
  async run(args: string[], io: CliIO): Promise<number> {
    const p = parse(args, options);
    const l = await loadSettlement(p, io);
    const choice = settlementVersion(str(p, "chain-version"), l.settlementHeight, l.chainId, l.recordedVersion);
    const s = settleAccounts(l.input, choice.version);
    const address = str(p, "address");
    let rows = s.participants;
    if (address !== undefined) {
      rows = s.participants.filter((x) => x.address === address);
      if (rows.length === 0) throw new InputError(`not a participant of epoch ${s.epoch} (${s.participants.length} participants settled)`, `--address ${address}`);
    }
    const diffs = mismatches(s, l.recorded);
    if (p.values.json) {
      io.out(
        jsonDocument("settle", {
          epoch: s.epoch,
          chainVersion: versionJson(choice),
          source: l.label,
          settlementHeight: l.settlementHeight,
          denom: DENOM,
          fixedEpochReward: s.fixedEpochReward,
          epochsSinceGenesis: s.epochsSinceGenesis,
          distributed: s.distributed,
          remainder: s.remainder,
          totalFullWeight: s.totalFullWeight,
          powerCap: s.capping.wasCapped ? s.capping.cap : null,
          p0: Decimal.fromChain(s.dynamicP0.p0).toString(),
          p0Reason: s.dynamicP0.reason,
          punishmentSkipped: s.dynamicP0.skipPunishment,
          supplyCap: s.supplyCap,
          participants: rows.map(participantJson),
          chainRecorded: l.recorded === null ? null : { matches: s.participants.length - diffs.length, differs: diffs },
          assumptions: l.assumptions,
        }),
      );
    } else io.out(text(s, l, choice, rows, diffs));
    return diffs.length === 0 ? 0 : 1;
  },
};
