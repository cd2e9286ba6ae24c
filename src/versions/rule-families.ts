/**
 * Which chain versions each rule family holds exactly (pinned to merged Go source), and the one line
 * that refuses a version past that frontier: a height the chain ran under rules the port cannot pin is
 * never answered with older rules. docs/versions.md gives the evidence for every entry.
 */
import { InputError } from "../errors.js";
import { atLeast, CHAIN_VERSIONS, type ChainVersion, type VersionChoice } from "./chain-version.js";

/** The chain rule families that are chosen by chain version (the vote tally is chosen by its session tag). */
export type RuleFamily = "preserved" | "miss-test" | "settlement";

export interface FamilyCoverage {
  family: RuleFamily;
  /** The family's name in messages. */
  name: string;
  /** The first version whose rules the port holds (earlier ones are refused with their own reason). */
  first: ChainVersion;
  /** The newest version whose rules are pinned to merged source. */
  newest: ChainVersion;
  /** What is not pinned in the version after `newest` (one clause, for the refusal). */
  unknownNext: string;
  /** Why a version before `first` is not answered (one clause). */
  beforeFirst: string;
}

/** What v0.2.16 changes that the port cannot pin (research against zpoken/gonka, docs/versions.md). */
const V0216 =
  "its release is not in the public record this project holds (the rules read at the pre-release main commit zpoken/gonka@ef1a5efd, PRs #1566 and #1588, may differ from what was proposed at block 6,449,400)";

export const FAMILY_COVERAGE: Readonly<Record<RuleFamily, FamilyCoverage>> = {
  preserved: {
    family: "preserved",
    name: "the preserved sampler (SamplePreservedForEpisode)",
    first: "v0.2.12",
    newest: "v0.2.15",
    unknownNext: `v0.2.16 sums trust weights (CapWeight) into the live root weight and derives per-model voting powers from them, and ${V0216}`,
    beforeFirst: "there was no SamplePreservedForEpisode before v0.2.12; the preserved set of that era came from AllocateMLNodesForPoC once per epoch, which this spec does not port (other rule families still run)",
  },
  "miss-test": {
    family: "miss-test",
    name: "the miss test and p0 selection",
    first: "v0.2.10",
    newest: "v0.2.15",
    unknownNext: `v0.2.16 stops counting expired inferences as misses during a PoC challenge (#1811) and changes how settlement's statistics are kept (#1814), and ${V0216}`,
    beforeFirst: "the port's miss test starts at v0.2.10 (bb2de824); older releases are not ported",
  },
  settlement: {
    family: "settlement",
    name: "epoch settlement (SettleAccounts)",
    first: "v0.2.10",
    newest: "v0.2.15",
    unknownNext: `v0.2.16 weighs confirmation by each model's dynamic EffectiveCoefficient and drops models excluded from confirmation (#1566), and ${V0216}`,
    beforeFirst: "the port's settlement starts at v0.2.10 (bb2de824); older releases are not ported",
  },
};

/** The version after `v`, if any. */
function next(v: ChainVersion): ChainVersion | undefined {
  return CHAIN_VERSIONS[CHAIN_VERSIONS.indexOf(v) + 1];
}

/** True when `family` holds the rules of `v` exactly. */
export function familyKnows(family: RuleFamily, v: ChainVersion): boolean {
  const c = FAMILY_COVERAGE[family];
  return atLeast(v, c.first) && atLeast(c.newest, v);
}

/**
 * Refuse a choice the family has no exact rules for, in one line: the version and why it was chosen,
 * then, past the frontier, what is unknown and the flag that runs the newest known rules at the user's
 * own risk; before the family's first version, why it is not answered.
 */
export function checkFamilyFrontier(family: RuleFamily, choice: VersionChoice): VersionChoice {
  const c = FAMILY_COVERAGE[family];
  if (familyKnows(family, choice.version)) return choice;
  const why = choice.source === "flag" ? `--chain-version ${choice.version}` : choice.detail;
  if (!atLeast(choice.version, c.first)) throw new InputError(`${choice.version} (${why}): ${c.beforeFirst}`, "--chain-version");
  const what = choice.version === next(c.newest) ? c.unknownNext : `the port holds ${c.name} only up to ${c.newest}`;
  throw new InputError(
    `${choice.version} (${why}): the port has no exact rules for ${c.name} at ${choice.version}: ${what}; pass --chain-version ${c.newest} to run ${c.newest}'s rules at your own risk`,
    "--chain-version",
  );
}

/** For a rule function called with a bare version (the library, vectors): the same refusal, naming the caller's argument. */
export function requireFamilyVersion(family: RuleFamily, version: ChainVersion): ChainVersion {
  return checkFamilyFrontier(family, { version, source: "latest", detail: "the version passed to the rule" }).version;
}
