/**
 * The settlement input of one epoch from a REST dump, and everything the dump lacks: each missing
 * input is named with the assumption made and the number of participant rows it could change.
 */
import { InputError, describeValue } from "../../errors.js";
import { parseOptionalChainDecimal, type ChainDecimal } from "../../go/chain-decimal.js";
import { checkedInt64, checkedUint64 } from "../../go/int64.js";
import type { Json } from "../../go/json.js";
import { isJsonObject, repeatedIds, type JsonObject } from "../../json-input.js";
import { groupDigits } from "../../format/numbers.js";
import type {
  Exclusion,
  ModelSubgroup,
  ParticipantStatus,
  RootValidationWeight,
  SettlementInput,
  SettlementParticipant,
} from "../../settlement/settlement-types.js";
import { field } from "./recognise-rest-file.js";
import { list, obj, text, uint } from "./epoch-group-from-rest.js";
import { BECH32_WARNING_INPUT, stringInterner } from "../../settlement/settlement-input.js";
import { checkP0 } from "../../misstest/epoch-input.js";
import { bech32Warning } from "../../preserved/bech32.js";
import { emptyExclusionsFor, paramsFor, type RestDump } from "./read-rest-dump.js";

export { gapLine, gapMatters, type DumpGap, type DumpUse } from "./dump-gap.js";
import { DumpLacksError, type DumpGap, type DumpUse } from "./dump-gap.js";
import { strayCoinBalances } from "./coin-balances.js";
import { mlNodes, scales } from "./settlement-nodes-from-rest.js";
import { endOfPoCValidation } from "../../chain/epoch-stages.js";
import { Decimal } from "../../go/decimal.js";
import { mainnetUpgradeGraceEpoch } from "../../misstest/miss-test-versions.js";
import { MAINNET_CHAIN_ID } from "../../versions/upgrade-table.js";

const SETTLE: DumpUse[] = ["settle"];
const SETTLE_AND_MISS: DumpUse[] = ["settle", "miss-test"];

/** The input of the assumption that the saved module params (saved later) were in force at settlement. */
export const PARAMS_AT_SETTLEMENT_INPUT = "module params at the settlement height";

/** What the chain recorded for a participant (the summary), to compare with. */
export interface RecordedOutcome {
  rewardedCoins: bigint;
  earnedCoins: bigint;
}

export interface RestSettlement {
  input: SettlementInput;
  gaps: DumpGap[];
  /** The summaries' rewarded/earned coins by address. */
  recorded: Map<string, RecordedOutcome>;
  /** The root group's heights and the estimated settlement height (end of the next epoch's PoC validation). */
  heights: { pocStart: bigint | null; effective: bigint | null; lastBlock: bigint | null; settlementEstimate: bigint | null };
  /** The files the input came from. */
  sources: string[];
}

export interface RestSettlementOptions {
  /** Which epoch (needed only when the dump holds several root groups). */
  epoch?: bigint;
  /** Validation params: the epoch group's own snapshot (default) or the saved module params. */
  validationParams?: "group" | "saved";
  /** Coin balances by address (fills what the dump lacks; others: earned coins, else 0). */
  coinBalances?: ReadonlyMap<string, bigint>;
  /**
   * A grace-epoch p0 for this epoch (no REST query exists). Default: the one a gonka-mainnet upgrade
   * handler wrote for this epoch, when the exact upgrade table puts such an upgrade inside it; else none.
   */
  graceP0?: ChainDecimal | null;
  /** The chain the answers came from (default gonka-mainnet, whose upgrade table the grace epoch is derived from). */
  chainId?: string;
  /**
   * A model the root group lists without its per-model answer in the dump: refused unless "empty",
   * which takes it as a subgroup without members (named as an assumption with the rows it can change).
   */
  missingSubgroups?: "empty";
}

/** The exclusion reasons the chain writes (calculations.ParticipantStatusReason): INVALID for these, INACTIVE for the others. */
const INVALID_REASONS = new Set(["consecutive_failures", "statistical_invalidations", "invalidated"]);
const INACTIVE_REASONS = new Set(["downtime", "failed_confirmation_poc"]);

function req(o: JsonObject, key: string, where: string): Json {
  const v = field(o, key);
  if (v === undefined || v === null) throw new InputError(`missing field ${key}`, where);
  return v;
}

