// The corners of the params in force (src/gov/params-in-force.ts) and of the settled epochs a
// restitution looks up (src/gov/settled-epochs.ts) that test/gov/sides.test.ts leaves open: dumps
// without a params answer, a snapshot's slices that record nothing, the catalog field each value is
// filed under, a dump directory holding several epochs, what the chain recorded paying beside what
// the port pays.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { paramsFromRestDumps, paramsFromSnapshot } from "../../src/gov/params-in-force.js";
import { settledPayoutsFromRestDumps } from "../../src/gov/settled-epochs.js";
import { loadSnapshot, type Snapshot } from "../../src/snapshot/snapshot.js";
import { REALDATA_DIR } from "../realdata/load.js";

const SNAP = join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json");
const REST = join(REALDATA_DIR, "rest");
const TMP = mkdtempSync(join(tmpdir(), "gonka-in-force-"));
const W = "gonka1kx9mca3xm8u8ypzfuhmxey66u0ufxhs7nm6wc5";

/** A copy of epoch 249's dump with a root epoch group of epoch 250 beside it: one directory, two epochs. */
function twoEpochDir(): string {
  const d = join(TMP, "two");
  mkdirSync(d);
  for (const f of readdirSync(join(REST, "epoch_249"))) copyFileSync(join(REST, "epoch_249", f), join(d, f));
  writeFileSync(join(d, "epoch_group_data_250.json"), JSON.stringify({ epoch_group_data: { epoch_index: "250", poc_start_block_height: "1" } }));
  return d;
}

describe("the params in force: what records nothing", () => {
  it("dumps without a params answer give no params in force", () => {
    const d = join(TMP, "bare");
    mkdirSync(d);
    writeFileSync(join(d, "g.json"), JSON.stringify({ epoch_group_data: { epoch_index: "7", poc_start_block_height: "1" } }));
    expect(paramsFromRestDumps([d])).toBe(null);
  });

  it("a snapshot's value is filed under its own catalog field; the factor is read wherever the chain slice keeps it; a preserved slice without params, or epoch params without the allocation, record none", () => {
    const base = loadSnapshot(SNAP);
    const s = paramsFromSnapshot({ ...base, chain: { escrowParams: { voteThresholdFactor: 40 }, params: { genesisGuardianAddresses: ["gonka1g1"] } } }, "S");
    expect(Object.fromEntries([...s.values].map(([k, v]) => [k, [v.field.name, v.value.text]]))).toEqual({
      "genesis_guardian_params.guardian_addresses": ["guardian_addresses", '["gonka1g1"]'],
      "epoch_params.poc_slot_allocation": ["poc_slot_allocation", "0.1"],
      "validation_params.binom_test_p0": ["binom_test_p0", "0.1"],
      "devshard_escrow_params.vote_threshold_factor": ["vote_threshold_factor", "40"],
    });
    const none = (preserved: Snapshot["preserved"]) => [...paramsFromSnapshot({ ...base, settlement: undefined, preserved, chain: undefined }, "S").values.keys()];
    expect(none({})).toEqual([]);
    expect(none({ params: 5 })).toEqual([]);
    expect(none({ params: { epochParams: {} } })).toEqual([]);
    expect(none({ params: { epochParams: [] } })).toEqual([]);
  });
});

describe("the settled epochs: one directory, several epochs; the chain's record beside the port's", () => {
  it("each wanted epoch of a directory is settled as itself, the others listed as held; the chain's recorded coins are kept beside the port's", () => {
    const dir = twoEpochDir();
    const s = settledPayoutsFromRestDumps([dir], new Set([249n]));
    expect(s.held).toEqual([249n, 250n]);
    expect([...s.epochs.keys()]).toEqual([249n]);
    const e = s.epochs.get(249n)!;
    expect(e.version).toBe("v0.2.12");
    // the port pays what the chain recorded for this participant (the summary's rewarded and earned coins)
    const paid = e.paid.get(W)!;
    expect(e.recorded!.get(W)).toEqual(paid);
    expect(e.recorded!.size).toBe(e.paid.size);
    expect(paid.reward + paid.work).toBeGreaterThan(0n);
  });
});
