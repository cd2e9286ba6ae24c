/**
 * The preserved-set sampler's inputs of a source: the validated state, the episode anchor the chain
 * uses (or the one asked for), the chain version whose sampler runs there, and the chain's own stored
 * set beside the port's. `preserved`, `check`, `compare` and the library read a source through here.
 */
import { checkedInt64 } from "../go/int64.js";
import { isJsonObject, type JsonObject } from "../json-input.js";
import { sortedGoStrings } from "../go/bytes.js";
import { PRESERVED_VERSION_OPTIONS, preservedRulesForChoice, type PreservedRules } from "../preserved/preserved-rules.js";
import { samplePreservedForEpisode } from "../preserved/sample-preserved-for-episode.js";
import { preservedStateOfSnapshot } from "../preserved/snapshot-state.js";
import type { PreservedState } from "../preserved/state.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { groupDigits } from "../format/numbers.js";
import type { VersionChoice } from "../versions/chain-version.js";
import { resolveChainVersion } from "../versions/resolve.js";
import { stripChallengeSkipFromPreserved } from "../preserved/strip-challenge-skip-from-preserved.js";
import {
  confirmationPocAt,
  diffPreservedSets,
  nodesOf,
  resolveEpisodeAnchor,
  storedPreservedSet,
  type ConfirmationPocEventRef,
  type EpisodeAnchor,
  type SetDifference,
  type StoredPreservedSet,
} from "./episode-anchor.js";
import { gapInputLines, gapsRead, type DumpGap } from "./rest-dump/dump-gap.js";
import type { Source } from "./source.js";

/** A source's snapshot, its validated preserved state and the anchor to sample at. */
export interface PreservedInputs {
  file: string;
  snapshot: Snapshot;
  state: PreservedState;
  anchor: bigint;
  /** The anchor and where it came from (--anchor, the chain's stored snapshot, the next PoC, the file). */
  anchorInfo: EpisodeAnchor;
  /** The chain version whose sampler runs at the anchor, and why (--chain-version, recorded, table). */
  version: VersionChoice;
  rules: PreservedRules;
  /** What a REST dump lacks that the sampler of `version` reads, and what it holds in a form the chain would not write, one line each (a JSON warnings array: the lines the text counts). */
  restGaps: string[];
  /** The same lacks as named (with the parts each fills): a node reason reading one is not computable. */
  restAssumptions: DumpGap[];
  /** What the state lacks that the version's sampler reads, each read under the assumption the line names. */
  versionLacks: string[];
  /** An --anchor a full epoch or more from the state's own anchor: the chain samples other inputs there (farAnchorWarning). */
  anchorWarnings: string[];
  /** v0.2.16: the anchor is a confirmation PoC's, whose caller leaves the epoch's challenge targets out (#1811); undefined otherwise or when the targets are not recorded. */
  challengeSkip?: ChallengeSkip;
}

/** A confirmation PoC's challenge strip (stripChallengeSkipFromPreserved after SamplePreservedForEpisode, v0.2.16). */
export interface ChallengeSkip {
  /** The confirmation PoC whose trigger height is the anchor; `running`: the one running at the state's height. */
  event: ConfirmationPocEventRef & { running: boolean };
  /** The targets of the epoch's PoC challenge records (the state's pocChallengeTargets). */
  targets: ReadonlySet<string>;
  /** Why the recorded targets may not be those of that event's generation start, when they may not. */
  doubt?: string;
}

/** The hosts a challenge strip left out of a sampled set: per model, the nodes the sampler had preserved. */
export type LeftOutByChallenge = { modelId: string; participantId: string; nodeIds: readonly string[] }[];

export interface PreservedInputsOptions {
  /** The episode anchor (default: the anchor the chain uses, see episode-anchor.ts). */
  anchor?: bigint;
  /** The --chain-version flag's value. */
  chainVersion?: string;
}

/** A REST dump's anchor (recorded beside its preserved slice): the next PoC's start and how it was found. */
function restDumpAnchor(snapshot: Snapshot, state: PreservedState): EpisodeAnchor | undefined {
  const a = snapshot.chain?.restDumpAnchor;
  if (snapshot.source !== "rest-dump" || !isJsonObject(a) || typeof a.explanation !== "string") return undefined;
  const h = typeof a.height === "bigint" ? a.height : typeof a.height === "number" || typeof a.height === "string" ? BigInt(a.height) : undefined;
  if (h === undefined || h !== state.anchorHeight) return undefined;
  return { height: h, source: a.source === "flag" ? "flag" : "next-poc", explanation: a.explanation };
}

