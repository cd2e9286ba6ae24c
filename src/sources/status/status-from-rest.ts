/**
 * One participant's status replay input for one epoch from saved answers (a REST dump folder, with
 * CometBFT block answers and the rest, src/sources/status/saved-activity.ts): the epoch's window of
 * stats updates (from the stats reset at the previous epoch's settlement to this epoch's settlement),
 * the successful settlement batches holding its slots, the epoch start, the confirmation PoC
 * evaluations, and every input the folder lacks, placed at the first block it can change.
 */
import { InputError, describeValue } from "../../errors.js";
import { groupDigits } from "../../format/numbers.js";
import { endOfPoCValidation } from "../../chain/epoch-stages.js";
import type { ChainDecimal } from "../../go/chain-decimal.js";
import type { Json } from "../../go/json.js";
import { isJsonObject, type JsonObject } from "../../json-input.js";
import type { StatusConfirmationPoCParams, StatusValidationParams } from "../../status/status-types.js";
import type { DevshardBatchEvent, ParamsInForce, ReplayEvent, ReplayLack, StatusSource } from "../../status-replay/replay-input.js";

export type { StatusChainFacts, StatusSource } from "../../status-replay/replay-input.js";
import { atLeast, type VersionChoice } from "../../versions/chain-version.js";
import { decimal, uint } from "../rest-dump/epoch-group-from-rest.js";
import { field } from "../rest-dump/recognise-rest-file.js";
import { emptyExclusionsFor, paramsFor, type RestDump } from "../rest-dump/read-rest-dump.js";
import { readSavedActivity, type SavedActivity } from "./saved-activity.js";
import { batchCoverage } from "./batch-coverage.js";

const dec = (o: JsonObject, k: string, w: string): ChainDecimal | null => decimal(field(o, k), `${w}.${k}`);

/** The status tests' fields of a saved validation_params object. */
export function statusValidationParamsFromJson(vp: JsonObject, w: string): StatusValidationParams {
  return {
    falsePositiveRate: dec(vp, "false_positive_rate", w),
    badParticipantInvalidationRate: dec(vp, "bad_participant_invalidation_rate", w),
    invalidationHThreshold: dec(vp, "invalidation_h_threshold", w),
    downtimeGoodPercentage: dec(vp, "downtime_good_percentage", w),
    downtimeBadPercentage: dec(vp, "downtime_bad_percentage", w),
    downtimeHThreshold: dec(vp, "downtime_h_threshold", w),
    quickFailureThreshold: dec(vp, "quick_failure_threshold", w),
    invalidReputationPreserve: dec(vp, "invalid_reputation_preserve", w),
    downtimeReputationPreserve: dec(vp, "downtime_reputation_preserve", w),
  };
}

const members = (g: JsonObject | undefined): Set<string> | null =>
  g === undefined ? null : new Set(((field(g, "validation_weights") as Json[] | undefined) ?? []).flatMap((v) => (isJsonObject(v) && typeof field(v, "member_address") === "string" ? [field(v, "member_address") as string] : [])));

