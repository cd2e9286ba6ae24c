import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRealdata, readRealdataBytes, REALDATA_DIR, SHARED_REALDATA_DIR } from "./load.js";

const sha = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
const sums = new Map(
  readFileSync(join(REALDATA_DIR, "SHA256SUMS"), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(/\s+/))
    .map(([h, f]) => [f!, h!] as const),
);

describe("carried real mainnet data", () => {
  it("carries exactly the 25 files of the shared copy (3 epochs of REST answers, 2 preserved files, 1 node answer)", () => {
    const files = listRealdata();
    expect(files).toHaveLength(25);
    expect(files.filter((f) => f.startsWith("rest/epoch_247/"))).toHaveLength(7);
    expect(files.filter((f) => f.startsWith("rest/epoch_248/"))).toHaveLength(7);
    expect(files.filter((f) => f.startsWith("rest/epoch_249/"))).toHaveLength(8);
    expect(files.filter((f) => f.startsWith("preserved/"))).toEqual(["preserved/chain_preserved_nodes_snapshot_at_4089970.json", "preserved/snapshot-4089970.json"]);
    expect(files.filter((f) => f.startsWith("rpc/"))).toEqual(["rpc/abci_4401104_proposal.json"]);
    expect([...sums.keys()].sort()).toEqual(files);
  });

  it("every file (gunzipped where carried as .gz) has the sha256 of SHA256SUMS", () => {
    for (const f of listRealdata()) expect(sha(readRealdataBytes(f)), f).toBe(sums.get(f));
  });

  it("every rest/epoch_N file listed in its archive's metadata.json has the sha256 recorded there", () => {
    let checked = 0;
    for (const dir of ["rest/epoch_247", "rest/epoch_248", "rest/epoch_249"]) {
      const meta = JSON.parse(readRealdataBytes(`${dir}/metadata.json`).toString("utf8")) as { files: Record<string, { sha256: string }> };
      for (const [name, { sha256 }] of Object.entries(meta.files)) {
        const f = `${dir}/${name}`;
        if (!sums.has(f)) continue; // the archive saved more than was carried
        expect(sha(readRealdataBytes(f)), f).toBe(sha256);
        checked++;
      }
    }
    expect(checked).toBe(19);
  });

  it.skipIf(!existsSync(SHARED_REALDATA_DIR))("is byte-identical to ../shared/realdata", () => {
    for (const f of listRealdata()) {
      expect(readRealdataBytes(f).equals(readFileSync(join(SHARED_REALDATA_DIR, f))), f).toBe(true);
    }
  });
});
