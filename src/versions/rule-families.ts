/**
 * Which chain versions each rule family holds exactly (pinned to merged Go source), and the one line
 * that refuses a version past that frontier: a height the chain ran under rules the port cannot pin is
 * never answered with older rules. docs/versions.md gives the evidence for every entry.
 */
import { InputError } from "../errors.js";
import { atLeast, CHAIN_VERSIONS, type ChainVersion, type VersionChoice } from "./chain-version.js";

/** The chain rule families that are chosen by chain version (the vote tally is chosen by its session tag). */
export type RuleFamily = "preserved" | "miss-test" | "settlement" | "status";

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
  /**
   * Named doubts about the newest version: one line each (file, branch, candidates). They do not refuse the
   * version; an answer that depends on the doubtful branch says so (docs/versions.md lists the evidence).
   */
  doubts: readonly string[];
}

/** The next release past every family's frontier: branch code only. */
const V0217 = "v0.2.17 exists only as branch code (per-scheme PoC settings) and no proposal for it is on record";

/** The release text every v0.2.16 rule is read at (docs/versions.md: why it is the release). */
const RELEASE_TEXT = "zpoken/gonka@ef1a5efd, the upstream state holding every PR the v0.2.16 release notes (gonka-ai/gonka@136041c8) list";

export const FAMILY_COVERAGE: Readonly<Record<RuleFamily, FamilyCoverage>> = {
  preserved: {
    family: "preserved",
    name: "the preserved sampler (SamplePreservedForEpisode)",
    first: "v0.2.12",
    newest: "v0.2.16",
    unknownNext: V0217,
    beforeFirst: "there was no SamplePreservedForEpisode before v0.2.12; the preserved set of that era came from AllocateMLNodesForPoC once per epoch, which this spec does not port (other rule families still run)",
    doubts: [
      `module/model_assignment.go, module/confirmation_poc.go, keeper/power.go: read at ${RELEASE_TEXT}; the release branch head (release/v0.2.16-post1) is not readable, so a fix made there after ef1a5efd cannot be excluded`,
    ],
  },
  "miss-test": {
    family: "miss-test",
    name: "the miss test and p0 selection",
    first: "v0.2.10",
    newest: "v0.2.16",
    unknownNext: V0217,
    beforeFirst: "the port's miss test starts at v0.2.10 (bb2de824); older releases are not ported",
    doubts: [
      "calculations/stats.go, stats_table.go (MissedStatTest): no stored text after v0.2.14; taken as unchanged (no PR the release notes list touches them, and the caller's signature is the same)",
    ],
  },
  settlement: {
    family: "settlement",
    name: "epoch settlement (SettleAccounts)",
    first: "v0.2.10",
    newest: "v0.2.16",
    unknownNext: V0217,
    beforeFirst: "the port's settlement starts at v0.2.10 (bb2de824); older releases are not ported",
    doubts: [
      `keeper/bitcoin_rewards.go, keeper/accountsettle.go: read at ${RELEASE_TEXT}; the release's keeper/poc_challenge.go gained one late check after it, so a late fix in these cannot be excluded (the other stored accountsettle.go, gonka-ai@9fef02cd, adds a forfeit of excluded hosts' work coins the release notes do not list: post-release)`,
    ],
  },
  status: {
    family: "status",
    name: "the in-epoch status tests (ComputeStatus)",
    first: "v0.2.10",
    newest: "v0.2.16",
    unknownNext: V0217,
    beforeFirst: "the port's status tests start at v0.2.10 (bb2de824); older releases are not ported",
    doubts: [
      "calculations/sprt.go, keeper/participant_status.go, keeper/sprt_precompute.go: the index stores no v0.2.16 text of them (only zpoken/gonka@89ff8bdb, v0.2.15, equal to v0.2.13's); taken as unchanged (no PR the release notes list touches them; status.go, which the release did change, is read at ef1a5efd)",
    ],
  },
};

/** The version after `v`, if any. */
function next(v: ChainVersion): ChainVersion | undefined {
  return CHAIN_VERSIONS[CHAIN_VERSIONS.indexOf(v) + 1];
}

/** The versions whose rules `family` holds exactly, oldest first (one list: every command and its --help use it). */
export function familyVersions(family: RuleFamily): ChainVersion[] {
  return CHAIN_VERSIONS.filter((v) => familyKnows(family, v));
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
  const fromFlag = choice.source === "flag";
  // The line names what chose the version: the flag the user gave, or (no flag) the chain version itself.
  const field = fromFlag ? "--chain-version" : "chain version";
  const why = fromFlag ? "" : ` (${choice.detail})`;
  if (!atLeast(choice.version, c.first)) throw new InputError(`${choice.version}${why}: ${c.beforeFirst}`, field);
  const what = choice.version === next(c.newest) ? c.unknownNext : `the port holds ${c.name} only up to ${c.newest}`;
  throw new InputError(`${choice.version}${why}: no exact rules for ${c.name}: ${what}; --chain-version ${c.newest} runs ${c.newest}'s rules at your own risk`, field);
}

/** For a rule function called with a bare version (the library, vectors): the same refusal, naming the caller's argument. */
export function requireFamilyVersion(family: RuleFamily, version: ChainVersion): ChainVersion {
  return checkFamilyFrontier(family, { version, source: "latest", detail: "the version passed to the rule" }).version;
}
