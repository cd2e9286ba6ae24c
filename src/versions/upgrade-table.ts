/**
 * The mainnet upgrade-height table: which chain version's rules ran at a block of `gonka-mainnet`, each
 * row with its public source (docs/versions.md explains every bound). Where a height is not known
 * exactly the row keeps the best bounds, and a height inside the uncertain interval is refused unless
 * the caller's rule family reads the same under every candidate version.
 *
 * `versionForHeight` picks, in order: the --chain-version flag, a version recorded with the state (from
 * the node's applied upgrade plans, or written into a snapshot file), the table.
 */
import { InputError, describeValue } from "../errors.js";
import { groupDigits } from "../format/numbers.js";
import { CHAIN_VERSIONS, parseChainVersion, type ChainVersion, type VersionChoice, type VersionSource } from "./chain-version.js";

export const MAINNET_CHAIN_ID = "gonka-mainnet";

/** When one upgrade first applied: an exact block, or bounds (first block ≥ `from`, ≤ `to`), or nothing known. */
export type Activation =
  | { kind: "exact"; height: bigint }
  | { kind: "between"; from: bigint; to: bigint }
  /** Active by block `height` at the latest; when it first applied is not known. */
  | { kind: "by"; height: bigint }
  | { kind: "unknown" };

export interface UpgradeRow {
  version: ChainVersion;
  /** The upgrade plan name the chain registers (inference-chain/app/upgrades/v0_2_N/constants.go). */
  plan: string;
  activation: Activation;
  /** Where the height (or its bounds) comes from. */
  source: string;
}

/** gonka-mainnet upgrades the port has rules for, oldest first. */
export const MAINNET_UPGRADES: readonly UpgradeRow[] = [
  {
    version: "v0.2.10",
    plan: "v0.2.10",
    activation: { kind: "unknown" },
    source:
      "upgrade handler inference-chain/app/upgrades/v0_2_10 (fork bb2de824, merged 2026-02-18); its mainnet height is not in the public record this project holds",
  },
  {
    version: "v0.2.11",
    plan: "v0.2.11",
    activation: { kind: "by", height: 3_828_603n },
    source:
      "upgrade handler inference-chain/app/upgrades/v0_2_11 (fork bd1fd508, merged 2026-03-20; governance proposal 31); its exact mainnet height is not in the public record this project holds. Active by block 3,828,603 at the latest: epoch 247's settlement there (mid-May 2026, two months after the merge) applied v0.2.11's collateral rescale — v0.2.10's rules would have paid gonka1qu9mna5xlvlnw9455ygtjq92wuzkzm237w8l08 and gonka1uf5cg7ef0ns6877nl27y0s6rt06cdmn40k5a88 five times what the chain recorded (test/realdata/rest/epoch_247)",
  },
  {
    version: "v0.2.12",
    plan: "v0.2.12",
    activation: { kind: "between", from: 3_828_723n, to: 3_843_994n },
    source:
      "the v0.2.12 handler (app/upgrades/v0_2_12/upgrades.go@d8b8e907) set Kimi-K2.6's penalty_start_epoch to the effective epoch + 3, and params show 251: it ran in effective epoch 248, blocks 3,828,723-3,844,113 (epoch_group_data_248/249 effective heights); epoch 248's settlement at block 3,843,994 already paid by the v0.2.12 rule (confirmation weight 0 → nothing), epoch 247's at 3,828,603 did not (test/realdata/rest)",
  },
  {
    version: "v0.2.13",
    plan: "v0.2.13",
    activation: { kind: "exact", height: 4_267_300n },
    source:
      "public governance records quoted by the community archives (test/realdata/README.md): block 4,267,300, mid-epoch 276 (epoch 276's PoC starts at 3,828,323 + 28 × 15,391 = 4,259,271), consistent with the handler's bootstrap epoch 278 (app/upgrades/v0_2_13@17808620)",
  },
  {
    version: "v0.2.14",
    plan: "v0.2.14",
    activation: { kind: "unknown" },
    source:
      "upgrade handler app/upgrades/v0_2_14 (kaitakuai/gonka ee730031, merged 2026-07-23); no public record of its mainnet activation: any block after 4,267,300 may run it",
  },
];

const fmt = groupDigits;

