/**
 * How a command reads a recorded version from a snapshot and names the version it runs: the
 * snapshot's `chainVersion` in both spellings, the flag, no state at all, and the JSON basis codes.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import type { Parsed } from "../../src/cli/args.js";
import { chainVersionFlag } from "../../src/cli/chain-version-flag.js";
import { recordedVersion, resolveChainVersion, versionBasis, versionJson, versionLine } from "../../src/versions/resolve.js";
import type { Snapshot } from "../../src/snapshot/snapshot.js";

const snap = (chainVersion: unknown, chainId = "gonka-testnet", height = "5000") => ({ chainId, height, chainVersion }) as unknown as Snapshot;
const parsed = (v?: unknown) => ({ values: v === undefined ? {} : { "chain-version": v }, positionals: [] }) as unknown as Parsed;
function refusal(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error("expected an InputError");
}

describe("a version recorded in a snapshot", () => {
  it("absent or null: none; a bare string; the node's object with or without detail; a null version", () => {
    expect(recordedVersion(snap(undefined))).toBeUndefined();
    expect(recordedVersion(snap(null))).toBeUndefined();
    expect(recordedVersion(snap("v0.2.13"))).toEqual({ version: "v0.2.13", source: "snapshot", detail: "recorded in the snapshot file (chainVersion v0.2.13)" });
    expect(recordedVersion(snap({ version: "v0.2.12", source: "node", detail: "plan v0.2.12 applied at block 3,840,000" }))).toEqual({ version: "v0.2.12", source: "node", detail: "plan v0.2.12 applied at block 3,840,000" });
    expect(recordedVersion(snap({ version: "v0.2.12", source: "file", detail: "" }))).toEqual({ version: "v0.2.12", source: "snapshot", detail: "recorded in the snapshot file (chainVersion.version v0.2.12)" });
    expect(recordedVersion(snap({ version: null, source: "node" }))).toEqual({ version: null, source: "node", detail: "recorded in the snapshot file (chainVersion.version null)" });
  });

  it("anything else is one line naming the field and the value", () => {
    expect(refusal(() => recordedVersion(snap(7), "x.json")).message).toBe("x.json: chainVersion: expected an object or \"vX.Y.Z\", got 7");
    expect(refusal(() => recordedVersion(snap(["v0.2.13"]), "x.json")).message).toMatch(/^x\.json: chainVersion: expected an object or "vX\.Y\.Z", got /);
    expect(refusal(() => recordedVersion(snap({ version: 13 }), "x.json")).message).toBe("x.json: chainVersion.version: expected \"vX.Y.Z\" or null, got 13");
    expect(refusal(() => recordedVersion(snap({ version: "v9" }), "x.json")).path).toBe("x.json: chainVersion.version");
    expect(refusal(() => recordedVersion(snap("v9"), "x.json")).path).toBe("x.json: chainVersion");
    // unnamed, the place is "snapshot"
    expect(refusal(() => recordedVersion(snap(7))).message).toBe('snapshot: chainVersion: expected an object or "vX.Y.Z", got 7');
    expect(refusal(() => recordedVersion(snap("v9"))).path).toBe("snapshot: chainVersion");
  });
});

describe("the version a command runs, and how it is named", () => {
  it("the flag, then the recorded version, then no state: the newest rules", () => {
    expect(resolveChainVersion("v0.2.11", snap("v0.2.13"))).toMatchObject({ version: "v0.2.11", source: "flag" });
    expect(resolveChainVersion(undefined, snap("v0.2.13"))).toMatchObject({ version: "v0.2.13", source: "snapshot" });
    // with the flag the recorded version is not read at all (a malformed one does not matter)
    expect(resolveChainVersion("v0.2.11", snap(7))).toMatchObject({ version: "v0.2.11", source: "flag" });
    expect(resolveChainVersion("v0.2.12", null)).toEqual({ version: "v0.2.12", source: "flag", detail: "--chain-version v0.2.12" });
    expect(resolveChainVersion(undefined, null)).toEqual({ version: "v0.2.16", source: "latest", detail: "no chain state given: the newest rules the port knows (v0.2.16)" });
    expect(refusal(() => resolveChainVersion("v9.9.9", null))).toMatchObject({ path: "--chain-version" });
    expect(refusal(() => chainVersionFlag(parsed(["v0.2.12", "v0.2.13"])))).toMatchObject({ path: "--chain-version", message: "--chain-version: expected one version, e.g. v0.2.13" });
    // on mainnet a recorded version is checked against the table: named only when the table would place another
    const ok = resolveChainVersion(undefined, snap({ version: "v0.2.13", source: "node", detail: "plan v0.2.13" }, "gonka-mainnet", "4300000"));
    expect(ok).toEqual({ version: "v0.2.13", source: "node", detail: "plan v0.2.13", candidates: ["v0.2.13"] });
    const odd = resolveChainVersion(undefined, snap({ version: "v0.2.12", source: "node", detail: "plan v0.2.12" }, "gonka-mainnet", "4300000"));
    expect(odd.detail).toBe("plan v0.2.12 (the built-in mainnet table places v0.2.13 at block 4,300,000)");
    // the height option overrides the snapshot's own height (mainnet table)
    expect(resolveChainVersion(undefined, snap(undefined, "gonka-mainnet", "4300000"), { height: 4_000_000n }).version).toBe("v0.2.12");
    expect(resolveChainVersion(undefined, snap(undefined, "gonka-mainnet", "4300000")).version).toBe("v0.2.13");
  });

  it("basis codes and the JSON field", () => {
    expect(versionBasis({ version: "v0.2.12", source: "flag", detail: "" })).toBe("flag");
    expect(versionBasis({ version: "v0.2.12", source: "node", detail: "" })).toBe("applied-plans");
    expect(versionBasis({ version: "v0.2.12", source: "snapshot", detail: "" })).toBe("recorded");
    expect(versionBasis({ version: "v0.2.15", source: "latest", detail: "" })).toBe("no-state");
    expect(versionBasis({ version: "v0.2.12", source: "table", detail: "", candidates: ["v0.2.12"] })).toBe("table");
    expect(versionBasis({ version: "v0.2.12", source: "table", detail: "" })).toBe("table");
    expect(versionJson({ version: "v0.2.13", source: "table", detail: "d", candidates: ["v0.2.13"] })).toEqual({ version: "v0.2.13", source: "table", basis: "table", tableCandidates: ["v0.2.13"], detail: "d" });
    expect(versionJson({ version: "v0.2.12", source: "flag", detail: "--chain-version v0.2.12" }).tableCandidates).toBeNull();
    expect(versionLine({ version: "v0.2.12", source: "flag", detail: "x" })).toBe("chain version v0.2.12 (set by --chain-version)");
    expect(versionLine({ version: "v0.2.12", source: "table", detail: "gonka-mainnet upgrade table: y" })).toBe("chain version v0.2.12 (gonka-mainnet upgrade table: y)");
  });
});
