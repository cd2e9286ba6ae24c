/**
 * The preserved-set sampler's input, the typed PreservedState (src/preserved/state.ts), read in one pass
 * from saved REST answers with the state's checks naming the REST file and field (epoch-group-from-rest.ts),
 * and everything the answers lack. A snapshot's `preserved` slice is written from it by preservedStateJson.
 *
 * SamplePreservedForEpisode(epoch N, anchor) runs at the start of epoch N+1's PoC with N the effective
 * epoch (module.go@d8b8e907; at a confirmation PoC's trigger height with the event's epoch), and reads:
 * params (poc_slot_allocation; v0.2.12 the PoC model weight scale factors, v0.2.13 the genesis
 * guardians), EpochGroupData(N, "") and EpochGroupData(N, model) for every listed model (v0.2.13: only
 * their live x/group members), and the history: EpochGroupData(N−1, model) with, per member,
 * EpochPerformanceSummary(N−1, member).rewarded_coins (model_assignment.go@d8b8e907 and @17808620).
 * So the dumps of epochs N and N−1 hold every input but the live x/group members; the anchor is epoch
 * N+1's recorded poc_start_block_height, else N's PoC start + epoch_length.
 *
 * Conventions are those of test/realdata/preserved/snapshot-4089970.json (rebuilt from public dumps):
 * live members = every listed member unless told otherwise, a history member without a summary taken
 * as rewarded as `rewardedCoins: 1` when the flag says so, root weights as {memberAddress, weight},
 * subgroup weights as {memberAddress, weight, votingPower, mlNodes}, and `chain.conversion` naming the
 * choices.
 */
import { InputError } from "../../errors.js";
import { sortedGoStrings } from "../../go/bytes.js";
import { checkedInt64, checkedUint64, plainInt64 } from "../../go/int64.js";
import { isJsonObject, type JsonObject } from "../../json-input.js";
import type { PreservedState, SubGroupState, ValidationWeight } from "../../preserved/state.js";
import { parseStoredPreservedSnapshot } from "../../preserved/stored-snapshot.js";
import { field } from "./recognise-rest-file.js";
import { list, restStateChecks, rootWeights as readRootWeights, samplerParams, subWeights, text, uint, weightsAt } from "./epoch-group-from-rest.js";
import { paramsFor, type RestDump, type RestFile } from "./read-rest-dump.js";
import { DumpLacksError, type DumpGap, type DumpUse } from "./dump-gap.js";
import { groupDigits } from "../../format/numbers.js";

export interface RestPreservedOptions {
  /** The sampling epoch N (default: the newest root epoch group, or the one the dump's stored preserved snapshot was sampled from). */
  epoch?: bigint;
  /** The episode anchor (default: epoch N+1's PoC start). */
  anchor?: bigint;
  /** x/group live members (read from v0.2.13): every listed member, or those not excluded before the anchor. */
  liveMembers?: "all" | "not-excluded";
  /** A member of N−1's model subgroups without a summary in the dumps: taken as rewarded, or as not rewarded (Go's reading of a missing record). Unset: refused. */
  missingSummaries?: "rewarded" | "unrewarded";
}

export interface RestAnchor {
  height: bigint;
  source: "flag" | "next-poc";
  explanation: string;
}

export interface RestPreserved {
  /** The sampler's inputs, typed and checked as parsePreservedState checks a snapshot's (its warnings name the REST files). */
  state: PreservedState;
  samplingEpoch: bigint;
  historyEpoch: bigint;
  anchor: RestAnchor;
  gaps: DumpGap[];
  /** The choices made, as the realdata file's `chain.conversion`. */
  conversion: JsonObject;
  /** The dump's stored PreservedNodesSnapshot (REST shape), when it holds one. */
  storedSnapshot: { file: string; value: JsonObject } | null;
  /** The confirmation PoC events of epoch N (REST shape), for naming a CPoC anchor. */
  confirmationPocEvents: JsonObject[];
  /** The root group's PoC start of N and the epoch length read, for chain.latestEpoch / chain.params. */
  pocStart: bigint;
  epochLength: bigint | null;
  sources: string[];
}

const PRESERVED: DumpUse[] = ["preserved"];

const modelOf = (g: RestFile<JsonObject>): string => String(field(g.value, "model_id"));

/** The anchor of a stored preserved snapshot (REST: episode_anchor_height), if it has one. */
function storedAnchor(s: JsonObject): bigint | null {
  const v = field(s, "episode_anchor_height");
  return typeof v === "string" && /^\d+$/.test(v) ? BigInt(v) : typeof v === "number" && Number.isInteger(v) ? BigInt(v) : null;
}

