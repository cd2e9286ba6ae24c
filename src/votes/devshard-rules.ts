/**
 * Which devshard protocol rules a session runs. Devshard versions are not activated at a chain height:
 * a session is bound to `/devshard/<name>` when it starts, and the binary stamps that name into
 * `EscrowState.StateRootAndProtocolVersion` (hashed into every state root as sha256(tag), a formula
 * no version changed). The tag therefore selects the rules; each difference is one named switch
 * here, read by the shared transitions (docs/versions.md, "Vote tally (devshard)").
 *
 * Sources (research/devshard/REPORT.md): gonka 85835b31 (tag "v2") and kaitakuai/gonka@ee730031
 * (v0.2.14, devshard "v3": same transitions); zpoken/gonka@89ff8bdb (upstream main after v0.2.15,
 * devshard "v4"); zpoken/gonka@86cff503 (main after the devshard v5 merge, "v5").
 */
import { InputError, describeValue } from "../errors.js";

/** The rule sets the port implements. */
export type DevshardRulesName = "v2" | "v3" | "v4" | "v5";

export const DEVSHARD_RULES_NAMES: readonly DevshardRulesName[] = ["v2", "v3", "v4", "v5"];

/** Every session tag the port knows, implemented or not. */
export const KNOWN_DEVSHARD_TAGS = ["v2", "v3", "v4", "v4.1", "v5"] as const;

/** One switch per difference between the devshard versions. */
export interface DevshardRules {
  readonly name: DevshardRulesName;
  /** The merged Go code the rules come from. */
  readonly source: string;
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

/** The rule sets by name. */
export const DEVSHARD_RULES: Readonly<Record<DevshardRulesName, DevshardRules>> = {
  v2: V2,
  // v0.2.14 (kaitakuai/gonka@ee730031): devshard/state/machine.go and seal.go differ from 85835b31 only
  // in logging and accessors; its config defaults differ in non-consensus fields only.
  v3: { ...V2, name: "v3", source: "kaitakuai/gonka@ee730031" },
  v4: {
    ...V2,
    name: "v4",
    source: "zpoken/gonka@89ff8bdb",
    drain: "credit-started-refund-pending",
    bindFactor: "escrow",
    defaultExecutionTimeout: 1920n,
  },
  v5: {
    name: "v5",
    source: "zpoken/gonka@86cff503",
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

/** Why v4.1 is refused (research/devshard/REPORT.md §3). */
const V41_UNKNOWN =
  'devshard v4.1 (release/devshard/v4.1.0, 701fab877) is not pinned to merged source: whether it adds the max_tokens floor (or more) to v4 is unknown; ' +
  "pass --devshard-rules v4 to replay it with the v4 rules, on your own responsibility";

/** The rules a session tag selects; InputError for v4.1 and for tags the port does not know. */
export function devshardRulesFor(tag: string, path = "state_root_and_protocol_version"): DevshardRules {
  if (tag === "v4.1") throw new InputError(`${describeValue(tag)}: ${V41_UNKNOWN}`, path);
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

/** What the v5 replay assumes about the code that was not read (printed with every v5 tally). */
export const V5_ASSUMPTIONS = [
  "v5: the log-plane rules L0-L7 (devshard/heightsync CheckDiffLogPlane, not read) are assumed to accept a diff with no observed-height stamps, heartbeats, height acks or height-sync turns; such diffs are the only ones replayed",
  "v5: no height-sync turn is ever open, so the height-sync hash in rest_hash is the idle one (sha256 of 52 zero bytes)",
];
