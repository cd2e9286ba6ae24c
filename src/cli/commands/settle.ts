/** `gonka-spec settle`: what every participant was paid for an epoch, the weight path, and every reason for a zero. */
import { InputError, describeValue } from "../../errors.js";
import { Decimal } from "../../go/decimal.js";
import { groupDigits } from "../../format/numbers.js";
import { coinsText, gnkCell } from "../../format/coins.js";
import { textTable } from "../../compare/table.js";
import { PARAMS_AT_SETTLEMENT_INPUT, type RecordedOutcome } from "../../sources/rest-dump/settlement-from-rest.js";
import { settlementFromRestDumps, settlementFromSnapshot, settlementInputsOf, type SettlementInputs } from "../../sources/settlement-inputs.js";
import { settleAccounts, type Settlement, type SettledParticipant } from "../../settlement/settle-accounts.js";
import type { ZeroCause, ZeroCauseCode } from "../../settlement/zero-causes.js";
import { settlementVersion } from "../../settlement/settlement-version.js";
import { assumptionsReadBy } from "../../settlement/settlement-input.js";
import { p0Decision } from "../../misstest/p0-decision.js";
import { gapSummary, gapsWithFlagsTaken, gapWarnings } from "../../sources/rest-dump/dump-gap.js";
import { coinsWithoutCauses, type CauseLifted } from "../../settlement/lift-zero-cause.js";
import { indexAssumptions, lackText, type AssumptionIndex } from "../../assumptions.js";
import { causeAssumption, causesUnderAssumptions } from "../../settlement/assumed-causes.js";
import type { SettlementAssumption } from "../../settlement/settlement-input.js";
import type { VersionChoice } from "../../versions/chain-version.js";
import { familyVersionRange } from "../chain-version-flag.js";
import { versionJson } from "../../versions/resolve.js";
import { flagTaken, parse, str, type Parsed } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument } from "../json-output.js";
import { answerRestitution, restitutionJson, restitutionRequest, restitutionText, RESTITUTION_OPTIONS, RESTITUTION_USAGE, strings, writeRestitution } from "./settle-restitution.js";
import {
  clientOptions, nodeUrl, NODE_ENV, readSnapshotSource, refuseNodeFlags, refuseRestSettlementFlags, restSettlementOptions, REST_DUMP_SETTLEMENT_OPTIONS, REST_DUMP_SETTLEMENT_USAGE, SNAPSHOT_SOURCE_OPTIONS,
  SNAPSHOT_SOURCE_USAGE,
} from "../snapshot-source.js";

/** The coin every amount is in (types.BaseCoin). */
export const DENOM = "ngonka";

const usage = `Usage:
  gonka-spec settle --rest-dump DIR [--address A]... [--chain-version V] [--json]
  gonka-spec settle --node URL --epoch E [--height H] [--address A]... [--chain-version V] [--json]
  gonka-spec settle --snapshot FILE | --node URL [--height H] [--address A]... [--chain-version V] [--json]
  gonka-spec settle SOURCE [--restitution FILE.csv|FILE.json] [--together] [--reason R]... [--address A]...

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
  --address A          one participant (repeatable: several)
  --chain-version V    the rules to settle with (${familyVersionRange("settlement")}); default: recorded in the snapshot, else
                       the mainnet upgrade table at the settlement height (candidates that settle this
                       epoch identically are accepted; otherwise the flag is required)
${REST_DUMP_SETTLEMENT_USAGE}
  --verbose            list each input the source lacks, with the assumption made (default: one line)
  --json               JSON (schema gonka-spec/settle@1)

${RESTITUTION_USAGE}

When the source records what the chain paid (a REST dump's epoch performance summaries, a snapshot's
chain.settlementOutcome) every row is compared: exit 1 if any differs. Exit 2 on bad input.`;

const options = {
  ...SNAPSHOT_SOURCE_OPTIONS,
  address: { type: "string", multiple: true },
  "chain-version": { type: "string" },
  ...REST_DUMP_SETTLEMENT_OPTIONS,
  ...RESTITUTION_OPTIONS,
  epoch: { type: "string" },
  json: { type: "boolean" },
} as const;

