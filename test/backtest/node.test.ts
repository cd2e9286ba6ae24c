/** `backtest --node URL --epochs`: one read per epoch from a (loopback fixture) node, progress on stderr. */
import { describe, expect, it } from "vitest";
import { snapshotFromRpc } from "../../src/chain/index.js";
import { appliedPlansUpTo, fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { examplePreserved, fixtureNodes, run } from "../chain/helpers.js";

const serve = fixtureNodes();

describe("backtest --node", () => {
  it("reads the epoch at the block before its settlement block (located from the state at --height), names each read on stderr, and settles it", async () => {
    const st = fixtureFromPreserved(examplePreserved);
    st.chainVersion = "v0.2.14";
    st.appliedPlans = appliedPlansUpTo("v0.2.14");
    const s = await serve({ latestHeight: 5000, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: 5000, expectedChainId: "any" });
    const e = (snap.chain as { settlementEpoch: bigint }).settlementEpoch;
    const r = await run(["backtest", "--node", s.url, "--epochs", `${e}..${e}`, "--height", "5000", "--chain-id", "any", "--chain-version", "v0.2.14", "--json"]);
    const err = r.err.trim().split("\n");
    expect(err).toHaveLength(2);
    expect(err[0]).toMatch(new RegExp(`^backtest: reading epoch ${e} \\(1 of 1\\) from ${s.url} at height 1154 \\(settled in block 1155\\); \\d+\\.\\d s so far$`));
    expect(err[1]).toMatch(/^backtest: read 1 epochs in \d+\.\d s$/);
    // S located at --height 5000, the epoch read at S−1, what the chain paid read at 5000
    expect(new Set(s.heightsAsked())).toEqual(new Set([1154, 5000]));
    const doc = JSON.parse(r.out);
    expect(doc.schema).toBe("gonka-spec/backtest@1");
    expect(doc.epochs).toHaveLength(1);
    expect(doc.epochs[0].epoch).toBe(String(e));
    expect(doc.epochs[0].source).toBe(`${s.url}@1154 epoch ${e}`);
    expect(doc.epochs[0].settlementHeight).toBe("1155");
    expect(doc.epochs[0].statusQuo.recorded).toBe(true);
    // The fixture's summaries are not what its state settles to: the check reports it, exit 1.
    expect(r.code).toBe(doc.statusQuo.ok ? 0 : 1);
  });

  it("a node without --epochs, or --height without a node, is one line (exit 2)", async () => {
    const a = await run(["backtest", "--node", "http://127.0.0.1:9"]);
    expect(a.code).toBe(2);
    expect(a.err.trim()).toBe("gonka-spec backtest: --epochs: reading a node needs the epochs: --epochs FROM..TO");
    const b = await run(["backtest", "--rest-dump", "test/realdata/rest/epoch_249", "--height", "5"]);
    expect(b.code).toBe(2);
    expect(b.err.trim()).toBe("gonka-spec backtest: --height only applies when reading a node (--node URL)");
  });
});