/** The status replay input of `address` in `epoch` from a dump. `versionAt` places each height's rules. */
export function statusFromRest(dump: RestDump, address: string, epoch: bigint, versionAt: (h: bigint) => VersionChoice, activity: SavedActivity = readSavedActivity(dump.activity)): StatusSource {
  const root = dump.roots.get(epoch);
  if (root === undefined) throw new InputError(`the folder holds no root epoch group of epoch ${epoch} (the /epoch_group_data/${epoch} answer): the epoch's start, params and participants are unknown`, dump.dir);
  const g = root.value;
  const rw = `${root.file}: epoch_group_data`;
  const exclusions = dump.exclusions.get(epoch)?.value ?? (emptyExclusionsFor(dump, root.file, epoch) !== undefined ? [] : undefined);
  const mine = exclusions?.find((x) => field(x, "address") === address);
  const inGroup = members(g)!;
  if (!inGroup.has(address) && mine === undefined && dump.summaries.get(epoch)?.byId.has(address) === true) {
    // settled (a summary), so a participant of the epoch to settle; but not one the status tests ran on
    throw new InputError(`${describeValue(address)} has a performance summary of epoch ${epoch} but no entry in its epoch group's validation weights${exclusions === undefined ? "" : ", and the chain excluded no such address"}: the status tests run on the group's members only, so there is nothing to replay (gonka-spec settle --address ${address} says what it was paid and why)`, "ADDRESS");
  }
  if (!inGroup.has(address) && mine === undefined) throw new InputError(`${describeValue(address)} is not a participant of epoch ${epoch}: the epoch group does not list it${exclusions === undefined ? "" : " and the chain excluded no such address"}`, "ADDRESS");
  const notes: string[] = [];
  const lacks: ReplayLack[] = [];
  const saved = paramsFor(dump, root.file);
  const pw = saved === null ? "" : `${saved.file}: params`;

  // the params each update reads
  const frozen = field(g, "validation_params");
  let validation: StatusValidationParams | null = null;
  let source: string;
  let assumption: string | null;
  if (isJsonObject(frozen)) {
    validation = statusValidationParamsFromJson(frozen, `${rw}.validation_params`);
    source = `epoch ${epoch}'s group validation_params (copied from the params at the epoch's start)`;
    assumption = "ComputeStatus reads the live params: they equal the epoch group's copy unless a governance change passed during the epoch, which no saved answer shows";
  } else if (saved !== null && isJsonObject(field(saved.value, "validation_params"))) {
    validation = statusValidationParamsFromJson(field(saved.value, "validation_params") as JsonObject, `${pw}.validation_params`);
    source = `the saved params answer (${saved.file})`;
    assumption = "the epoch group holds no validation_params: the params saved later are taken as the ones in force during the epoch";
  } else {
    source = "none";
    assumption = null;
    lacks.push({ input: `the validation params in force during epoch ${epoch} (the epoch group's validation_params, or a params answer)`, detail: "every test reads them", from: null });
  }
  const cp = saved === null ? undefined : field(saved.value, "confirmation_poc_params");
  const confirmation: StatusConfirmationPoCParams | null = isJsonObject(cp) ? { alphaThreshold: dec(cp, "alpha_threshold", `${pw}.confirmation_poc_params`) } : null;
  if (confirmation !== null) notes.push(`confirmation_poc_params.alpha_threshold from the params saved later (${saved!.file}): the epoch group keeps no copy`);
  const params: ParamsInForce = { validation, confirmation, source, assumption };
  if (assumption !== null) notes.push(assumption);

  // the window: the stats reset (the previous epoch's settlement) to this epoch's settlement
  const pocStart = uint(g, "poc_start_block_height", rw);
  const effective = uint(g, "effective_block_height", rw);
  const ep = saved === null ? undefined : field(saved.value, "epoch_params");
  let statsReset: bigint | null = null;
  let settlement: bigint | null = null;
  let stage: ((h: bigint) => bigint) | null = null;
  if (isJsonObject(ep) && pocStart !== null && pocStart > 0n) {
    const n = (k: string): bigint => uint(ep, k, `${pw}.epoch_params`) ?? 0n;
    const d = { pocStageDuration: n("poc_stage_duration"), pocValidationDelay: n("poc_validation_delay"), pocValidationDuration: n("poc_validation_duration") };
    statsReset = endOfPoCValidation(pocStart, d);
    settlement = endOfPoCValidation(pocStart + n("epoch_length"), d);
    // a confirmation PoC is evaluated in the block after its validation window ends (types.ConfirmationPoCEvent:
    // generation end = start + stage − 1, exchange end + delay = validation start, validation end = start + duration − 1)
    stage = (gen) => gen + n("poc_stage_duration") - 1n + n("poc_exchange_duration") + n("poc_validation_delay") + n("poc_validation_duration") - 1n + 1n;
    notes.push(`the counters start at block ${groupDigits(statsReset)} (epoch ${epoch - 1n}'s settlement) and end at block ${groupDigits(settlement)} (epoch ${epoch}'s): both from the PoC start ${groupDigits(pocStart)} and the epoch params saved later`);
  } else {
    lacks.push({ input: `the epoch params (to place epoch ${epoch - 1n}'s and epoch ${epoch}'s settlement blocks, where the counters start and stop)`, detail: "no params answer with epoch_params, or no PoC start in the epoch group", from: null });
  }
  const start = statsReset === null ? null : { record: { status: "ACTIVE" as const, consecutiveInvalidInferences: 0n, epochsCompleted: 0, currentEpochStats: { inferenceCount: 0n, missedRequests: 0n, validatedInferences: 0n, invalidatedInferences: 0n, confirmationPoCRatio: null, invalidLlr: { value: 0n, exponent: 0 }, inactiveLlr: { value: 0n, exponent: 0 } } }, height: statsReset, source: `the counters as settlement of epoch ${epoch - 1n} leaves them (types.NewCurrentEpochStats: zero counts, zero LLRs)` };

  const events: ReplayEvent[] = [];
  const first = statsReset ?? effective ?? 0n;
  const v0 = versionAt(first + 1n);
  if (!atLeast(v0.version, "v0.2.14")) {
    lacks.push({
      input: `epoch ${epoch}'s classic inference messages (MsgFinishInference, MsgValidation, the invalidation and revalidation votes) and inference expiries`,
      detail: `under ${v0.version} every inference moves the counters through them, one status update each; replaying them needs each inference's record (executor, status, the model's validation threshold), which no saved answer here holds`,
      from: null,
    });
  } else {
    notes.push(`under ${v0.version} the classic inference messages fail as deprecated: only devshard settlement batches and confirmation PoC evaluations move the counters, and the consecutive-invalid count stays 0`);
  }
  // every member (an excluded one was a member at the start) is set ACTIVE when the epoch starts
  if (effective !== null) events.push({ kind: "epoch-start", height: effective, where: `${rw}.effective_block_height` });

  // the epoch's confirmation PoC evaluations: each writes the participant's ratio, which no saved answer holds
  const evaluations: { sequence: bigint; height: bigint }[] = [];
  const cpoc = dump.confirmationPocEvents.get(epoch);
  if (cpoc !== undefined && stage !== null) {
    cpoc.value.forEach((e, i) => {
      const w = `${cpoc.file}: events[${i}]`;
      const gen = uint(e, "generation_start_height", w);
      if (gen === null || gen === 0n) return;
      evaluations.push({ sequence: uint(e, "event_sequence", w) ?? BigInt(i), height: stage!(gen) });
    });
    for (const ev of evaluations) {
      if (settlement !== null && ev.height > settlement) continue;
      lacks.push({ input: `${address}'s ratio in confirmation PoC event ${ev.sequence} (written into its record in EndBlock of block ${groupDigits(ev.height)}; only the record at that height holds it: a node answers it)`, detail: "the evaluation is a status update: a ratio under alpha_threshold turns the participant INACTIVE (failed_confirmation_poc)", from: ev.height, flag: "--node URL" });
    }
  } else if (effective !== null) {
    lacks.push({ input: `epoch ${epoch}'s confirmation PoC events (the /confirmation_poc_events/${epoch} answer)`, detail: "each evaluation writes a ratio that ComputeStatus tests", from: effective });
  }

  // the settlement batches holding the participant's slots
  if (atLeast(versionAt(settlement ?? first).version, "v0.2.12") && statsReset !== null && settlement !== null && effective !== null) {
    const prev = members(dump.roots.get(epoch - 1n)?.value);
    const batches: DevshardBatchEvent[] = [];
    for (const t of activity.settles) {
      if (t.height <= statsReset || t.height > settlement) continue;
      const at = `transaction ${t.txHash ?? "(no hash saved)"} at block ${groupDigits(t.height)} (${t.where})`;
      if (t.code === null) {
        lacks.push({ input: `the result code of ${at}: a block_results answer for block ${groupDigits(t.height)} (a failed transaction changes nothing)`, detail: `it settles escrow ${t.escrowId}`, from: t.height });
        continue;
      }
      if (t.code !== 0) continue;
      const escrow = activity.escrows.get(t.escrowId);
      if (escrow === undefined) {
        lacks.push({ input: `escrow ${t.escrowId}'s record (its slots: the /devshard_escrow/${t.escrowId} answer)`, detail: `${at} settles it; without its slots the hosts it counts for are unknown`, from: t.height });
        continue;
      }
      if (!escrow.slots.includes(address)) continue;
      // the new epoch becomes effective in EndBlock of its effective block: that block's transactions still see the previous one
      const current = t.height <= effective ? epoch - 1n : epoch;
      let active = current === epoch ? true : prev === null ? null : prev.has(address);
      const hostNotes: string[] = [];
      if (current !== epoch && active === null && atLeast(versionAt(t.height).version, "v0.2.16")) {
        // v0.2.16 counts nothing here either way: a member of the previous epoch has its accounts settled, a non-member is not in its active set
        active = true;
        hostNotes.push(`whether it was in epoch ${epoch - 1n}'s active set is not saved; either way v0.2.16 counts nothing of this batch`);
      }
      batches.push({
        kind: "devshard-batch", height: t.height, txIndex: t.txIndex ?? -1, msgIndex: t.msgIndex, txHash: t.txHash ?? "", escrowId: t.escrowId, escrowEpoch: escrow.epoch, slots: escrow.slots, nonce: t.nonce, hostStats: t.hostStats, currentEpoch: current,
        // before the epoch's start the previous epoch's accounts are settled (SettleAccounts wrote every member's summary)
        host: { active, accountsSettled: current === epoch ? false : active, challenged: null, notes: hostNotes },
        where: t.where,
      });
    }
    for (const b of batches) {
      const twin = batches.find((x) => x !== b && x.height === b.height && (x.txIndex < 0 || b.txIndex < 0));
      if (twin !== undefined) lacks.push({ input: `the order of transactions ${b.txHash} and ${twin.txHash} in block ${groupDigits(b.height)} (a CometBFT block or tx answer gives it; REST answers do not)`, detail: "two batches of this participant in one block: the first decides", from: b.height });
    }
    events.push(...batches);
    lacks.push(...batchCoverage({ address, epoch, activity, batches, statsReset, effective, settlement, previousMembers: prev, versionAt }));
  }

  const summary = dump.summaries.get(epoch);
  const row = summary?.byId.get(address);
  const s = row === undefined ? undefined : summary!.value[row]!;
  const n = (k: string): bigint => (s === undefined ? 0n : (uint(s, k, summary!.at[row!]!) ?? 0n));
  return {
    input: { address, epoch, start, events, lacks, paramsAt: () => params, versionAt },
    facts: {
      record: exclusions === undefined ? undefined : mine === undefined ? null : { reason: String(field(mine, "reason")), height: uint(mine, "exclusion_block_height", root.file) ?? 0n },
      finalCounts: s === undefined ? null : { validated: n("validated_inferences"), invalidated: n("invalidated_inferences"), missed: n("missed_requests"), inferences: n("inference_count") },
      confirmationEvaluations: evaluations,
      heights: { statsReset, effective, settlement },
    },
    notes,
    from: `saved answers in ${dump.dir}`,
  };
}