/** The settlement input from --rest-dump, or the snapshot's settlement slice. */
export async function loadSettlement(p: Parsed, io?: CliIO): Promise<SettlementInputs> {
  const dirs = p.values["rest-dump"] === undefined ? undefined : ([] as string[]).concat(p.values["rest-dump"] as string | string[]);
  if (dirs !== undefined) {
    if (str(p, "snapshot") !== undefined || str(p, "node") !== undefined || str(p, "rpc") !== undefined) throw new InputError("give one of --rest-dump DIR, --snapshot FILE or --node URL");
    refuseNodeFlags(p);
    const ep = str(p, "epoch");
    if (ep !== undefined && !/^\s*\d{1,19}\s*$/.test(ep)) throw new InputError(`expected an epoch number, got ${describeValue(ep)}`, "--epoch");
    const chainId = str(p, "chain-id");
    return settlementFromRestDumps(dirs, {
      ...restSettlementOptions(p),
      ...(ep !== undefined ? { epoch: BigInt(ep.trim()) } : {}),
      ...(chainId !== undefined ? { chainId } : {}),
    });
  }
  refuseRestSettlementFlags(p);
  const epoch = str(p, "epoch");
  if (epoch !== undefined) return settlementFromNodeAtS(p, epoch, io);
  return settlementInputsOf(await readSnapshotSource(p, io !== undefined ? { warn: (l) => io.err(l) } : {}));
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

const coins = (x: bigint): string => coinsText(x);
const gnk = (x: bigint): string => gnkCell(x);
const w = (x: bigint | null): string => (x === null ? "–" : groupDigits(x));

/** The source holds module params saved after the epoch (a REST dump's params answer), named among its assumptions. */
const paramsSavedLater = (l: SettlementInputs): boolean => l.assumptions.some((a) => a.input === PARAMS_AT_SETTLEMENT_INPUT);

/** What a differing row read that the source may not hold as the chain had it: a code (JSON), and its words, printed once under the rows. */
const IN_DOUBT = {
  "not-active-on-chain": "the chain paid it neither reward nor work coins, as it pays a participant not ACTIVE at settlement, and the source holds no exclusion of it (an excluded-participants answer would say)",
  "poc-weight-scale-factors": "its effective weight reads its node total (confirmation weight × weight ÷ node total when the weight is below it), which v0.2.12 computes with the PoC model weight scale factors, read here from params saved later",
  "assumed-input": "its zero rests on an input the source lacks, filled with an assumption (marked not computable above)",
} as const;
type InDoubt = keyof typeof IN_DOUBT;

/** Where to look for a differing row, never a cause: inputs the row read that the source may not hold as the chain had them. */
function inputsInDoubt(p: SettledParticipant, r: RecordedOutcome | undefined, l: SettlementInputs): InDoubt[] {
  const out: InDoubt[] = [];
  if (p.zeroCauses.some((c) => c.notComputable !== undefined)) out.push("assumed-input");
  if (r !== undefined && r.rewardedCoins === 0n && r.earnedCoins === 0n && p.status === "ACTIVE" && p.exclusion === null && (p.rewardCoins > 0n || p.workCoins > 0n)) out.push("not-active-on-chain");
  if (p.effectiveRule === "confirmation-rescaled-poc-coefficients" && paramsSavedLater(l)) out.push("poc-weight-scale-factors");
  return out;
}

function mismatches(s: Settlement, l: SettlementInputs): { address: string; rewardCoins: bigint; recordedRewardCoins: bigint | null; workCoins: bigint; recordedWorkCoins: bigint | null; inputsInDoubt: InDoubt[] }[] {
  const recorded = l.recorded;
  if (recorded === null) return [];
  const out = [];
  for (const p of s.participants) {
    const r = recorded.get(p.address);
    if (r === undefined || r.rewardedCoins !== p.rewardCoins || r.earnedCoins !== p.workCoins) {
      out.push({ address: p.address, rewardCoins: p.rewardCoins, recordedRewardCoins: r?.rewardedCoins ?? null, workCoins: p.workCoins, recordedWorkCoins: r?.earnedCoins ?? null, inputsInDoubt: inputsInDoubt(p, r, l) });
    }
  }
  return out;
}

function p0Line(s: Settlement): string {
  return `miss test p0 ${Decimal.fromChain(s.dynamicP0.p0).toFixed(3)} (${p0Decision(s.dynamicP0, s.graceEpochApplied).words})`;
}

function participantJson(p: SettledParticipant, lifts: Map<string, Lifts>): object {
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
    zeroCauses: p.zeroCauses.map((c, i) => ({ ...c, withoutCause: lifts.get(p.address)!.each[i]! })),
    ...(lifts.get(p.address)?.all ? { withoutEveryCause: lifts.get(p.address)!.all } : {}),
  };
}