/** Build the settlement input of one epoch from a dump; every missing input becomes a named gap. */
export function settlementFromRestDump(dump: RestDump, options: RestSettlementOptions = {}): RestSettlement {
  const intern = stringInterner();
  const epochs = [...dump.roots.keys()];
  let epoch: bigint;
  if (options.epoch !== undefined) {
    epoch = options.epoch;
    if (!dump.roots.has(epoch)) throw new DumpLacksError(`no root epoch group data of epoch ${epoch} (the REST answer of /epoch_group_data/${epoch}); found ${epochs.length === 0 ? "none" : epochs.join(", ")}`, dump.dir);
  } else if (epochs.length === 1) epoch = epochs[0]!;
  else if (epochs.length === 0) throw new DumpLacksError("no root epoch group data (the REST answer of /epoch_group_data/N, with validation_weights) among the files", dump.dir);
  else throw new InputError(`root epoch group data of several epochs (${epochs.join(", ")}): pass --epoch N`, dump.dir);

  const root = dump.roots.get(epoch)!;
  const rw = `${root.file}: epoch_group_data`;
  const g = root.value;
  const sumFile = dump.summaries.get(epoch);
  if (sumFile === undefined) throw new DumpLacksError(`no epoch performance summaries of epoch ${epoch} (the REST answer of /epoch_performance_summary/${epoch}): settlement's participants and request counts come from them`, dump.dir);
  const paramsFile = paramsFor(dump, root.file);
  if (paramsFile === null) throw new DumpLacksError("no module params (the REST answer of /params): the reward params come from them", dump.dir);
  const params = paramsFile.value;
  const pw = `${paramsFile.file}: params`;
  const gaps: DumpGap[] = [];
  const sources = [root.file, ...sumFile.files, paramsFile.file];

  const validationWeights: RootValidationWeight[] = list(req(g, "validation_weights", rw), `${rw}.validation_weights`).map((v, i) => {
    const at = `${rw}.validation_weights[${i}]`;
    const o = obj(v, at);
    return {
      memberAddress: intern(text(field(o, "member_address"), `${at}.member_address`)),
      weight: checkedInt64(req(o, "weight", at), `${at}.weight`),
      confirmationWeight: checkedInt64(field(o, "confirmation_weight") ?? "0", `${at}.confirmation_weight`),
      mlNodes: mlNodes(field(o, "ml_nodes"), `${at}.ml_nodes`),
    };
  });

  const subgroups: ModelSubgroup[] = (dump.models.get(epoch) ?? []).map((m) => {
    sources.push(m.file);
    const mw = `${m.file}: epoch_group_data`;
    return {
      modelId: text(field(m.value, "model_id"), `${mw}.model_id`),
      validationWeights: list(field(m.value, "validation_weights"), `${mw}.validation_weights`).map((v, i) => {
        const at = `${mw}.validation_weights[${i}]`;
        const o = obj(v, at);
        return { memberAddress: intern(text(field(o, "member_address"), `${at}.member_address`)), mlNodes: mlNodes(field(o, "ml_nodes"), `${at}.ml_nodes`) };
      }),
    };
  });
  // A member listed twice in one group: settlement reads the first entry (Go's), said, not silent.
  const twice = (list: readonly { memberAddress: string }[], where: string): void => {
    repeatedIds(list.length, (i) => list[i]!.memberAddress, (i, a) => {
      gaps.push({ input: `${where}[${i}]`, assumption: `member ${describeValue(a)} is listed twice; settlement reads its first entry, as Go does (the chain lists each member once)`, rowsAffected: 0, uses: SETTLE, warning: true, brief: `${where}[${i}]: member ${a} listed twice (the first entry is read)` });
    });
  };
  twice(validationWeights, `${rw}.validation_weights`);
  for (const [k, sg] of subgroups.entries()) twice(sg.validationWeights, `${(dump.models.get(epoch) ?? [])[k]!.file}: epoch_group_data.validation_weights`);
  const listedModels = list(field(g, "sub_group_models"), `${rw}.sub_group_models`).map((m, i) => text(m, `${rw}.sub_group_models[${i}]`));
  const missingModels = listedModels.filter((m) => !subgroups.some((s) => s.modelId === m));
  if (missingModels.length > 0 && options.missingSubgroups !== "empty") {
    throw new DumpLacksError(
      `the root group lists model ${missingModels.join(", ")} but no per-model epoch group data of epoch ${epoch} for it is in the dump (the REST answer of /epoch_group_data/${epoch}?model_id=…): settlement reads each participant's nodes in every listed model; add the answer, or pass --missing-subgroups empty to take the model as a subgroup without members`,
      dump.dir,
    );
  }

  const exFile = dump.exclusions.get(epoch) ?? emptyExclusionsFor(dump, root.file, epoch);
  const exclusions: Exclusion[] = (exFile?.value ?? []).map((x, i) => {
    const at = `${exFile!.file}: items[${i}]`;
    return { address: intern(text(field(x, "address"), `${at}.address`)), reason: text(field(x, "reason") ?? "", `${at}.reason`), exclusionBlockHeight: checkedUint64(field(x, "exclusion_block_height") ?? "0", `${at}.exclusion_block_height`) };
  });
  if (exFile !== undefined) sources.push(exFile.file);
  const excludedBy = new Map(exclusions.map((e) => [e.address, e] as const));
  // A reason the chain does not write: still an exclusion (not ACTIVE, paid nothing either way), said.
  exclusions.forEach((e, i) => {
    if (INVALID_REASONS.has(e.reason) || INACTIVE_REASONS.has(e.reason)) return;
    const where = `${exFile!.file}: items[${i}].reason`;
    const line = `${where}: ${describeValue(e.reason)} is not a reason the chain writes (${[...INACTIVE_REASONS, ...INVALID_REASONS].join(", ")}); ${e.address} is read as excluded, status INACTIVE (INVALID would pay the same: nothing)`;
    gaps.push({ input: where, assumption: line.slice(where.length + 2), rowsAffected: 0, uses: SETTLE_AND_MISS, warning: true, brief: line });
  });

  const recorded = new Map<string, RecordedOutcome>();
  let balancesFromEarned = 0;
  let balanceUnknownPaid = 0;
  const balanceAssumed: string[] = [];
  const participants: SettlementParticipant[] = sumFile.value.map((r, i) => {
    const at = sumFile.at[i]!;
    const address = intern(text(field(r, "participant_id"), `${at}.participant_id`));
    const earned = checkedUint64(req(r, "earned_coins", at), `${at}.earned_coins`);
    recorded.set(address, { rewardedCoins: checkedUint64(req(r, "rewarded_coins", at), `${at}.rewarded_coins`), earnedCoins: earned });
    const ex = excludedBy.get(address);
    const status: ParticipantStatus = ex === undefined ? "ACTIVE" : INVALID_REASONS.has(ex.reason) ? "INVALID" : "INACTIVE";
    let coinBalance = options.coinBalances?.get(address);
    if (coinBalance === undefined) {
      // Work coins are the positive balance of an ACTIVE participant: earned > 0 gives the balance exactly.
      coinBalance = earned > 0n ? earned : 0n;
      if (earned > 0n) balancesFromEarned++;
      else {
        balanceAssumed.push(address);
        if (status === "ACTIVE") balanceUnknownPaid++;
      }
    }
    return {
      address,
      status,
      coinBalance,
      currentEpochStats: {
        inferenceCount: checkedUint64(req(r, "inference_count", at), `${at}.inference_count`),
        missedRequests: checkedUint64(req(r, "missed_requests", at), `${at}.missed_requests`),
      },
    };
  });

  if (options.coinBalances !== undefined) gaps.push(...strayCoinBalances(options.coinBalances, recorded, epoch));

  // Settlement pays every participant of the epoch, and each one's weight and request counts change the
  // others' pay (the denominator, the network's miss share): a member without its summary is refused.
  const noSummary = validationWeights.filter((v) => !recorded.has(v.memberAddress)).map((v) => v.memberAddress);
  if (noSummary.length > 0) {
    const names = noSummary.length > 5 ? `${noSummary.slice(0, 5).join(", ")} and ${noSummary.length - 5} more` : noSummary.join(", ");
    throw new DumpLacksError(
      `the root group of epoch ${epoch} lists ${noSummary.length} of its ${validationWeights.length} members without a performance summary in the dump (${names}): settlement pays every participant and each one's weight and request counts change the others' pay; add their answers (/epoch_performance_summary/${epoch}/{address}, or the list /epoch_performance_summary/${epoch})`,
      dump.dir,
    );
  }

  if (missingModels.length > 0) {
    // A member of a missing subgroup with nodes there would have a larger confirmation node total: any
    // ACTIVE participant with positive weight, when the missing model has a weight in the epoch's scales
    // or the rules read every model's nodes (v0.2.12's PoC coefficients and earlier rules do).
    const activeWeighted = participants.filter((p) => p.status === "ACTIVE" && (validationWeights.find((v) => v.memberAddress === p.address)?.weight ?? 0n) > 0n).length;
    gaps.push({
      input: `per-model epoch group data of ${missingModels.join(", ")} (epoch ${epoch}; listed in the root group's sub_group_models)`,
      assumption:
        `a subgroup without members (--missing-subgroups empty): no participant's nodes in ${missingModels.length === 1 ? "that model" : "those models"} count in its node total (the total its confirmation weight is rescaled by, or, before v0.2.12, its preserved node weight); ` +
        "a smaller total gives a higher effective weight (up to the full weight), and from v0.2.13 a total of 0 gives an effective weight of 0, so every ACTIVE participant with positive weight could differ",
      flag: "--missing-subgroups empty",
      rowsAffected: activeWeighted,
      uses: SETTLE,
      fills: { parts: ["model-nodes"] },
      brief: `no per-model answer of ${missingModels.join(", ")}: taken as an empty subgroup (could change ${activeWeighted} rows)`,
    });
  }
  const notBech32 = bech32Warning(participants.map((x) => x.address), (i) => `${sumFile.at[i]}.participant_id`, "participant addresses");
  if (notBech32 !== undefined) gaps.push({ input: BECH32_WARNING_INPUT, assumption: notBech32, rowsAffected: 0, uses: SETTLE_AND_MISS, warning: true, brief: notBech32 });
  gaps.push({
    input: "the active participant list ActiveParticipants(E) and each Participant record",
    assumption: `the participants are the ${participants.length} epoch performance summaries of epoch ${epoch} (settlement writes one per participant it settles; read from ${sumFile.files.length === 1 ? sumFile.file : `${sumFile.files.length} answers`}), in the order read (the order changes no amount)`,
    rowsAffected: 0,
    uses: SETTLE_AND_MISS,
    brief: `participants of epoch ${epoch}: its ${participants.length} performance summaries`,
    fills: { parts: ["participants"] },
  });
  gaps.push({
    input: "participant status at settlement",
    assumption: `ACTIVE unless listed in the excluded participants of epoch ${epoch} (${exclusions.length} listed${exFile === undefined ? "; no excluded-participants answer in the dump, so none" : ""})`,
    rowsAffected: exFile === undefined ? participants.length : 0,
    uses: SETTLE_AND_MISS,
    fills: { parts: ["status"], addresses: participants.filter((p) => p.status === "ACTIVE").map((p) => p.address) },
    brief: `participant status: ACTIVE unless excluded (${exclusions.length} excluded${exFile === undefined ? "; no excluded-participants answer" : ""})`,
  });
  if (options.coinBalances === undefined) {
    gaps.push({
      input: "participant coin balances (Participant.coin_balance before settlement)",
      assumption: `a positive earned_coins is the balance (${balancesFromEarned} rows); otherwise 0, i.e. no debt: a negative balance would lower the reward of an ACTIVE participant with earned_coins 0`,
      flag: "--coin-balances FILE ({address: balance})",
      rowsAffected: balanceUnknownPaid,
      uses: SETTLE,
      fills: { parts: ["coin-balance"], addresses: balanceAssumed },
      brief: `coin balances: earned_coins when positive, else 0 (no debt; could change ${balanceUnknownPaid} rows)`,
    });
  }

  const bpJson = obj(field(params, "bitcoin_reward_params"), `${pw}.bitcoin_reward_params`);
  const bpw = `${pw}.bitcoin_reward_params`;
  const bitcoinRewardParams = {
    initialEpochReward: checkedUint64(req(bpJson, "initial_epoch_reward", bpw), `${bpw}.initial_epoch_reward`),
    decayRate: parseOptionalChainDecimal(field(bpJson, "decay_rate"), `${bpw}.decay_rate`),
    genesisEpoch: checkedUint64(field(bpJson, "genesis_epoch") ?? "0", `${bpw}.genesis_epoch`),
    useBitcoinRewards: field(bpJson, "use_bitcoin_rewards") === true,
  };
  const collateral = field(params, "collateral_params");
  const collateralGracePeriodEndEpoch = isJsonObject(collateral) && field(collateral, "grace_period_end_epoch") !== undefined ? checkedUint64(field(collateral, "grace_period_end_epoch"), `${pw}.collateral_params.grace_period_end_epoch`) : null;
  const poc = field(params, "poc_params");
  const pocModelScales = isJsonObject(poc) ? scales(field(poc, "models"), `${pw}.poc_params.models`) : [];
  // What each value read from the later params can change, with the values, so that a reader can set them against the epoch's.
  const dec = (d: ChainDecimal | null): string => (d === null ? "none" : Decimal.fromChain(d).toString());
  const scaleText = pocModelScales.length === 0 ? "none" : pocModelScales.map((m) => `${m.modelId} ${dec(m.weightScaleFactor)}`).join(", ");
  gaps.push({
    input: PARAMS_AT_SETTLEMENT_INPUT,
    assumption:
      `${paramsFile.file} was saved later (a params answer records no height) and is taken as in force at settlement: its bitcoin_reward_params ` +
      `(initial reward ${groupDigits(bitcoinRewardParams.initialEpochReward)} ngonka, decay rate ${dec(bitcoinRewardParams.decayRate)}, genesis epoch ${bitcoinRewardParams.genesisEpoch}: every reward), ` +
      `poc_params model weight scale factors (${scaleText}; read by v0.2.12: they set each participant's node total, by which its confirmation weight is rescaled) ` +
      `and collateral grace_period_end_epoch (${collateralGracePeriodEndEpoch ?? "none"}; read by v0.2.11)`,
    rowsAffected: participants.length,
    uses: SETTLE,
    brief: `reward params at settlement: ${paramsFile.file} (saved later)`,
    fills: { parts: ["reward-params", "poc-model-scales", "collateral"] },
  });

  const source = options.validationParams ?? "group";
  let vpJson: Json | undefined;
  if (source === "group") {
    vpJson = field(g, "validation_params");
    if (vpJson === undefined || vpJson === null) throw new DumpLacksError(`missing field validation_params (or pass --validation-params saved)`, rw);
  } else vpJson = field(params, "validation_params");
  const vpWhere = source === "group" ? `${rw}.validation_params` : `${pw}.validation_params`;
  const validationParams = vpJson === undefined || vpJson === null ? null : { binomTestP0: parseOptionalChainDecimal(field(obj(vpJson, vpWhere), "binom_test_p0"), `${vpWhere}.binom_test_p0`) };
  if (validationParams !== null) checkP0(validationParams.binomTestP0, `${vpWhere}.binom_test_p0`);
  gaps.push({
    input: "validation params (binom_test_p0) at the settlement height",
    assumption: source === "group" ? "the epoch group's own validation_params (copied at the epoch's start)" : `the saved module params (${paramsFile.file}, saved later)`,
    flag: "--validation-params group|saved",
    rowsAffected: 0,
    uses: SETTLE_AND_MISS,
    brief: `binom_test_p0 at settlement: ${source === "group" ? "the epoch group's own copy" : "the saved module params"}`,
    fills: { parts: ["p0"] },
  });

  // The v0.2.10 and v0.2.13 handlers write the entry for the epoch they run in: with the exact upgrade
  // table, an epoch whose span holds such an upgrade block has it (the dump cannot show it).
  const effective = uint(g, "effective_block_height", rw);
  const last = uint(g, "last_block_height", rw);
  const written = options.graceP0 === undefined && (options.chainId ?? MAINNET_CHAIN_ID) === MAINNET_CHAIN_ID && effective !== null && last !== null ? mainnetUpgradeGraceEpoch(effective, last) : null;
  const graceP0 = options.graceP0 ?? written?.binomTestP0 ?? null;
  const p0Text = (d: ChainDecimal): string => Decimal.fromChain(d).toString();
  gaps.push({
    input: "the punishment grace epoch entry (store prefix 43; no REST query exists)",
    assumption:
      written !== null
        ? `p0 ${p0Text(written.binomTestP0)} (window ${written.upgradeProtectionWindow}): the entry ${written.source} writes for the epoch it runs in, and its upgrade block ${groupDigits(written.height)} lies in this epoch (effective ${groupDigits(effective!)} to ${groupDigits(last!)})`
        : graceP0 !== null
          ? `grace p0 ${p0Text(graceP0)} (from the flag)`
          : "none for this epoch (only the v0.2.10 and v0.2.13 upgrade handlers write one, for the epoch of the upgrade, and no such upgrade block lies in this epoch)",
    flag: "--grace-p0 P",
    rowsAffected: 0,
    uses: SETTLE_AND_MISS,
    fills: { parts: ["p0"] },
    brief: written !== null ? `punishment grace epoch: p0 ${p0Text(written.binomTestP0)}, written by the ${written.version} upgrade at block ${groupDigits(written.height)}` : graceP0 === null ? "punishment grace epoch: none" : "punishment grace epoch: from --grace-p0",
  });
  gaps.push({
    input: "SettleParameters (tokenomics total subsidies paid, genesis standard reward amount)",
    assumption: "the subsidy supply cap is not reached (no proportional cut)",
    rowsAffected: participants.length,
    uses: SETTLE,
    brief: "subsidy supply cap: not reached",
    fills: { parts: ["supply"] },
  });
  gaps.push({
    input: "v0.2.14 delegation reward transfers and penalties (the raw store singleton at prefix 108; no REST query exists)",
    assumption: "none: under v0.2.14 settlement moves no delegated reward weight (the step after the miss test is skipped); earlier versions do not read them",
    rowsAffected: participants.length,
    uses: SETTLE,
    readFrom: "v0.2.14",
    brief: "delegation reward transfers and penalties: none (read by v0.2.14 only)",
    fills: { parts: ["delegation"] },
  });

  const input: SettlementInput = {
    epoch,
    participants,
    validationWeights,
    subgroups,
    confirmationWeightScales: scales(field(g, "confirmation_weight_scales"), `${rw}.confirmation_weight_scales`),
    pocModelScales,
    collateralGracePeriodEndEpoch,
    bitcoinRewardParams,
    validationParams,
    graceEpoch: graceP0 === null ? null : { binomTestP0: graceP0 },
    settleParameters: null,
    delegationRewardTransfers: [],
    delegationRewardPenalties: [],
    exclusions,
  };
  const lastBlock = last;
  // Settlement runs at the end of the next epoch's PoC validation stage: this epoch's PoC start + one
  // epoch + the PoC stage, validation delay and validation duration (epoch params of the saved params).
  const pocStart = uint(g, "poc_start_block_height", rw);
  const ep = field(params, "epoch_params");
  let settlementEstimate: bigint | null = null;
  if (pocStart !== null && pocStart > 0n && isJsonObject(ep)) {
    const epw = `${pw}.epoch_params`;
    const n = (k: string): bigint => checkedUint64(field(ep, k) ?? "0", `${epw}.${k}`);
    // The next epoch's PoC starts one epoch_length later; settlement ends its validation stage.
    settlementEstimate = endOfPoCValidation(pocStart + n("epoch_length"), {
      pocStageDuration: n("poc_stage_duration"),
      pocValidationDelay: n("poc_validation_delay"),
      pocValidationDuration: n("poc_validation_duration"),
    });
    gaps.push({
      input: "the settlement height",
      assumption: `${groupDigits(settlementEstimate)}: the PoC start ${groupDigits(pocStart)} + epoch_length + poc_stage_duration + poc_validation_delay + poc_validation_duration of the saved epoch params; it places the chain version in the upgrade table`,
      flag: "--chain-version V",
      rowsAffected: 0,
      uses: SETTLE_AND_MISS,
      brief: `settlement height: estimated ${groupDigits(settlementEstimate)} from the saved epoch params`,
    });
  }
  if (settlementEstimate !== null) {
    const lateOnes = exclusions.filter((e) => e.exclusionBlockHeight > settlementEstimate!);
    const late = lateOnes.length;
    if (late > 0) {
      gaps.push({
        input: "participant status at the settlement height",
        assumption: `${late} exclusions of epoch ${epoch} are recorded after the estimated settlement height ${groupDigits(settlementEstimate)}; they are still counted as not ACTIVE at settlement`,
        rowsAffected: late,
        uses: SETTLE_AND_MISS,
        fills: { parts: ["status"], addresses: lateOnes.map((e) => e.address) },
        brief: `${late} exclusions recorded after the estimated settlement height: still counted as not ACTIVE`,
      });
    }
  }
  return {
    input,
    gaps,
    recorded,
    heights: {
      pocStart,
      effective,
      lastBlock,
      settlementEstimate,
    },
    sources,
  };
}