/** The sampler's inputs of `source` at the anchor the chain uses (or `options.anchor`). */
export function preservedInputs(source: Source, options: PreservedInputsOptions = {}): PreservedInputs {
  const { snapshot, label: file } = source;
  // A REST dump's state is read from its answers once (its warnings name the REST files); a file's or a node's from its preserved slice.
  const state = source.rest?.preserved?.state ?? preservedStateOfSnapshot(snapshot, file);
  checkedInt64(snapshot.height, `${file}: height`);
  const anchorInfo = (options.anchor === undefined ? restDumpAnchor(snapshot, state) : undefined) ?? resolveEpisodeAnchor(snapshot, state, options.anchor);
  const version = resolveChainVersion(options.chainVersion, snapshot, { height: anchorInfo.height, ...PRESERVED_VERSION_OPTIONS });
  const rules = preservedRulesForChoice(version);
  const challengeSkip = challengeSkipAt(snapshot, state, anchorInfo.height, rules);
  const cpoc = confirmationPocAt(snapshot, anchorInfo.height) !== undefined;
  const read = gapsRead(source.lacks, ["preserved"], version.version);
  const far = anchorInfo.source === "flag" ? farAnchorWarning(snapshot, state, anchorInfo.height) : undefined;
  return {
    file, snapshot, state, anchor: anchorInfo.height, anchorInfo, version, rules, restGaps: gapInputLines(read), restAssumptions: read,
    versionLacks: trustLacks(state, rules, cpoc), anchorWarnings: far === undefined ? [] : [far], ...(challengeSkip ? { challengeSkip } : {}),
  };
}

/**
 * An --anchor a full epoch_length or more from the anchor the state is the chain's input for: there the
 * chain samples the groups and history of another epoch, which the state does not hold (the anchor still
 * seeds the draw over these inputs). A state that records no epoch_length (a generated file) cannot tell: no warning.
 */
export function farAnchorWarning(snapshot: Snapshot, state: PreservedState, anchor: bigint): string | undefined {
  const own = restDumpAnchor(snapshot, state) ?? resolveEpisodeAnchor(snapshot, state, undefined);
  const ep = isJsonObject(snapshot.chain?.params) ? snapshot.chain.params.epochParams : undefined;
  const raw = isJsonObject(ep) ? ep.epochLength : undefined;
  const length = typeof raw === "bigint" ? raw : (typeof raw === "number" && Number.isInteger(raw)) || (typeof raw === "string" && /^\d{1,19}$/.test(raw)) ? BigInt(raw) : undefined;
  if (length === undefined || length <= 0n || own.source === "snapshot-height") return undefined;
  const d = anchor - own.height;
  if (d < length && -d < length) return undefined;
  const epochs = (d < 0n ? -d : d) / length;
  return (
    `--anchor ${groupDigits(anchor)} is ${groupDigits(d < 0n ? -d : d)} blocks (${groupDigits(epochs)} epoch${epochs === 1n ? "" : "s"} of ${groupDigits(length)}) ${d < 0n ? "before" : "after"} the anchor these inputs are the chain's for ` +
    `(${groupDigits(own.height)}, epoch ${state.epoch.index}'s sampling): there the chain samples another epoch's groups and history, which the state does not hold; the answer is epoch ${state.epoch.index}'s inputs drawn with that anchor's seed`
  );

}

/**
 * The strip a v0.2.16 confirmation PoC applies at `anchor` (its trigger height, an event of the sampled
 * epoch the snapshot names), with the state's recorded challenge targets; undefined when the anchor is
 * no confirmation PoC's, the rules are older, or the targets are not recorded (a lack trustLacks names).
 * Records are only created outside a confirmation PoC and deleted at the epoch's end, so those read
 * while it runs are those of its generation start; read at another time they may include later ones.
 */
export function challengeSkipAt(snapshot: Snapshot, state: PreservedState, anchor: bigint, rules: PreservedRules): ChallengeSkip | undefined {
  if (!rules.confirmationChallengeSkip || state.pocChallengeTargets === undefined) return undefined;
  const event = confirmationPocAt(snapshot, anchor);
  if (event === undefined || event.epochIndex !== state.epoch.index) return undefined;
  const when = snapshot.source === "rest-dump" ? "as saved" : `at height ${groupDigits(BigInt(snapshot.height))}`;
  // exact: read while it ran or at its generation start; none recorded later means none then (records are only added)
  const exact = event.running || (snapshot.source !== "rest-dump" && BigInt(snapshot.height) === event.generationStartHeight) || state.pocChallengeTargets.length === 0;
  const doubt = exact
    ? undefined
    : `pocChallengeTargets: the PoC challenge records were read ${when}, not while this confirmation PoC ran (generation from block ${groupDigits(event.generationStartHeight)}): a challenge opened after it is left out as if it had been open then`;
  return { event, targets: new Set(state.pocChallengeTargets), ...(doubt !== undefined ? { doubt } : {}) };
}