/** "12.5 GNK (12,500,000,000 ngonka), with status ACTIVE (not excluded)", "still 0 (also …)", "not meaningful: …". */
function liftText(l: CauseLifted): string {
  if ("notMeaningful" in l) return `not meaningful: ${l.notMeaningful}`;
  if ("notComputable" in l) return `not computable: ${l.notComputable}`;
  const p0 = l.p0Changed === null ? "" : `; the network's miss share moves p0 to ${l.p0Changed}`;
  if (l.restsOn !== undefined) return `still 0 with ${l.lifted}, by ${l.stillZeroBy.join(", ")}, which rests on an assumed input: not computable: ${l.restsOn}${p0}`;
  if (l.rewardCoins === 0n) return `still 0 with ${l.lifted}${l.stillZeroBy.length > 0 ? `: also ${l.stillZeroBy.join(", ")}` : ""}${p0}`;
  return `${coinsText(l.rewardCoins)} with ${l.lifted}${p0}`;
}

/** One cause and what lifting it pays, on one line: a cause resting on an assumption is "not computable", with what the assumption gave. */
function causeLine(c: ZeroCause, l: CauseLifted): string {
  if (c.notComputable !== undefined) return `not computable: ${c.notComputable.lack} → what that assumption gives: ${c.detail}`;
  return `${c.detail} → without it: ${liftText(l)}`;
}

interface Lifts {
  /** Each cause lifted alone, in zeroCauses order. */
  each: CauseLifted[];
  /** Every cause lifted together, with those a lift uncovers (when one lift alone leaves it at 0). */
  all: CauseLifted | null;
}

/**
 * Each zeroed row's causes lifted one at a time, and all together when there are several. A cause that
 * rests on an assumed input is not lifted (what it would pay is not computable either), and a re-run
 * still zeroed by such a cause says so.
 */
function liftAll(l: SettlementInputs, s: Settlement, rows: SettledParticipant[], index: AssumptionIndex<SettlementAssumption>): Map<string, Lifts> {
  const out = new Map<string, Lifts>();
  const lift = (p: SettledParticipant, codes: ZeroCauseCode[]): CauseLifted => {
    const r = coinsWithoutCauses(l.input, s.version, s, p.address, codes);
    if (!("stillZeroBy" in r)) return r;
    const a = r.stillZeroBy.map((c) => causeAssumption(c, p.effectiveRule, p.address, index)).find((x) => x !== undefined);
    return a === undefined ? r : { ...r, restsOn: lackText(a) };
  };
  for (const p of rows) {
    if (p.zeroCauses.length === 0 || out.has(p.address)) continue;
    const codes = p.zeroCauses.map((c) => c.code);
    const each = p.zeroCauses.map((c): CauseLifted => (c.notComputable !== undefined ? { notComputable: c.notComputable.lack } : lift(p, [c.code])));
    // Every cause together, and those a lifted cause uncovers (an excluded participant's confirmation weight).
    let all: CauseLifted | null = null;
    const assumed = p.zeroCauses.find((c) => c.notComputable !== undefined);
    if (assumed !== undefined) all = codes.length > 1 ? { notComputable: assumed.notComputable!.lack } : null;
    else if (codes.length > 1 || (each[0] !== undefined && "stillZeroBy" in each[0] && each[0].stillZeroBy.length > 0 && each[0].restsOn === undefined)) {
      const lifting = [...codes];
      for (let round = 0; round < 4; round++) {
        all = lift(p, lifting);
        if (!("stillZeroBy" in all) || all.stillZeroBy.length === 0 || all.restsOn !== undefined) break;
        lifting.push(...all.stillZeroBy);
      }
    }
    out.set(p.address, { each, all });
  }
  return out;
}

