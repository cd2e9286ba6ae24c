/**
 * The preserved-set sampler's rules by chain version: named switches read by the shared functions
 * (prepareEpisode, calculateThresholds, the 34 % cap loop). docs/versions.md lists each with its Go
 * commit. SamplePreservedForEpisode exists from v0.2.12 (fork d8b8e907, blob 02c9b9ef); v0.2.13
 * (17808620, blob 6718debd, unchanged through 85835b31 and the merged v0.2.14 ee730031) changed the
 * four points below and nothing else in the sampler.
 */
import { InputError } from "../errors.js";
import { atLeast, LATEST_CHAIN_VERSION, type ChainVersion, type VersionChoice } from "../versions/chain-version.js";
import { checkFamilyFrontier, requireFamilyVersion } from "../versions/rule-families.js";

export interface PreservedRules {
  version: ChainVersion;
  /**
   * v0.2.13: the current data holds live x/group members only (GetRootGroupDataWithLiveMembers,
   * GetLiveSubGroupsForCurrentEpoch). v0.2.12: every listed member of GetEpochGroupData(epoch, model).
   */
  liveMemberFilter: boolean;
  /** v0.2.13: genesis guardians are never candidates. v0.2.12: no guardian read at all. */
  excludeGenesisGuardians: boolean;
  /**
   * The 75 % participant line and the per-participant 25 % gate.
   * - "votingPower" (v0.2.13): per-model voting power, ranked against 75 % of the live root weight.
   * - "pocWeight" (v0.2.12): the participant's raw PoC weight in the model, against 75 % of the
   *   model's own raw total (calculateWeightThreshold(…, 75)).
   */
  participantLine: "votingPower" | "pocWeight";
  /**
   * The 34 % non-voting cap.
   * - "perModelVotingPower" (v0.2.13): cap = 34 % of the live root weight; counter reset per model; a
   *   participant whose nodes would all be eligible is charged its per-model voting power.
   * - "globalScaledWeight" (v0.2.12): cap = 34 % of the raw current weight summed over models; one
   *   counter over all models; the charge and the "all eligible" test use the coefficient-adjusted
   *   weight (each model's weight scale factor) over all of the participant's models.
   */
  nonVotingCap: "perModelVotingPower" | "globalScaledWeight";
  /**
   * v0.2.16 (#1588; model_assignment.go at zpoken/gonka@ef1a5efd): the live root weight sums each member's
   * trust weight (resolveTrustWeights of the epoch's ActiveParticipants: CapWeight once the epoch records
   * cap_weight_applied, else Weight), a member without an entry its root weight. Before: root weights.
   */
  trustRootTotal: boolean;
  /**
   * v0.2.16 (#1811; confirmation_poc.go at zpoken/gonka@ef1a5efd): a confirmation PoC's caller strips, after
   * sampling, every host with a PoC challenge record of the epoch (stripChallengeSkipFromPreserved); the
   * regular PoC's caller does not. Before: no challenges.
   */
  confirmationChallengeSkip: boolean;
}

/** The sampler's rules at chain version `v`; before v0.2.12 there was no SamplePreservedForEpisode (InputError naming `where`). */
export function preservedRulesFor(v: ChainVersion, where = "--chain-version"): PreservedRules {
  if (!atLeast(v, "v0.2.12")) {
    throw new InputError(
      `chain ${v} had no SamplePreservedForEpisode (it arrived with v0.2.12); before it, AllocateMLNodesForPoC marked PoC slots once per epoch, which this spec does not port, so the preserved family cannot judge ${v} heights (other rule families still run; pass --chain-version v0.2.12 or later only to see what the later rules would do)`,
      where,
    );
  }
  requireFamilyVersion("preserved", v); // past the newest pinned version: refused, never older rules
  const v13 = atLeast(v, "v0.2.13");
  return {
    version: v,
    liveMemberFilter: v13,
    excludeGenesisGuardians: v13,
    participantLine: v13 ? "votingPower" : "pocWeight",
    nonVotingCap: v13 ? "perModelVotingPower" : "globalScaledWeight",
    trustRootTotal: atLeast(v, "v0.2.16"),
    confirmationChallengeSkip: atLeast(v, "v0.2.16"),
  };
}

/** The rules of the newest version (the Go vectors' rules); the default of every preserved function. */
export const LATEST_PRESERVED_RULES: PreservedRules = preservedRulesFor(LATEST_CHAIN_VERSION);

/** versionForHeight / resolveChainVersion options for the preserved family. */
export const PRESERVED_VERSION_OPTIONS = {
  family: "preserved",
  heightName: "sampling height",
} as const;

/** The rules for a resolved version choice, checked against the family's frontier (rule-families.ts: before v0.2.12 there was no sampler; past the newest pinned version there are no exact rules). */
export function preservedRulesForChoice(c: VersionChoice): PreservedRules {
  return preservedRulesFor(checkFamilyFrontier("preserved", c).version);
}