/** What a confirmation PoC's challenge strip did, for --json: the event, the targets (sorted) and the hosts left out. */
export function challengeSkipJson(skip: ChallengeSkip, leftOut: LeftOutByChallenge): JsonObject {
  return {
    triggerHeight: skip.event.triggerHeight,
    epoch: skip.event.epochIndex,
    running: skip.event.running,
    targets: sortedGoStrings(skip.targets),
    leftOut: leftOut.map((l) => ({ modelId: l.modelId, participantId: l.participantId, nodeIds: [...l.nodeIds] })),
  };
}

/** What a confirmation PoC's challenge strip did, for people: one line (and its doubt, if any). */
export function challengeSkipLines(skip: ChallengeSkip, leftOut: LeftOutByChallenge): string[] {
  const n = skip.targets.size;
  const head = `confirmation PoC triggered at block ${groupDigits(skip.event.triggerHeight)}: ${n === 0 ? "no host has" : `${groupDigits(n)} host${n === 1 ? " has" : "s have"}`} a PoC challenge record of epoch ${skip.event.epochIndex}`;
  if (n === 0) return [head];
  const byHost = new Map<string, string[]>();
  for (const l of leftOut) byHost.set(l.participantId, [...(byHost.get(l.participantId) ?? []), `${l.nodeIds.length} node${l.nodeIds.length === 1 ? "" : "s"} of ${l.modelId}`]);
  const who = byHost.size === 0 ? "none of them was in the sampled set" : `left out: ${[...byHost].map(([a, parts]) => `${a} (${parts.join(", ")})`).join("; ")}`;
  const their = n === 1 ? "its" : "their";
  return [`${head}; ${their} nodes all run PoC, none is preserved and nobody is preserved in ${their} place (#1811, v0.2.16): ${who}`, ...(skip.doubt !== undefined ? [skip.doubt] : [])];
}

/**
 * What a state lacks for the v0.2.16 sampler, each read under a named assumption: the sampled epoch's
 * ActiveParticipants (trust weights), and, at a confirmation PoC's anchor (`confirmationPoc`; the only
 * caller that reads them), its PoC challenge records (their targets are left out).
 */
export function trustLacks(state: PreservedState, rules: PreservedRules, confirmationPoc = true): string[] {
  if (!rules.trustRootTotal) return [];
  const out: string[] = [];
  if (state.activeParticipants === undefined) {
    out.push(
      "activeParticipants: the sampled epoch's ActiveParticipants (its trust weights, CapWeight) are not in the input: every member counts its real weight in the live root weight, exact for an epoch formed before v0.2.16 (block 6,449,400); for a later one the 75 % line and the 34 % cap can be higher than the chain's",
    );
  }
  if (rules.confirmationChallengeSkip && confirmationPoc && state.pocChallengeTargets === undefined) {
    out.push("pocChallengeTargets: the epoch's PoC challenge records are not in the input: in a confirmation PoC a host under challenge has no preserved node (#1811), which this answer cannot show");
  }
  return out;
}

/** The chain's stored set at this input's anchor beside the port's (today's rule), or undefined when none is stored for it. */
export function storedSetCheck(input: PreservedInputs): { stored: StoredPreservedSet; difference: SetDifference; warning?: string } | undefined {
  const stored = storedPreservedSet(input.snapshot);
  if (!stored || stored.episodeAnchorHeight !== input.anchor) return undefined;
  const sampled = samplePreservedForEpisode(input.state, input.anchor, { rules: input.rules, explain: false }).snapshot;
  const port = nodesOf(stripChallengeSkipFromPreserved(sampled, input.challengeSkip?.targets ?? new Set()).modelPreservedNodes);
  const difference = diffPreservedSets(stored.nodes, port);
  const n = difference.onlyChain.length + difference.onlyPort.length;
  const g = groupDigits;
  const warning =
    n === 0
      ? undefined
      : `the port's preserved set differs from the chain's stored PreservedNodesSnapshot at anchor ${input.anchor}: ${g(difference.onlyChain.length)} nodes only in the chain's, ${g(difference.onlyPort.length)} only in the port's, ${g(difference.both)} in both (the chain's stored set is the answer; the snapshot may miss an input or the chain ran another version's rules)`;
  return { stored, difference, ...(warning !== undefined ? { warning } : {}) };
}