function text(parsed: Parsed, s: Settlement, l: SettlementInputs, choice: VersionChoice, rows: SettledParticipant[], diffs: ReturnType<typeof mismatches>, lifts: Map<string, Lifts>, verbose: boolean, restitution: string[]): string {
  const out: string[] = [];
  out.push(`settle: epoch ${s.epoch} on ${choice.version} rules (${choice.detail}); source ${l.label}${l.settlementHeight === null ? "" : `, settlement height ${groupDigits(l.settlementHeight)}`}`);
  out.push(`fixed epoch reward ${coins(s.fixedEpochReward)}, ${s.epochsSinceGenesis} epochs since genesis${s.fixedEpochRewardError === null ? "" : ` — ${s.fixedEpochRewardError}`}`);
  out.push(`total full weight ${groupDigits(s.totalFullWeight)} (the denominator; excluded and inactive participants count in it)`);
  out.push(s.capping.wasCapped ? `power cap ${groupDigits(s.capping.cap!)} (${Decimal.fromChain(s.capping.maxPercentage).toString()} of the total)` : `power cap: not binding (limit ${Decimal.fromChain(s.capping.maxPercentage).toString()} of the total)`);
  out.push(p0Line(s));
  out.push(`distributed ${coins(s.distributed)}; remainder ${coins(s.remainder)}, to governance${s.useBitcoinRewards ? "" : " when use_bitcoin_rewards"}`);
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
    gnk(p.rewardCoins),
    gnk(p.workCoins),
  ]);
  out.push(textTable(["participant", "status", "full", "→ confirmed", "→ capped", "→ miss test", "reward (GNK)", "work (GNK)"], table, ["left", "left"]));
  out.push(`coins in GNK (1 GNK = 10^9 ${DENOM}: the same digits as the chain's ${DENOM}; --json gives ${DENOM})`);
  const zeros = rows.filter((p) => p.zeroCauses.length > 0);
  if (zeros.length > 0) {
    out.push("");
    out.push("why zero, and what it would have been paid without that one cause (settlement re-run with the cause lifted):");
    const assumed = zeros.filter((p) => p.zeroCauses.some((c) => c.notComputable !== undefined)).length;
    if (assumed > 0) out.push(`  (${groupDigits(assumed)} of these ${groupDigits(zeros.length)} rows are zero by what an assumption gave: "not computable" names the input the source lacks and what the assumption gave; no cause of the participant's)`);
    const one = rows.length === 1;
    for (const p of zeros) {
      const lifted = lifts.get(p.address)!;
      const causes = p.zeroCauses.map((c, i) => ({ c, l: lifted.each[i]! }));
      if (one) {
        out.push(`  ${p.address}:`);
        for (const { c, l } of causes) {
          if (c.notComputable !== undefined) {
            out.push(`    - not computable: ${c.notComputable.lack}`);
            out.push(`      what that assumption gives: ${c.detail}`);
            continue;
          }
          out.push(`    - ${c.detail}`);
          out.push(`      what to check: ${c.operator}`);
          out.push(`      without it: ${liftText(l)}`);
        }
      } else if (causes.length === 1) out.push(`  ${p.address}: ${causeLine(causes[0]!.c, causes[0]!.l)}`);
      else {
        out.push(`  ${p.address}:`);
        for (const { c, l } of causes) out.push(`    ${causeLine(c, l)}`);
      }
      if (lifted.all !== null) out.push(`    without every cause: ${liftText(lifted.all)}`);
    }
    if (!one) {
      out.push("what to check, by cause:");
      const seen = new Map<string, string>();
      for (const p of zeros) for (const c of p.zeroCauses) if (c.operator !== null && !seen.has(c.code === "excluded" ? c.detail.replace(/ at block.*$/, "") : c.code)) seen.set(c.code === "excluded" ? c.detail.replace(/ at block.*$/, "") : c.code, c.operator);
      for (const [k, v] of seen) out.push(`  ${k}: ${v}`);
    }
  }
  if (l.recorded !== null) {
    out.push("");
    out.push(diffs.length === 0 ? `the chain recorded the same reward and work coins for all ${s.participants.length} participants` : `DIFFERS from what the chain recorded for ${diffs.length} participants:`);
    for (const d of diffs.slice(0, 20)) {
      const doubt = d.inputsInDoubt.length === 0 ? "" : `  [${d.inputsInDoubt.join(", ")}]`;
      out.push(`  ${d.address}: port ${groupDigits(d.rewardCoins)}, chain ${d.recordedRewardCoins === null ? "no record" : groupDigits(d.recordedRewardCoins)} ${DENOM}${doubt}`);
    }
    if (diffs.length > 20) out.push(`  … and ${diffs.length - 20} more (--json lists every row)`);
    const doubts = (Object.keys(IN_DOUBT) as InDoubt[]).map((k) => [k, diffs.filter((d) => d.inputsInDoubt.includes(k)).length] as const).filter(([, n]) => n > 0);
    if (doubts.length > 0) {
      out.push("what the differing rows read that the source may not hold as the chain had it (where to look, not a cause):");
      for (const [k, n] of doubts) out.push(`  ${k} (${n} row${n === 1 ? "" : "s"}): ${IN_DOUBT[k]}`);
    }
  }
  out.push(...restitution);
  const warnings = gapWarnings(l.assumptions);
  if (warnings.length > 0) out.push("", ...warnings);
  if (l.assumptions.some((a) => a.warning !== true)) {
    out.push("");
    if (verbose) {
      out.push("what the source lacks, and the assumption made:");
      for (const a of l.assumptions.filter((x) => x.warning !== true)) out.push(`  - ${a.input}: ${a.assumption}${a.rowsAffected > 0 ? ` (could change ${a.rowsAffected} rows)` : ""}${a.flag !== undefined && flagTaken(parsed, a.flag) ? ` [${a.flag}]` : ""}`);
    } else {
      const matched = l.recorded !== null && diffs.length === 0 ? "; every row matches what the chain paid" : "";
      out.push(`${gapSummary(l.assumptions, "the source")}${matched}`);
    }
  }
  return out.join("\n");
}