/** The versions whose rules may have run at `height` of gonka-mainnet per the table (one when it is known). */
export function mainnetCandidates(height: bigint): { versions: ChainVersion[]; why: string } {
  const v12 = MAINNET_UPGRADES.find((r) => r.version === "v0.2.12")!.activation as { kind: "between"; from: bigint; to: bigint };
  const v13 = (MAINNET_UPGRADES.find((r) => r.version === "v0.2.13")!.activation as { kind: "exact"; height: bigint }).height;
  if (height >= v13) {
    return {
      versions: ["v0.2.13", "v0.2.14"],
      why: `block ${fmt(height)} is at or after v0.2.13 (block ${fmt(v13)}), and v0.2.14's mainnet height is not in the public record`,
    };
  }
  if (height >= v12.to) return { versions: ["v0.2.12"], why: `block ${fmt(height)} is at or after v0.2.12 (active by block ${fmt(v12.to)}) and before v0.2.13 (block ${fmt(v13)})` };
  if (height >= v12.from) {
    return {
      versions: ["v0.2.11", "v0.2.12"],
      why: `block ${fmt(height)} is inside v0.2.12's uncertain activation interval ${fmt(v12.from)}-${fmt(v12.to)} (its exact height is not in the public record)`,
    };
  }
  const v11 = MAINNET_UPGRADES.find((r) => r.version === "v0.2.11")!.activation as { kind: "by"; height: bigint };
  if (height >= v11.height) {
    return { versions: ["v0.2.11"], why: `block ${fmt(height)} is at or after v0.2.11 (active by block ${fmt(v11.height)}) and before v0.2.12 (block ${fmt(v12.from)} at the earliest)` };
  }
  return {
    versions: ["v0.2.10", "v0.2.11"],
    why: `block ${fmt(height)} is before v0.2.12 (block ${fmt(v12.from)} at the earliest): before v0.2.11 was known to be active (block ${fmt(v11.height)}): v0.2.10 or v0.2.11 (or older), their exact heights are not in the public record`,
  };
}

/** A version recorded with the state: the snapshot's `chainVersion` (from the node's applied plans, or written by hand). */
export interface RecordedVersion {
  /** The version, or null when the node's newest applied plan is older than any version the port knows. */
  version: ChainVersion | null;
  source: Extract<VersionSource, "node" | "snapshot">;
  detail: string;
}

export interface VersionForHeightOptions {
  /**
   * The calling rule family: true when `a` and `b` run the same rules for it. When the table leaves
   * several candidate versions and all are equivalent, the oldest is used and the detail says why.
   */
  equivalent?: (a: ChainVersion, b: ChainVersion) => boolean;
  /** The family's name, for messages ("the preserved sampler"). */
  family?: string;
  /** What the height is (for messages): "sampling height", "settlement height", … */
  heightName?: string;
}

/**
 * The chain version whose rules apply at `height` of `chainId`: `flag` (--chain-version) first, then a
 * version recorded with the state, then the mainnet table. Anything it cannot place is an InputError
 * naming --chain-version.
 */
export function versionForHeight(
  chainId: string,
  height: bigint,
  flag?: string,
  recorded?: RecordedVersion,
  options: VersionForHeightOptions = {},
): VersionChoice {
  if (flag !== undefined) {
    const version = parseChainVersion(flag);
    return { version, source: "flag", detail: `--chain-version ${version}` };
  }
  const what = options.heightName ?? "height";
  if (recorded !== undefined) {
    if (recorded.version === null) {
      throw new InputError(`${recorded.detail}; the port has rules for ${CHAIN_VERSIONS.join(", ")} only: pass --chain-version to run one of them anyway`, "--chain-version");
    }
    let detail = recorded.detail;
    if (chainId === MAINNET_CHAIN_ID) {
      const c = mainnetCandidates(height);
      if (!c.versions.includes(recorded.version)) detail += ` (the built-in mainnet table expects ${c.versions.join(" or ")} at block ${fmt(height)})`;
      return { version: recorded.version, source: recorded.source, detail, candidates: c.versions };
    }
    return { version: recorded.version, source: recorded.source, detail };
  }
  if (chainId !== MAINNET_CHAIN_ID) {
    throw new InputError(
      `chain id ${describeValue(chainId)} has no upgrade table (only ${MAINNET_CHAIN_ID}) and the state records no chain version: pass --chain-version vX.Y.Z (${CHAIN_VERSIONS.join(", ")})`,
      "--chain-version",
    );
  }
  const c = mainnetCandidates(height);
  const [first, ...rest] = c.versions;
  if (rest.length === 0) return { version: first!, source: "table", detail: `${MAINNET_CHAIN_ID} upgrade table: ${c.why}`, candidates: c.versions };
  const eq = options.equivalent;
  if (eq && rest.every((v) => eq(first!, v))) {
    return {
      version: first!,
      source: "table",
      detail: `${MAINNET_CHAIN_ID} upgrade table: ${c.why}; ${options.family ?? "this rule family"} is the same under ${c.versions.join(" and ")}`,
      candidates: c.versions,
    };
  }
  throw new InputError(
    `${MAINNET_CHAIN_ID} ${what} ${fmt(height)}: ${c.why}, and ${options.family ?? "the rules"} differ between ${c.versions.join(" and ")}: pass --chain-version ${c.versions.join(" or ")}`,
    "--chain-version",
  );
}
