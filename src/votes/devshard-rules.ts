/**
 * Which devshard protocol rules a session runs. Devshard versions are not activated at a chain height:
 * a session is bound to `/devshard/<name>` when it starts, and the binary stamps that name into
 * `EscrowState.StateRootAndProtocolVersion` (hashed into every state root as sha256(tag), a formula
 * no version changed). The tag therefore selects the rules; each difference is one named switch
 * here, read by the shared transitions (docs/versions.md, "Vote tally (devshard)").
 *
 * Sources (research/devshard/REPORT.md): gonka 85835b31 (tag "v2") and kaitakuai/gonka@ee730031
 * (v0.2.14, devshard "v3": same transitions); zpoken/gonka@89ff8bdb (upstream main after v0.2.15,
 * devshard "v4"); gonka-ai/gonka@bb34d444 (the v4.1 line, which pins the state roots of the
 * release/devshard/v4.1.0 tag 701fab877: "v4.1", v4's switches); zpoken/gonka@86cff503 (main after
 * the devshard v5 merge, "v5").
 */
import { InputError, describeValue } from "../errors.js";

/** The rule sets the port implements. */
export type DevshardRulesName = "v2" | "v3" | "v4" | "v4.1" | "v5";

export const DEVSHARD_RULES_NAMES: readonly DevshardRulesName[] = ["v2", "v3", "v4", "v4.1", "v5"];

/** Every session tag the port replays (each selects the rules of the same name). */
export const KNOWN_DEVSHARD_TAGS: readonly string[] = DEVSHARD_RULES_NAMES;

/** One switch per difference between the devshard versions. */
export interface DevshardRules {
  readonly name: DevshardRulesName;
  /** The Go code the rules come from. */
  readonly source: string;
  /**
   * The Go code the bind (SessionConfigAtBind / ApplyChainSessionBindParams) was read at: `source`,
   * except for v4.1, whose bind was not read on its own line and is v4's (V41_ASSUMPTIONS).
   */
  readonly bindSource: string;
  /** What a replay under these rules assumes about Go code that was not read (printed with every tally). */
  readonly assumptions: readonly string[];
  /**
   * What the Finalizing→Settlement drain does to a still-live record before folding it
   * (settleLiveRecordLocked): "as-is" (85835b31: no such function); "credit-started-refund-pending"
   * (PR #1368, zpoken@89ff8bdb); "credit-started-and-pending" (PR #1626, zpoken@86cff503).
   */
  readonly drain: "as-is" | "credit-started-refund-pending" | "credit-started-and-pending";
  /**
   * Where the vote-threshold factor comes from at bind: "live" (ApplyChainSessionBindParams with the
   * live chain vote_threshold_factor, 85835b31/ee730031) or "escrow" (SessionConfigFromEscrow from the
   * escrow row only, zpoken@89ff8bdb; the introducing PR is not pinned).
   */
  readonly bindFactor: "live" | "escrow";
  /** The escrow row's refusal_timeout / execution_timeout are overlaid at bind (zpoken@86cff503 bridge/config.go). */
  readonly bindTimeoutsFromEscrow: boolean;
  /** DefaultSessionConfig's ExecutionTimeout: 1200 at 85835b31, 32*60 at 89ff8bdb and 86cff503. */
  readonly defaultExecutionTimeout: bigint;
  /** applyStartInference refuses max_tokens below this unless replaying the node's own journal (zpoken@86cff503; 0: no floor). */
  readonly maxTokensFloor: bigint;
  /** MsgErrorMiss (DevshardTx field 14) exists (PR #1652, zpoken@86cff503). */
  readonly errorMiss: boolean;
  /** autoSealLocked's Finished clock gate requires grace + ExecutionTimeout (FinishedClockRequiredSeconds, zpoken@86cff503). */
  readonly sealGateAddsExecutionTimeout: boolean;
  /** rest_hash ends with the height-sync escrow hash (ComputeRestHashV2, zpoken@86cff503 state/hash.go). */
  readonly heightSyncHash: boolean;
  /** ApplyLocalPersisted exists (the journal replay that skips the max_tokens floor). */
  readonly persistedReplay: boolean;
}

const V2: DevshardRules = {
  name: "v2",
  source: "redstartechno/gonka@85835b31",
  bindSource: "redstartechno/gonka@85835b31",
  assumptions: [],
  drain: "as-is",
  bindFactor: "live",
  bindTimeoutsFromEscrow: false,
  defaultExecutionTimeout: 1200n,
  maxTokensFloor: 0n,
  errorMiss: false,
  sealGateAddsExecutionTimeout: false,
  heightSyncHash: false,
  persistedReplay: false,
};

/** What the v5 replay assumes about the code that was not read (printed with every v5 tally). */
export const V5_ASSUMPTIONS = [
  "v5: the log-plane rules L0-L7 (devshard/heightsync CheckDiffLogPlane, not read) are assumed to accept a diff with no observed-height stamps, heartbeats, height acks or height-sync turns; such diffs are the only ones replayed",
  "v5: no height-sync turn is ever open, so the height-sync hash in rest_hash is the idle one (sha256 of 52 zero bytes)",
];

/** What a v4.1 replay assumes (printed with every v4.1 tally). */
export const V41_ASSUMPTIONS = [
  "v4.1: the bind is assumed to be v4's (vote-threshold factor from the escrow row only, the row's timeouts not bound; zpoken/gonka@89ff8bdb bridge/config.go): devshard/bridge and types/config.go were not read on the v4.1 line, and the v4.1.0 release's state roots do not exercise the bind",
];