export const settleCommand: Command = {
  name: "settle",
  summary: "an epoch's settlement to the coin: each participant's reward and work coins, weight path and every reason for a zero",
  usage,
  async run(args: string[], io: CliIO): Promise<number> {
    const p = parse(args, options);
    const restitution = restitutionRequest(p); // its output file is checked before anything is read
    const loaded = await loadSettlement(p, io);
    const choice = settlementVersion(str(p, "chain-version"), loaded.settlementHeight, loaded.chainId, loaded.recordedVersion);
    // an input only later versions read is no assumption of this version's answer
    const l = { ...loaded, assumptions: assumptionsReadBy(loaded.assumptions, choice.version) };
    const s = settleAccounts(l.input, choice.version);
    const addresses = strings(p, "address");
    // a cause that reads an input the source assumed is no cause of the participant's: marked not computable
    const index = indexAssumptions(l.assumptions);
    const all = s.participants.map((x) => (x.zeroCauses.length === 0 ? x : { ...x, zeroCauses: causesUnderAssumptions(x.zeroCauses, x.address, x.effectiveRule, index) }));
    let rows = all;
    if (addresses !== undefined) {
      for (const a of addresses) if (!all.some((x) => x.address === a)) throw new InputError(`not a participant of epoch ${s.epoch} (${s.participants.length} participants settled)`, `--address ${a}`);
      rows = all.filter((x) => addresses.includes(x.address));
    }
    const diffs = mismatches({ ...s, participants: all }, l);
    const lifts = liftAll(l, s, rows, index);
    // what the epoch would have paid had an exclusion not fired (the restitution flags, or --address of an excluded participant)
    const matched = l.recorded !== null && diffs.length === 0;
    const answer = answerRestitution(restitution, addresses, l, s, matched);
    if (answer !== null) writeRestitution(restitution, answer, { epoch: s.epoch, chainVersion: versionJson(choice), source: l.label, settlementHeight: l.settlementHeight });
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
          p0Decision: p0Decision(s.dynamicP0, s.graceEpochApplied),
          punishmentSkipped: s.dynamicP0.skipPunishment,
          supplyCap: s.supplyCap,
          participants: rows.map((x) => participantJson(x, lifts)),
          chainRecorded: l.recorded === null ? null : { matches: s.participants.length - diffs.length, differs: diffs },
          assumptions: gapsWithFlagsTaken(l.assumptions, (f) => flagTaken(p, f)),
          ...(answer !== null ? { restitution: restitutionJson(answer) } : {}),
        }),
      );
    } else io.out(text(p, s, l, choice, rows, diffs, lifts, p.values.verbose === true, answer === null ? [] : restitutionText(answer, restitution, p)));
    return diffs.length === 0 ? 0 : 1;
  },
};
