import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { PRESERVED_VERSION_OPTIONS, preservedRulesFor, samePreservedRules } from "../../src/preserved/preserved-rules.js";
import { CHAIN_VERSIONS, parseChainVersion } from "../../src/versions/chain-version.js";
import { MAINNET_UPGRADES, mainnetCandidates, versionForHeight } from "../../src/versions/upgrade-table.js";
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

describe("the gonka-mainnet upgrade table", () => {
  it("has one row per known version, each with a source", () => {
    expect(MAINNET_UPGRADES.map((r) => r.version)).toEqual([...CHAIN_VERSIONS]);
    for (const r of MAINNET_UPGRADES) {
      expect(r.plan).toBe(r.version);
      expect(r.source.length).toBeGreaterThan(40);
    }
  });

  it("places the stored preserved snapshot's block 4,089,970 under v0.2.12", () => {
    const c = versionForHeight(M, 4_089_970n);
    expect(c).toMatchObject({ version: "v0.2.12", source: "table" });
    expect(c.detail).toMatch(/4,267,300/);
  });

  it("v0.2.12 from block 3,843,995 (just after its bound) to 4,267,299; v0.2.13 at 4,267,300", () => {
    expect(versionForHeight(M, 3_843_995n).version).toBe("v0.2.12");
    expect(versionForHeight(M, 4_267_299n).version).toBe("v0.2.12");
    expect(mainnetCandidates(4_267_300n).versions).toEqual(["v0.2.13", "v0.2.14"]);
  });

  it("refuses heights inside v0.2.12's uncertain interval, naming --chain-version", () => {
    for (const h of [3_828_723n, 3_835_000n, 3_843_993n]) {
      const e = inputError(() => versionForHeight(M, h, undefined, undefined, PRESERVED_VERSION_OPTIONS));
      expect(e.path).toBe("--chain-version");
      expect(e.message).toMatch(/v0\.2\.11 or v0\.2\.12/);
    }
    // The interval's upper bound is a block that already ran v0.2.12 (epoch 248's settlement): certain.
    expect(versionForHeight(M, 3_843_994n).version).toBe("v0.2.12");
  });

  it("after v0.2.13 the preserved family runs (v0.2.13 and v0.2.14 sample alike); a family that differs must pass the flag", () => {
    const c = versionForHeight(M, 4_300_000n, undefined, undefined, PRESERVED_VERSION_OPTIONS);
    expect(c).toMatchObject({ version: "v0.2.13", source: "table" });
    expect(c.detail).toMatch(/same under v0\.2\.13 and v0\.2\.14/);
    const e = inputError(() => versionForHeight(M, 4_300_000n));
    expect(e.message).toMatch(/pass --chain-version v0\.2\.13 or v0\.2\.14/);
  });

  it("v0.2.11 is in force from block 3,828,603 (epoch 247's settlement); earlier heights leave v0.2.10 or v0.2.11", () => {
    expect(mainnetCandidates(3_828_603n).versions).toEqual(["v0.2.11"]);
    expect(mainnetCandidates(3_828_722n).versions).toEqual(["v0.2.11"]);
    expect(mainnetCandidates(3_828_602n).versions).toEqual(["v0.2.10", "v0.2.11"]);
    expect(mainnetCandidates(3_828_723n).versions).toEqual(["v0.2.11", "v0.2.12"]);
  });

  it("before v0.2.12 the preserved family says plainly there was no SamplePreservedForEpisode", () => {
    const c = versionForHeight(M, 3_000_000n, undefined, undefined, PRESERVED_VERSION_OPTIONS);
    expect(["v0.2.10", "v0.2.11"]).toContain(c.version);
    const e = inputError(() => preservedRulesFor(c.version));
    expect(e.message).toMatch(/had no SamplePreservedForEpisode/);
    expect(e.path).toBe("--chain-version");
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
    expect(r.detail).toMatch(/table expects v0\.2\.12/);
  });

  it("a recorded version older than the port knows, and bad flags, are one clear line", () => {
    expect(inputError(() => versionForHeight(M, 1n, undefined, { version: null, source: "node", detail: 'upgrade plan "v0.2.9" applied at block 5' })).message).toMatch(/v0\.2\.9/);
    for (const bad of ["v0.3.0", "latest", "", "v0.2.9"]) {
      const e = inputError(() => versionForHeight(M, 1n, bad));
      expect(e.path).toBe("--chain-version");
    }
    expect(parseChainVersion(" v0.2.12 ")).toBe("v0.2.12");
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
    expect(c).toMatchObject({ version: "v0.2.14", source: "latest" });
    expect(versionLine(c)).toMatch(/^chain version v0\.2\.14 \(no chain state given/);
    expect(resolveChainVersion(parsed("v0.2.12"), null)).toMatchObject({ version: "v0.2.12", source: "flag" });
  });

  it("an example-chain snapshot without a recorded version is refused, with one it runs", () => {
    expect(inputError(() => resolveChainVersion(parsed(), snap({}))).message).toMatch(/"example" has no upgrade table/);
    expect(resolveChainVersion(parsed(), snap({ chainVersion: "v0.2.14" } as never))).toMatchObject({ version: "v0.2.14", source: "snapshot" });
  });

  it("samePreservedRules: v0.2.13 = v0.2.14, v0.2.12 differs, everything before v0.2.12 has no sampler", () => {
    expect(samePreservedRules("v0.2.13", "v0.2.14")).toBe(true);
    expect(samePreservedRules("v0.2.12", "v0.2.13")).toBe(false);
    expect(samePreservedRules("v0.2.10", "v0.2.11")).toBe(true);
    expect(samePreservedRules("v0.2.11", "v0.2.12")).toBe(false);
  });
});
