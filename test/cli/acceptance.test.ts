// Acceptance checks of issues 12 and 13 as a user sees them: the text a person reads (units,
// thousands separators, plain words) and the JSON a script reads (warnings, machine codes).
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";

const ROOT = resolve(import.meta.dirname, "..", "..");

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("simulate-poc text: units, thousands separators, words explained", () => {
  it("the large scenario groups every count and names what each column counts", async () => {
    const r = await run("simulate-poc", "--scenario", "large", "--policy", "per-host-cap");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("100,000 requests: 100,000 served");
    expect(r.out).toMatch(/the other columns count requests/);
    expect(r.out).toMatch(/ghosts = nonces used on the host's slots with no request sent/);
    expect(r.out).toMatch(/W\(e\), the weight of an escrow's available hosts/);
    expect(r.out).toMatch(/ {2}gonka1large005 +45,500 +yes +45 +1,034 +1,034 /);
    expect(r.out).toMatch(/nonces used in all$/m);
    // no run of four or more digits outside an address or a seed
    const text = r.out.replace(/gonka1\w+/g, "").replace(/seed \d+/g, "");
    expect(text.match(/\d{4,}/g)).toBeNull();
  });
  it("the miss-test line names its unit", async () => {
    const r = await run("simulate-poc", "--scenario", "epoch-433", "--policy", "per-host-cap");
    expect(r.out).toContain("miss test for gonka1incidenthost0433: 89 missed of 786 requests");
  });
});

describe("chainVersion in JSON: codes for scripts, the words beside them", () => {
  const REAL = resolve(ROOT, "test", "realdata", "preserved", "snapshot-4089970.json.gz");
  it("the table's choice names its candidates; a flag and a recorded version say so", async () => {
    const table = JSON.parse((await run("verify", "--snapshot", REAL, "--json")).out);
    expect(table.chainVersion).toMatchObject({ version: "v0.2.12", source: "table", basis: "table", tableCandidates: ["v0.2.12"] });
    expect(table.chainVersion.detail).toMatch(/^gonka-mainnet upgrade table: block 4,089,970/);
    expect(table).toMatchObject({ episodeAnchorHeight: "4089970", episodeKind: "regular-poc", epoch: "264" });
    const flag = await run("verify", "--snapshot", REAL, "--chain-version", "v0.2.14", "--json");
    expect(flag.code).toBe(1);
    expect(JSON.parse(flag.out).chainVersion).toMatchObject({ version: "v0.2.14", source: "flag", basis: "flag", tableCandidates: null });
    const recorded = JSON.parse((await run("preserved", "--snapshot", resolve(ROOT, "examples", "mainnet-like.snapshot.json"), "--json")).out);
    expect(recorded.chainVersion).toMatchObject({ source: "snapshot", basis: "recorded", tableCandidates: null });
  });
  it("several candidates that read alike are 'table-equivalent'", async () => {
    const { versionForHeight } = await import("../../src/versions/upgrade-table.js");
    const { versionJson } = await import("../../src/versions/resolve.js");
    const j = versionJson(versionForHeight("gonka-mainnet", 4_300_000n, undefined, undefined, { equivalent: () => true }));
    expect(j).toMatchObject({ version: "v0.2.13", source: "table", basis: "table-equivalent", tableCandidates: ["v0.2.13", "v0.2.14"] });
    expect(versionJson({ version: "v0.2.14", source: "latest", detail: "x" })).toMatchObject({ basis: "no-state", tableCandidates: null });
  });
});