/** The sampling epoch: --epoch; else the epoch whose next PoC or CPoC trigger is the stored snapshot's anchor; else the newest root. */
function chooseEpoch(dump: RestDump, options: RestPreservedOptions): bigint {
  const roots = [...dump.roots.keys()].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  if (options.epoch !== undefined) {
    if (!dump.roots.has(options.epoch)) throw new DumpLacksError(`no root epoch group data of epoch ${options.epoch} (the REST answer of /epoch_group_data/${options.epoch}); the dumps hold ${roots.length === 0 ? "none" : [...roots].reverse().join(", ")}`, dump.dir);
    return options.epoch;
  }
  if (roots.length === 0) throw new DumpLacksError("no root epoch group data (the REST answer of /epoch_group_data/N, with validation_weights) among the files", dump.dir);
  for (const s of dump.preservedSnapshots) {
    const a = storedAnchor(s.value);
    if (a === null) continue;
    for (const e of roots) {
      const next = dump.roots.get(e + 1n);
      const nextStart = next === undefined ? null : uint(next.value, "poc_start_block_height", next.file);
      const triggers = (dump.confirmationPocEvents.get(e)?.value ?? []).map((x) => field(x, "trigger_height"));
      const pf = paramsFor(dump, dump.roots.get(e)!.file);
      const ep = pf === null ? undefined : field(pf.value, "epoch_params");
      const length = isJsonObject(ep) ? uint(ep, "epoch_length", `${pf!.file}: params.epoch_params`) : null;
      const start = uint(dump.roots.get(e)!.value, "poc_start_block_height", `${dump.roots.get(e)!.file}: epoch_group_data`);
      const computed = nextStart === null && start !== null && length !== null && start > 0n ? start + length : null;
      if (nextStart === a || computed === a || triggers.some((t) => t !== undefined && String(t) === a.toString())) return e;
    }
  }
  return roots[0]!;
}

/**
 * v0.2.16: the targets of epoch N's PoC challenge records (SameEpochChallengeTargets, #1811; a confirmation
 * PoC leaves them out) from the dumps' /open_poc_challenges answers, or undefined when they hold none (the
 * lack is then named with the sampler's other v0.2.16 inputs). The route lists open records only, as they
 * were when saved: a challenge of epoch N already decided (passed, failed, aborted: the chain leaves those
 * targets out too) is not in it, named as a gap.
 */
function openChallengeTargets(dump: RestDump, N: bigint, anchor: bigint, gaps: DumpGap[]): string[] | undefined {
  if (dump.openPocChallenges.length === 0) return undefined;
  const targets = new Set<string>();
  for (const f of dump.openPocChallenges) {
    f.value.forEach((c, i) => {
      const at = `${f.file}: challenges[${i}].challenge`;
      const t = field(c, "target");
      if (t !== undefined && t !== null && typeof t !== "string") text(t, `${at}.target`);
      if (uint(c, "epoch_index", at) === N && typeof t === "string" && t !== "") targets.add(t);
    });
  }
  const files = dump.openPocChallenges.map((f) => f.file).join(", ");
  gaps.push({
    input: `epoch ${N}'s decided PoC challenges (SameEpochChallengeTargets counts every record of the epoch; read from v0.2.16)`,
    assumption: `${files} lists the challenges open when it was saved (${targets.size} of epoch ${N}): one of epoch ${N} already passed, failed or aborted, or opened after the save, is not in it and is taken as none`,
    rowsAffected: 0,
    uses: PRESERVED,
    readFrom: "v0.2.16",
    atHeight: anchor,
    brief: `epoch ${N}'s PoC challenge targets: the ${targets.size} open in ${files} (decided ones not listed)`,
  });
  return sortedGoStrings(targets);
}

