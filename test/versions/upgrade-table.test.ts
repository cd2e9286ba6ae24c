import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { PRESERVED_VERSION_OPTIONS, preservedRulesFor, preservedRulesForChoice } from "../../src/preserved/preserved-rules.js";
import { CHAIN_VERSIONS, parseChainVersion } from "../../src/versions/chain-version.js";
import { MAINNET_UPGRADES, mainnetVersionAt, versionForHeight } from "../../src/versions/upgrade-table.js";
import { FAMILY_COVERAGE, checkFamilyFrontier, familyKnows, requireFamilyVersion } from "../../src/versions/rule-families.js";
import { settlementVersion } from "../../src/settlement/settlement-version.js";
import { recordedVersion, resolveChainVersion, versionLine } from "../../src/versions/resolve.js";
import type { Snapshot } from "../../src/snapshot/snapshot.js";

const M = "gonka-mainnet";

function inputError(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message.split("\n")).toHaveLength(1);
    return e as InputError;
  }
  throw new Error("expected an InputError");
}

describe("the gonka-mainnet upgrade table (docs/network-updates.md, quoted in each row)", () => {
  it("has one row per named version, heights rising, each with its announcement's own words", () => {
    // every named release but v0.2.17, which has no proposal on record
    expect(MAINNET_UPGRADES.map((r) => r.version)).toEqual(CHAIN_VERSIONS.filter((v) => v !== "v0.2.17"));
    for (let i = 0; i < MAINNET_UPGRADES.length; i++) {
      const r = MAINNET_UPGRADES[i]!;
      expect(r.plan).toBe(r.version);
      expect(r.quote.length).toBeGreaterThan(20);
      expect(r.source).toMatch(/line \d+/);
      if (i > 0) expect(r.height).toBeGreaterThan(MAINNET_UPGRADES[i - 1]!.height);
    }
    // Each row's quote holds its own height (written as the record writes it).
    for (const r of MAINNET_UPGRADES) expect(r.quote.replaceAll(",", "")).toContain(r.height.toString());
  });

  it("places each upgrade's first block under its version, and the block before under the previous one", () => {
    const at = (h: bigint) => mainnetVersionAt(h).version;
    expect(at(2_712_599n)).toBe("v0.2.9");
    expect(at(2_712_600n)).toBe("v0.2.10");
    expect(at(3_186_099n)).toBe("v0.2.10");
    expect(at(3_186_100n)).toBe("v0.2.11");
    expect(at(3_834_199n)).toBe("v0.2.11");
    expect(at(3_834_200n)).toBe("v0.2.12");
    expect(at(4_267_299n)).toBe("v0.2.12");
    expect(at(4_267_300n)).toBe("v0.2.13");
    expect(at(5_195_699n)).toBe("v0.2.13");
    expect(at(5_195_700n)).toBe("v0.2.14");
    expect(at(5_316_315n)).toBe("v0.2.15");
    // proposal 109's 6,353,400 did not pass: v0.2.15 ran until proposal 112's height
    expect(at(6_353_400n)).toBe("v0.2.15");
    expect(at(6_449_399n)).toBe("v0.2.15");
    expect(at(6_449_400n)).toBe("v0.2.16");
    expect(at(9_000_000n)).toBe("v0.2.16");
  });

  it("agrees with what the chain paid: epoch 247 settled at 3,828,603 under v0.2.11, epoch 248 at 3,843,994 under v0.2.12 (test/settlement/realdata.test.ts pays both to the coin with those versions)", () => {
    expect(mainnetVersionAt(3_828_603n).version).toBe("v0.2.11");
    expect(mainnetVersionAt(3_843_994n).version).toBe("v0.2.12");
    // The chain's stored preserved snapshot at 4,089,970 was sampled by v0.2.12 (verify reproduces it node for node).
    expect(versionForHeight(M, 4_089_970n, undefined, undefined, PRESERVED_VERSION_OPTIONS)).toMatchObject({ version: "v0.2.12", source: "table" });
  });

  it("names every upgrade in the detail with its height and proposal", () => {
    const c = versionForHeight(M, 5_400_000n, undefined, undefined, { family: "settlement", heightName: "settlement height" });
    expect(c).toMatchObject({ version: "v0.2.15", source: "table" });
    expect(c.detail).toBe("gonka-mainnet upgrade table: settlement height 5,400,000 is at or after v0.2.15 (block 5,316,315, proposal 92) and before v0.2.16 (block 6,449,400)");
  });

  it("answers every family at a height v0.2.16 ran, and refuses v0.2.17 in one line naming the version, why, the family, what is unknown and the override", () => {
    for (const family of ["settlement", "miss-test", "preserved"] as const) {
      for (const h of [6_449_400n, 9_000_000n]) expect(versionForHeight(M, h, undefined, undefined, { family })).toMatchObject({ version: "v0.2.16", source: "table" });
      // v0.2.17 chosen by the flag: the line starts with the flag
      const f = inputError(() => versionForHeight(M, 6_500_000n, "v0.2.17", undefined, { family }));
      expect(f.path).toBe("--chain-version");
      expect(f.message).toMatch(/^--chain-version: v0\.2\.17: no exact rules for /);
      expect(f.message).toContain(FAMILY_COVERAGE[family].name);
      expect(f.message).toMatch(/--chain-version v0\.2\.16 runs v0\.2\.16's rules at your own risk$/);
      // a node that applied the v0.2.17 plan: no flag was given, so the line names the chain version and why
      const n = inputError(() => versionForHeight(M, 6_500_000n, undefined, { version: "v0.2.17", source: "node", detail: 'upgrade plan "v0.2.17" applied at block 7000000' }, { family }));
      expect(n.path).toBe("chain version");
      expect(n.message).toMatch(/^chain version: v0\.2\.17 \(upgrade plan "v0\.2\.17" applied at block 7000000 \(the built-in mainnet table places v0\.2\.16 at block 6,500,000\)\): no exact rules/);
      expect(n.message.length).toBeLessThan(450);
      expect(familyKnows(family, "v0.2.16")).toBe(true);
      expect(familyKnows(family, "v0.2.17")).toBe(false);
    }
    expect(settlementVersion(undefined, 6_500_000n, M)).toMatchObject({ version: "v0.2.16" });
  });

  it("refuses versions older than a family's first, each with its own reason; heights before v0.2.8 name the oldest row", () => {
    expect(inputError(() => versionForHeight(M, 2_500_000n, undefined, undefined, { family: "settlement" })).message).toMatch(/^chain version: v0\.2\.9 \(gonka-mainnet upgrade table: .*settlement starts at v0\.2\.10/);
    const before = versionForHeight(M, 3_000_000n, undefined, undefined, { family: "settlement" });
    expect(before.version).toBe("v0.2.10");
    expect(inputError(() => preservedRulesForChoice(before)).message).toMatch(/there was no SamplePreservedForEpisode before v0\.2\.12/);
    expect(inputError(() => preservedRulesFor("v0.2.11")).message).toMatch(/had no SamplePreservedForEpisode/);
    expect(inputError(() => mainnetVersionAt(2_000_000n)).message).toMatch(/before v0\.2\.8 \(block 2,387,000\)/);
  });

  it("another chain id needs the flag or a recorded version", () => {
    const e = inputError(() => versionForHeight("gonka-testnet", 100n));
    expect(e.message).toMatch(/gonka-testnet/);
    expect(e.message).toMatch(/pass --chain-version/);
    expect(versionForHeight("gonka-testnet", 100n, "v0.2.13")).toMatchObject({ version: "v0.2.13", source: "flag" });
    expect(versionForHeight("gonka-testnet", 100n, undefined, { version: "v0.2.12", source: "node", detail: "plan" })).toMatchObject({ version: "v0.2.12", source: "node" });
  });

  it("the flag wins over a recorded version, which wins over the table (a disagreement with the table is named)", () => {
    expect(versionForHeight(M, 4_089_970n, "0.2.14", { version: "v0.2.12", source: "node", detail: "x" })).toMatchObject({ version: "v0.2.14", source: "flag" });
    const r = versionForHeight(M, 4_089_970n, undefined, { version: "v0.2.13", source: "node", detail: "plan v0.2.13 at 1" });
    expect(r).toMatchObject({ version: "v0.2.13", source: "node" });
    expect(r.detail).toMatch(/table places v0\.2\.12/);
  });

  it("a recorded version the table does not name, and bad flags, are one clear line", () => {
    expect(inputError(() => versionForHeight(M, 1n, undefined, { version: null, source: "node", detail: 'upgrade plan "v0.2.7" applied at block 5' })).message).toMatch(/v0\.2\.7/);
    for (const bad of ["v0.3.0", "latest", "", "v0.2.7"]) {
      const e = inputError(() => versionForHeight(M, 1n, bad));
      expect(e.path).toBe("--chain-version");
    }
    expect(parseChainVersion(" v0.2.12 ")).toBe("v0.2.12");
  });
});

describe("the table's and the frontier's words, exactly (what a user reads and a script matches)", () => {
  const ALL = "v0.2.8, v0.2.9, v0.2.10, v0.2.11, v0.2.12, v0.2.13, v0.2.14, v0.2.15, v0.2.16, v0.2.17";

  it("v0.2.8's own first block is v0.2.8; the block before it is refused naming the chain version (the flag only as the remedy: it may not have been given)", () => {
    expect(mainnetVersionAt(2_387_000n)).toEqual({ version: "v0.2.8", why: "2,387,000 is at or after v0.2.8 (block 2,387,000) and before v0.2.9 (block 2,451,000)" });
    const e = inputError(() => mainnetVersionAt(2_386_999n));
    expect(e.path).toBe("chain version");
    expect(e.message).toBe("chain version: gonka-mainnet block 2,386,999 is before v0.2.8 (block 2,387,000), the oldest release the upgrade table names; the port's rules start at v0.2.10 (pass --chain-version vX.Y.Z to run one)");
  });

  it("a height past the newest row names it as the newest upgrade on record, and says what v0.2.17 is", () => {
    expect(mainnetVersionAt(6_500_000n)).toEqual({
      version: "v0.2.16",
      why: "6,500,000 is at or after v0.2.16 (block 6,449,400, proposal 112), the newest upgrade the record names (v0.2.17 exists only as branch code: no proposal for it is on record)",
    });
    // proposal 109's height is history: v0.2.15 ran there
    expect(mainnetVersionAt(6_400_000n).why).toBe("6,400,000 is at or after v0.2.15 (block 5,316,315, proposal 92) and before v0.2.16 (block 6,449,400)");
  });

  it("the table's detail says 'block' when the caller names no height", () => {
    expect(versionForHeight(M, 4_300_000n)).toEqual({
      version: "v0.2.13",
      source: "table",
      detail: "gonka-mainnet upgrade table: block 4,300,000 is at or after v0.2.13 (block 4,267,300, proposal 54) and before v0.2.14 (block 5,195,700)",
      candidates: ["v0.2.13"],
    });
  });

  it("unknown versions, unnamed recorded plans and chains without a table list every version the table names", () => {
    expect(inputError(() => parseChainVersion("v0.3.0")).message).toBe(`--chain-version: unknown chain version "v0.3.0"; known: ${ALL}`);
    const plan = inputError(() => versionForHeight(M, 1n, undefined, { version: null, source: "node", detail: "plan v0.2.7" }));
    expect(plan.path).toBe("chain version");
    expect(plan.message).toBe(`chain version: plan v0.2.7; the upgrade table names ${ALL} only: pass --chain-version to run one of them anyway`);
    expect(inputError(() => versionForHeight("gonka-testnet", 100n)).message).toBe(
      `chain version: chain id "gonka-testnet" has no upgrade table (only gonka-mainnet) and the state records no chain version: pass --chain-version vX.Y.Z (${ALL})`,
    );
  });

  it("a recorded version is cross-checked with the table from v0.2.8's first block, on mainnet only", () => {
    expect(versionForHeight(M, 2_387_000n, undefined, { version: "v0.2.12", source: "node", detail: "x" })).toEqual({
      version: "v0.2.12",
      source: "node",
      detail: "x (the built-in mainnet table places v0.2.8 at block 2,387,000)",
      candidates: ["v0.2.8"],
    });
    // another chain at a mainnet-like height: the mainnet table says nothing about it
    expect(versionForHeight("gonka-testnet", 4_000_000n, undefined, { version: "v0.2.12", source: "node", detail: "x" })).toEqual({ version: "v0.2.12", source: "node", detail: "x" });
  });

  it("a rule called with v0.2.17 (the library) is refused naming the argument, not a flag", () => {
    const e = inputError(() => requireFamilyVersion("settlement", "v0.2.17"));
    expect(e.message).toBe(
      `chain version: v0.2.17 (the version passed to the rule): no exact rules for epoch settlement (SettleAccounts): ${FAMILY_COVERAGE.settlement.unknownNext}; --chain-version v0.2.16 runs v0.2.16's rules at your own risk`,
    );
    expect(requireFamilyVersion("settlement", "v0.2.16")).toBe("v0.2.16");
    expect(inputError(() => preservedRulesFor("v0.2.17")).message).toMatch(/^chain version: v0\.2\.17 \(the version passed to the rule\): no exact rules for the preserved sampler/);
  });

  it("a choice made by the flag is named as the flag, whatever its detail says; any other by its detail", () => {
    const e = inputError(() => checkFamilyFrontier("miss-test", { version: "v0.2.17", source: "flag", detail: "set by the caller" }));
    expect(e.message).toMatch(/^--chain-version: v0\.2\.17: no exact rules for the miss test/);
    expect(inputError(() => checkFamilyFrontier("miss-test", { version: "v0.2.17", source: "snapshot", detail: "set by the caller" })).message).toMatch(/^chain version: v0\.2\.17 \(set by the caller\): /);
  });
});

describe("resolveChainVersion", () => {
  const snap = (extra: Partial<Snapshot> & Record<string, unknown>): Snapshot =>
    ({ schema: "gonka-spec/snapshot", version: 1, chainId: "example", height: "2851200", preserved: {}, ...extra }) as Snapshot;
  const parsed = (flag?: string): string | undefined => flag;

  it("reads a recorded version as a string or as the node's object", () => {
    expect(recordedVersion(snap({ chainVersion: "v0.2.14" } as never))).toMatchObject({ version: "v0.2.14", source: "snapshot" });
    expect(recordedVersion(snap({ chainVersion: { version: "v0.2.13", source: "node", detail: "plan" } }))).toMatchObject({ version: "v0.2.13", source: "node", detail: "plan" });
    expect(inputError(() => recordedVersion(snap({ chainVersion: { version: 13 } }))).message).toMatch(/chainVersion\.version/);
  });

  it("with no state and no flag: the newest rules, named as such", () => {
    const c = resolveChainVersion(parsed(), null);
    expect(c).toMatchObject({ version: "v0.2.16", source: "latest" });
    expect(versionLine(c)).toMatch(/^chain version v0\.2\.16 \(no chain state given/);
    expect(resolveChainVersion(parsed("v0.2.12"), null)).toMatchObject({ version: "v0.2.12", source: "flag" });
  });

  it("an example-chain snapshot without a recorded version is refused, with one it runs", () => {
    expect(inputError(() => resolveChainVersion(parsed(), snap({}))).message).toMatch(/"example" has no upgrade table/);
    expect(resolveChainVersion(parsed(), snap({ chainVersion: "v0.2.14" } as never))).toMatchObject({ version: "v0.2.14", source: "snapshot" });
  });
});
