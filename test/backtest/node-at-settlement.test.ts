/**
 * `backtest --node --epochs` and `settle --node --epoch` read each epoch at S−1 (S its settlement
 * block, located from the chain), with the version in force at S, against a fixture node holding the
 * real epochs 247–249: the status quo pays every participant what the chain recorded.
 */
import { describe, expect, it } from "vitest";
import { fixtureNodes, run } from "../chain/helpers.js";
import { realNode } from "./real-node.js";

const serve = fixtureNodes();

describe("reading each epoch at its own settlement height", () => {
  it("backtest --node --epochs 247..249: each epoch at S−1, v0.2.11 then v0.2.12 from the applied plans, the chain's coins to the last row", { timeout: 60_000 }, async () => {
    const n = realNode();
    const latest = Number(n.S.get(249n)!) + 500;
    const s = await serve({ latestHeight: latest, stateAt: n.stateAt });
    const r = await run(["backtest", "--node", s.url, "--epochs", "247..249", "--json"]);
    expect(r.err).not.toMatch(/error/i);
    const doc = JSON.parse(r.out);
    expect(doc.epochs.map((e: { epoch: string }) => e.epoch)).toEqual(["247", "248", "249"]);
    expect(doc.epochs.map((e: { settlementHeight: string }) => e.settlementHeight)).toEqual(["3828603", "3843994", "3859385"]);
    expect(doc.epochs.map((e: { chainVersion: { version: string; source: string } }) => [e.chainVersion.version, e.chainVersion.source])).toEqual([
      ["v0.2.11", "node"],
      ["v0.2.12", "node"],
      ["v0.2.12", "node"],
    ]);
    expect(doc.epochs.map((e: { source: string }) => e.source)).toEqual([`${s.url}@3828602 epoch 247`, `${s.url}@3843993 epoch 248`, `${s.url}@3859384 epoch 249`]);
    // every row compared with the summaries read at the latest height, and equal
    expect(doc.statusQuo.ok).toBe(true);
    expect(doc.epochs.every((e: { statusQuo: { recorded: boolean } }) => e.statusQuo.recorded)).toBe(true);
    expect(r.code).toBe(0);
    // reads at S−1 of each epoch and at the reference height, nowhere else
    expect(new Set(s.heightsAsked())).toEqual(new Set([3828602, 3843993, 3859384, latest]));
    const lines = r.err.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(new RegExp(`^backtest: reading epoch 247 \\(1 of 3\\) from ${s.url} at height 3828602 \\(settled in block 3828603\\); \\d+\\.\\d s so far$`));
    expect(lines[2]).toMatch(/^backtest: reading epoch 249 \(3 of 3\) .* at height 3859384 \(settled in block 3859385\)/);
    expect(lines[3]).toMatch(/^backtest: read 3 epochs in \d+\.\d s$/);
  });

  it("settle --node --epoch 248: the operator's question without knowing S", { timeout: 30_000 }, async () => {
    const n = realNode();
    const s = await serve({ latestHeight: Number(n.S.get(249n)!) + 10, stateAt: n.stateAt });
    const r = await run(["settle", "--node", s.url, "--epoch", "248", "--address", "gonka1p60lruhxmwcsa9taa28cp4k4f6kv2kvyu5h5ep", "--json"]);
    expect(r.code).toBe(0);
    expect(r.err.trim()).toBe(`settle: epoch 248 settled in block 3843994: reading its inputs at height 3843993 from ${s.url}`);
    const doc = JSON.parse(r.out);
    expect(doc.epoch).toBe("248");
    expect(doc.settlementHeight).toBe("3843994");
    expect(doc.chainVersion.version).toBe("v0.2.12");
    expect(doc.chainVersion.detail).toContain("in force at settlement block 3843994");
    expect(doc.chainRecorded.differs).toEqual([]);
    expect(doc.chainRecorded.matches).toBe(95);
    const p = doc.participants[0];
    expect(p.rewardCoins).toBe("0");
    expect(p.workCoins).toBe("1896");
    expect(p.zeroCauses.map((c: { code: string }) => c.code)).toContain("failed-miss-test");
    // the counts come from what settlement recorded; no approximation remains that could change a row
    expect(doc.assumptions.filter((a: { rowsAffected: number }) => a.rowsAffected > 0)).toEqual([]);
  });

  it("an epoch that has not settled by the reference height is one line (exit 2)", { timeout: 30_000 }, async () => {
    const n = realNode();
    const s = await serve({ latestHeight: Number(n.S.get(249n)!) - 10, stateAt: n.stateAt });
    const a = await run(["backtest", "--node", s.url, "--epochs", "248..249"]);
    expect(a.code).toBe(2);
    expect(a.err.trim().split("\n").at(-1)).toBe(`gonka-spec backtest: epoch 249 settles at block 3859385, after height ${Number(n.S.get(249n)!) - 10}: it has not been settled yet`);
    const b = await run(["settle", "--node", s.url, "--epoch", "250"]);
    expect(b.code).toBe(2);
    expect(b.err.trim()).toMatch(/^gonka-spec settle: epoch 250 has not settled by height \d+: epoch 251 has no root epoch group there/);
    const c = await run(["settle", "--node", s.url, "--epoch", "x"]);
    expect(c.code).toBe(2);
    expect(c.err.trim()).toBe('gonka-spec settle: --epoch: expected an epoch number, got "x"');
  });

  it("--budget covers the whole run: one clear line when it runs out", { timeout: 30_000 }, async () => {
    const n = realNode();
    const s = await serve({ latestHeight: Number(n.S.get(249n)!) + 10, stateAt: n.stateAt, slowMs: 20 });
    const r = await run(["backtest", "--node", s.url, "--epochs", "247..249", "--budget", "0.2"]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n").at(-1)).toMatch(/took longer than the total budget of 0\.2 s/);
  });
  it("epoch params changed after S: the params at S−1 place S, and the epoch is re-read there", { timeout: 30_000 }, async () => {
    const n = realNode();
    const S = n.S.get(249n)!;
    const latest = Number(S) + 500;
    // from S + 100 on, a governance change lengthens the validation by 10 blocks: read at the latest
    // height alone, the epoch would seem to settle at S + 10
    const stateAt = (h: number) => {
      const st = n.stateAt(h);
      if (h < Number(S) + 100) return st;
      const ep = st.params!.epochParams!;
      return { ...st, params: { ...st.params, epochParams: { ...ep, pocValidationDuration: ep.pocValidationDuration + 10n } } };
    };
    const s = await serve({ latestHeight: latest, stateAt });
    const r = await run(["settle", "--node", s.url, "--epoch", "249", "--json"]);
    expect(r.code).toBe(0);
    expect(r.err.trim().split("\n")).toEqual([
      `settle: epoch 249 settled in block ${S + 10n}: reading its inputs at height ${S + 9n} from ${s.url}`,
      `settle: epoch 249 settled in block ${S}: reading its inputs at height ${S - 1n} from ${s.url}`,
    ]);
    const doc = JSON.parse(r.out);
    expect(doc.settlementHeight).toBe(String(S));
    expect(doc.chainRecorded.differs).toEqual([]);
  });

  it("a pruned node: one line naming the height and the need for an archive node (exit 2)", { timeout: 30_000 }, async () => {
    const n = realNode();
    const s = await serve({ latestHeight: Number(n.S.get(249n)!) + 10, stateAt: n.stateAt, prunedBelow: Number(n.S.get(248n)!) });
    const r = await run(["backtest", "--node", s.url, "--epochs", "247..249"]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n").at(-1)).toMatch(/^gonka-spec backtest: the node no longer has state at height 3828602 \(pruned\); an archive node is needed/);
  });
});