/** Build the preserved slice for the PoC after epoch N from the dumps of N and N−1. */
export function preservedFromRestDump(dump: RestDump, options: RestPreservedOptions = {}): RestPreserved {
  const N = chooseEpoch(dump, options);
  if (N === 0n) throw new DumpLacksError("epoch 0 has no previous epoch; the sampler's history starts at epoch 1", dump.dir);
  const H = N - 1n;
  const root = dump.roots.get(N)!;
  const rw = `${root.file}: epoch_group_data`;
  const gaps: DumpGap[] = [];
  const checks = restStateChecks();
  const sources = [root.file];
  const paramsFile = paramsFor(dump, root.file);
  if (paramsFile === null) throw new DumpLacksError("no module params (the REST answer of /params): poc_slot_allocation, the genesis guardians and the PoC model weight scale factors come from them", dump.dir);
  const params = paramsFile.value;
  const pw = `${paramsFile.file}: params`;
  sources.push(paramsFile.file);

  // The anchor: epoch N+1's recorded PoC start, else N's PoC start + epoch_length (saved params).
  const pocStart = uint(root.value, "poc_start_block_height", rw) ?? 0n;
  const ep = field(params, "epoch_params");
  const epochLength = isJsonObject(ep) ? uint(ep, "epoch_length", `${pw}.epoch_params`) : null;
  const next = dump.roots.get(N + 1n);
  const nextStart = next === undefined ? null : uint(next.value, "poc_start_block_height", `${next.file}: epoch_group_data`);
  let anchor: RestAnchor;
  if (options.anchor !== undefined) {
    anchor = { height: options.anchor, source: "flag", explanation: `anchor ${options.anchor} (--anchor)` };
  } else if (nextStart !== null && nextStart > 0n) {
    anchor = { height: nextStart, source: "next-poc", explanation: `anchor ${nextStart}: epoch ${N + 1n}'s PoC start, recorded in its epoch group data (${next!.file}), where epoch ${N} sampled its preserved set` };
  } else if (pocStart > 0n && epochLength !== null && epochLength > 0n) {
    const a = pocStart + epochLength;
    anchor = { height: a, source: "next-poc", explanation: `anchor ${a}: the next PoC's start (epoch ${N}'s PoC start ${groupDigits(pocStart)} + epoch_length ${groupDigits(epochLength)})` };
    gaps.push({
      input: "the episode anchor (epoch N+1's PoC start)",
      assumption: `${groupDigits(a)}: epoch ${N}'s poc_start_block_height ${groupDigits(pocStart)} + the saved epoch_length ${groupDigits(epochLength)} (no epoch group data of epoch ${N + 1n} in the dumps records it)`,
      flag: "--anchor H",
      rowsAffected: 0,
      uses: PRESERVED,
      brief: `epoch ${N + 1n}'s PoC start (the anchor): ${groupDigits(a)} = epoch ${N}'s PoC start + the saved epoch_length`,
    });
  } else {
    throw new DumpLacksError(`no next PoC start: epoch ${N}'s poc_start_block_height and the params' epoch_params.epoch_length are needed (or pass --anchor H)`, rw);
  }
  // The sampler's anchor is an int64 block height ≥ 1 (the snapshot's anchorHeight).
  const anchorAt = anchor.source === "flag" ? "--anchor" : next !== undefined && nextStart === anchor.height ? `${next.file}: epoch_group_data.poc_start_block_height` : `${rw}.poc_start_block_height`;
  checkedInt64(anchor.height, anchorAt);
  if (anchor.height <= 0n) throw new InputError(`expected an anchor height ≥ 1 (a block height), got ${anchor.height}`, anchorAt);

  // Root group and the model subgroups of N.
  const models = list(field(root.value, "sub_group_models"), `${rw}.sub_group_models`).map((m, i) => text(m, `${rw}.sub_group_models[${i}]`));
  checks.modelRepeats(models, `${rw}.sub_group_models`);
  const rootWeights = readRootWeights(root, checks);
  const subsOf = (e: bigint): Map<string, RestFile<JsonObject>> => new Map((dump.models.get(e) ?? []).map((g) => [modelOf(g), g]));
  const current = subsOf(N);
  const missing = models.filter((m) => !current.has(m));
  if (missing.length > 0) {
    throw new DumpLacksError(`epoch ${N}'s root group lists model ${missing.join(", ")} but the dumps hold no per-model epoch group data of epoch ${N} for it (the REST answer of /epoch_group_data/${N}?model_id=…); the sampler reads every listed model's nodes`, dump.dir);
  }

  // x/group live members: not in a REST dump. Excluded participants have left x/group (RemoveMember).
  const exFile = dump.exclusions.get(N);
  const excludedBefore = new Set(
    (exFile?.value ?? [])
      .filter((x, i) => (uint(x, "exclusion_block_height", `${exFile!.file}: items[${i}]`) ?? 0n) < anchor.height)
      .map((x, i) => text(field(x, "address"), `${exFile!.file}: items[${i}].address`)),
  );
  const live = options.liveMembers ?? "all";
  const isLive = (a: string): boolean => live === "all" || !excludedBefore.has(a);
  const listedExcludedOnes = rootWeights.filter((w) => excludedBefore.has(w.memberAddress)).map((w) => w.memberAddress);
  const listedExcluded = listedExcludedOnes.length;
  gaps.push({
    input: "x/group live members of epoch N's groups (GetRootGroupDataWithLiveMembers, GetLiveSubGroupsForCurrentEpoch; read from v0.2.13)",
    assumption:
      live === "all"
        ? `every listed member is live (as the realdata conversion); ${listedExcluded} listed members were excluded in epoch ${N} before the anchor${exFile === undefined ? " (no excluded-participants answer of that epoch)" : ""}, and an exclusion removes the member from x/group`
        : `the listed members not excluded in epoch ${N} before the anchor (${listedExcluded} dropped${exFile === undefined ? "; no excluded-participants answer of that epoch, so none" : ""})`,
    flag: "--live-members all|not-excluded",
    // either way an assumption: the dump holds no x/group membership of those excluded before the anchor
    rowsAffected: listedExcluded,
    uses: PRESERVED,
    fills: { parts: ["live-members"], addresses: listedExcludedOnes },
    readFrom: "v0.2.13",
    atHeight: anchor.height,
    brief: live === "all" ? `x/group live members (v0.2.13+): every listed member (${listedExcluded} excluded before the anchor still counted)` : `x/group live members (v0.2.13+): listed minus ${listedExcluded} excluded`,
  });

  const byModel = new Map<string, SubGroupState>();
  for (const m of sortedGoStrings(new Set(models))) {
    const g = current.get(m)!;
    sources.push(g.file);
    const weights = subWeights(g, checks);
    byModel.set(m, { liveMembers: new Set(sortedGoStrings(new Set(weights.map((w) => w.memberAddress).filter(isLive)))), validationWeights: weights });
  }

  // History: EpochGroupData(N−1, model) for every model listed in N, and the summaries of N−1.
  const previous = subsOf(H);
  const prevRoot = dump.roots.get(H);
  const previousEpochGroupData = new Map<string, { validationWeights: ValidationWeight[] }>();
  const notListedBefore: string[] = [];
  for (const m of sortedGoStrings(new Set(models))) {
    const g = previous.get(m);
    if (g !== undefined) {
      sources.push(g.file);
      previousEpochGroupData.set(m, { validationWeights: subWeights(g, checks) });
      continue;
    }
    const listedBefore = prevRoot === undefined ? null : list(field(prevRoot.value, "sub_group_models"), `${prevRoot.file}: epoch_group_data.sub_group_models`).includes(m);
    if (listedBefore === false) {
      notListedBefore.push(m); // no subgroup of m in N−1: GetEpochGroupData(N−1, m) is not found on chain either
      continue;
    }
    throw new DumpLacksError(
      `the sampler's history is epoch ${H}'s model subgroup ${m} (GetEpochGroupData(${H}, model)), and the dumps hold no per-model epoch group data of epoch ${H} for it: add epoch ${H}'s dump (the REST answer of /epoch_group_data/${H}?model_id=…) as another --rest-dump`,
      dump.dir,
    );
  }
  if (prevRoot !== undefined) sources.push(prevRoot.file);
  const members = sortedGoStrings(new Set([...previousEpochGroupData.values()].flatMap((g) => g.validationWeights.map((w) => w.memberAddress))));
  const sumFile = dump.summaries.get(H);
  const rewarded = new Map<string, bigint>();
  for (const [i, r] of (sumFile?.value ?? []).entries()) {
    const at = sumFile!.at[i]!;
    const a = text(field(r, "participant_id"), `${at}.participant_id`);
    const v = field(r, "rewarded_coins");
    if (v === undefined || v === null) throw new InputError("missing field rewarded_coins", at);
    const x = plainInt64(v);
    rewarded.set(a, x !== undefined && x >= 0n ? x : checkedUint64(v, `${at}.rewarded_coins`));
  }
  if (sumFile !== undefined) sources.push(...sumFile.files);
  const unknown = members.filter((a) => !rewarded.has(a));
  const summaries = new Map<string, { rewardedCoins: bigint }>();
  for (const a of members) {
    const r = rewarded.get(a);
    if (r !== undefined) summaries.set(a, { rewardedCoins: r });
    else if (options.missingSummaries === "rewarded") summaries.set(a, { rewardedCoins: 1n });
  }
  if (unknown.length > 0) {
    const what = sumFile === undefined ? `the dumps hold no epoch performance summaries of epoch ${H} (the REST answer of /epoch_performance_summary/${H})` : `${unknown.length} of the ${members.length} members of epoch ${H}'s model subgroups have no summary in ${sumFile.files.length === 1 ? sumFile.file : `the ${sumFile.files.length} summary answers of epoch ${H}`}`;
    if (options.missingSummaries === undefined) {
      throw new DumpLacksError(
        `${what}: the sampler draws only members rewarded in epoch ${H}; pass --missing-summaries rewarded (take them as rewarded, as the realdata conversion did) or --missing-summaries unrewarded (Go's reading of a missing record), or add the summaries`,
        sumFile?.file ?? dump.dir,
      );
    }
    gaps.push({
      input: `epoch ${H}'s performance summaries (who was rewarded: the sampler's history)`,
      assumption: `${what}: taken as ${options.missingSummaries === "rewarded" ? "rewarded (rewardedCoins 1)" : "not rewarded (no record)"}`,
      flag: "--missing-summaries rewarded|unrewarded",
      rowsAffected: unknown.length,
      uses: PRESERVED,
      fills: { parts: ["history"], addresses: unknown },
      brief: `${unknown.length} members of epoch ${H} without a summary: taken as ${options.missingSummaries === "rewarded" ? "rewarded" : "not rewarded"}`,
    });
  }

  // Params at the anchor: the saved answer.
  const { slot, guardians, pocModels } = samplerParams(params, pw, checks);
  const slotText = slot === null ? "none (the sampler's default 0.5)" : `${slot.value}e${slot.exponent}`;
  gaps.push({
    input: "module params at the anchor",
    assumption: `${paramsFile.file} was saved later; its poc_slot_allocation (${slotText}), genesis guardians (${guardians.length}; excluded from v0.2.13) and PoC model weight scale factors (${pocModels.length}; read by v0.2.12) are taken as in force at the anchor`,
    rowsAffected: 0,
    uses: PRESERVED,
    brief: `params at the anchor: ${paramsFile.file} (saved later)`,
  });
  const saved = (dump.metadata ?? []).map((m) => field(m.value, "fetched_at_utc")).filter((t): t is string => typeof t === "string");
  gaps.push({
    input: `epoch ${N}'s group data at the anchor`,
    assumption: `the answers as saved${saved.length > 0 ? ` (${sortedGoStrings(new Set(saved)).join(", ")})` : ""}, after the anchor: its ml_nodes (poc_weight, timeslot_allocation) and voting power are taken as they were at the anchor (the realdata conversion read them one block before it)`,
    rowsAffected: 0,
    uses: PRESERVED,
    brief: `epoch ${N}'s group data: as saved, taken as at the anchor`,
  });

  // A stored answer is checked here, so that its errors name its file and field.
  for (const s of dump.preservedSnapshots) parseStoredPreservedSnapshot(s.value, `${s.file}: snapshot`);
  const stored = dump.preservedSnapshots.find((s) => storedAnchor(s.value) !== null) ?? null;
  const events = dump.confirmationPocEvents.get(N)?.value ?? [];
  const pocChallengeTargets = openChallengeTargets(dump, N, anchor.height, gaps);
  checks.sums(rootWeights, weightsAt(root), byModel, (m) => weightsAt(current.get(m)!));
  const state: PreservedState = {
    anchorHeight: anchor.height,
    epoch: { index: N },
    genesisGuardianAddresses: guardians,
    liveSubGroups: { error: false, byModel },
    params: { error: false, epochParams: { pocSlotAllocation: slot } },
    previousEpochGroupData,
    previousEpochPerformanceSummaries: summaries,
    rootGroup: { error: false, subGroupModels: models, validationWeights: rootWeights, liveMembers: new Set(sortedGoStrings(new Set(rootWeights.map((w) => w.memberAddress).filter(isLive)))) },
    pocModelConfigs: { source: `${pw}.poc_params.models`, models: pocModels },
    ...(pocChallengeTargets !== undefined ? { pocChallengeTargets } : {}),
    warnings: checks.warnings,
  };
  const conversion: JsonObject = {
    tool: "gonka-spec rest-dump",
    live: live,
    prevUnknown: options.missingSummaries ?? null,
    guardians: "params",
    epochIndex: N,
    historyEpochIndex: H,
    paramsFile: paramsFile.file,
    modelsWithoutHistory: notListedBefore,
    previousSummariesKnown: members.length - unknown.length,
    previousSummariesUnknown: unknown,
    anchor: { height: anchor.height, source: anchor.source, explanation: anchor.explanation },
  };
  return {
    state,
    samplingEpoch: N,
    historyEpoch: H,
    anchor,
    gaps,
    conversion,
    storedSnapshot: stored,
    confirmationPocEvents: events,
    pocStart,
    epochLength,
    sources: [...new Set(sources)],
  };
}
