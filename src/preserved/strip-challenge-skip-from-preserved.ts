/**
 * stripChallengeSkipFromPreserved (v0.2.16, #1811; module/poc_challenge.go at zpoken/gonka@ef1a5efd): a
 * confirmation PoC's preserved snapshot leaves out every host with a PoC challenge record in the epoch,
 * and nobody is preserved in its place.
 */
import type { PreservedNodesSnapshot } from "./sample-at-anchor.js";

/**
 * Mirrors stripChallengeSkipFromPreserved as the confirmation-PoC caller applies it after
 * SamplePreservedForEpisode: with no target, the snapshot itself; else each model keeps its other
 * participants in order (a model left empty stays listed).
 */
export function stripChallengeSkipFromPreserved(snapshot: PreservedNodesSnapshot, skip: ReadonlySet<string>): PreservedNodesSnapshot {
  if (skip.size === 0) return snapshot;
  return {
    episodeAnchorHeight: snapshot.episodeAnchorHeight,
    modelPreservedNodes: snapshot.modelPreservedNodes.map((m) => ({ modelId: m.modelId, participants: m.participants.filter((p) => !skip.has(p.participantId)) })),
  };
}