const V4: DevshardRules = {
  ...V2,
  name: "v4",
  source: "zpoken/gonka@89ff8bdb",
  bindSource: "zpoken/gonka@89ff8bdb",
  drain: "credit-started-refund-pending",
  bindFactor: "escrow",
  defaultExecutionTimeout: 1920n,
};

/** The rule sets by name. */
export const DEVSHARD_RULES: Readonly<Record<DevshardRulesName, DevshardRules>> = {
  v2: V2,
  // v0.2.14 (kaitakuai/gonka@ee730031): devshard/state/machine.go and seal.go differ from 85835b31 only
  // in logging and accessors; its config defaults differ in non-consensus fields only.
  v3: { ...V2, name: "v3", source: "kaitakuai/gonka@ee730031", bindSource: "kaitakuai/gonka@ee730031" },
  v4: V4,
  // release/devshard/v4.1.0 (701fab877): v4's switches. Its 35 state roots of a scripted session (saved by
  // gonka-ai/gonka@bb34d444, devshard/state/testdata/v41-state-roots.json) replay exactly under them
  // (test/votes/devshard-v41.test.ts): no height-sync hash, no max_tokens floor (max_tokens 50 starts).
  // The rest is read at bb34d444, the v4.1 line that keeps those roots: settleLiveRecordLocked as v4,
  // no MsgErrorMiss and no ApplyPersisted in applyTx/machine.go, the auto-seal clock gate of the grace
  // alone (seal.go). The bind was not read on that line: V41_ASSUMPTIONS.
  "v4.1": { ...V4, name: "v4.1", source: "gonka-ai/gonka@bb34d444", assumptions: V41_ASSUMPTIONS },
  v5: {
    name: "v5",
    source: "zpoken/gonka@86cff503",
    bindSource: "zpoken/gonka@86cff503",
    assumptions: V5_ASSUMPTIONS,
    drain: "credit-started-and-pending",
    bindFactor: "escrow",
    bindTimeoutsFromEscrow: true,
    defaultExecutionTimeout: 1920n,
    maxTokensFloor: 64n,
    errorMiss: true,
    sealGateAddsExecutionTimeout: true,
    heightSyncHash: true,
    persistedReplay: true,
  },
};

/** The rules of 85835b31 (the Go vectors' commit). */
export const RULES_85835B31 = DEVSHARD_RULES.v2;

/**
 * Why a devshard v6 tag is refused. The tag a session carries is the binary's link-time protocol stamp
 * (types.EffectiveStateRootAndProtocolVersion, DEVSHARD_VERSION), which the release tooling
 * (.github/scripts/devshard-release-meta.sh) sets to the major of the release tag, so a v6.x.y build
 * would stamp "v6"; the chain settles only a tag that is an approved version name (keeper
 * validateDevshardSettlementVersionApproved), which for v6 could as well be "v6.1"-like (cf. "v4.1").
 */
const V6_UNKNOWN =
  "devshard v6 exists only as the devshard-v0.2.16-v6 branch, with no tagged release and no governance approval on record, so its rules are unknown; " +
  "--devshard-rules R replays the session with the rules of R, on your own responsibility";

/** A devshard v6 session tag as a v6 build or its approved name would spell it: "v6", "v6.1", "v6.0.0". */
function isV6Tag(tag: string): boolean {
  return tag === "v6" || tag.startsWith("v6.");
}

/** The rules a session tag selects; InputError for devshard v6 and for tags the port does not know. */
export function devshardRulesFor(tag: string, path = "state_root_and_protocol_version"): DevshardRules {
  if (isV6Tag(tag)) throw new InputError(`${describeValue(tag)}: ${V6_UNKNOWN}`, path);
  if (!Object.hasOwn(DEVSHARD_RULES, tag)) {
    throw new InputError(`unknown devshard session tag ${describeValue(tag)} (known: ${KNOWN_DEVSHARD_TAGS.join(", ")}; --devshard-rules picks rules for another tag)`, path);
  }
  return DEVSHARD_RULES[tag as DevshardRulesName];
}

/** The rules that ran and why (tally output). */
export interface RulesChoice {
  rules: DevshardRules;
  /** "tag": the file's tag; "default": the file gave no tag (85835b31's compiled "v2"); "override": --devshard-rules. */
  source: "tag" | "default" | "override";
  tag: string;
  detail: string;
}

/** Parse a --devshard-rules value. */
export function parseRulesName(v: string, path: string): DevshardRulesName {
  if (!(DEVSHARD_RULES_NAMES as readonly string[]).includes(v)) {
    throw new InputError(`expected one of ${DEVSHARD_RULES_NAMES.join(", ")}, got ${describeValue(v)}`, path);
  }
  return v as DevshardRulesName;
}

/** Pick the rules for a session: the override when given, else the tag's. */
export function chooseDevshardRules(tag: string | undefined, override: DevshardRulesName | undefined, path: string): RulesChoice {
  const t = tag ?? "v2";
  if (override !== undefined) {
    const rules = DEVSHARD_RULES[override];
    return { rules, source: "override", tag: t, detail: `--devshard-rules ${override} (session tag ${JSON.stringify(t)} is still the one hashed into the root)` };
  }
  const rules = devshardRulesFor(t, path);
  if (tag === undefined) return { rules, source: "default", tag: t, detail: 'no state_root_and_protocol_version in the file: "v2", the compiled default at 85835b31' };
  return { rules, source: "tag", tag: t, detail: `session tag ${JSON.stringify(t)} (state_root_and_protocol_version)` };
}
