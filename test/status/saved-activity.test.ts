// The transactions a status replay reads, however they were saved: a block's base64 bytes (TxRaw →
// TxBody → Any, an authz MsgExec unwrapped), a CometBFT tx_search answer (bytes, height, index, code),
// a REST /cosmos/tx/v1beta1/txs answer (the messages as JSON, no index); one transaction saved twice is
// read once, and what one answer lacks another fills.
import { describe, expect, it } from "vitest";
import { MsgExec, MsgSettleDevshardEscrow, TxBody, TxRaw } from "../../src/chain/gen/proto.js";
import { decodeBase64, txHashHex, txMessages } from "../../src/chain/decode-tx.js";
import { readSavedActivity, type SavedActivity } from "../../src/sources/status/saved-activity.js";
import type { JsonObject } from "../../src/json-input.js";

const settle = MsgSettleDevshardEscrow.encode({ settler: "gonka1creator", escrowId: 77n, stateRoot: new Uint8Array(32), nonce: 48n, restHash: new Uint8Array(0), hostStats: [{ slotId: 2, missed: 1, invalid: 3, cost: 5n, requiredValidations: 0, completedValidations: 0 }], signatures: [], fees: 0n, stateRootAndProtocolVersion: "v4" });
const exec = MsgExec.encode({ grantee: "gonka1warm", msgs: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: new Uint8Array(0) }, { typeUrl: "/inference.inference.MsgSettleDevshardEscrow", value: settle }] });
const tx = TxRaw.encode({ bodyBytes: TxBody.encode({ messages: [{ typeUrl: "/cosmos.authz.v1beta1.MsgExec", value: exec }], memo: "", timeoutHeight: 0n }), authInfoBytes: new Uint8Array(0), signatures: [] });
const b64 = Buffer.from(tx).toString("base64");
const file = (name: string, value: unknown) => ({ file: name, value: JSON.parse(JSON.stringify(value)) as JsonObject });

describe("decode-tx", () => {
  it("an authz MsgExec runs its messages in its place, in order", () => {
    expect(txMessages(tx).map((m) => [m.index, m.typeUrl, m.path])).toEqual([
      [0, "/cosmos.bank.v1beta1.MsgSend", "messages[0].msgs[0]"],
      [1, "/inference.inference.MsgSettleDevshardEscrow", "messages[0].msgs[1]"],
    ]);
    expect(txHashHex(tx)).toMatch(/^[0-9A-F]{64}$/);
    expect(() => decodeBase64("abc", "x")).toThrow(/x: not valid base64/);
  });
});

describe("decode-tx's bounds and base64 (status-replay mutation run, 2026-12-06)", () => {
  const nest = (levels: number): Uint8Array => {
    let m: { typeUrl: string; value: Uint8Array } = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: new Uint8Array(0) };
    for (let i = 0; i < levels; i++) m = { typeUrl: "/cosmos.authz.v1beta1.MsgExec", value: MsgExec.encode({ grantee: "g", msgs: [m] }) };
    return TxRaw.encode({ bodyBytes: TxBody.encode({ messages: [m], memo: "", timeoutHeight: 0n }), authInfoBytes: new Uint8Array(0), signatures: [] });
  };
  it("unwraps MsgExec eight levels deep; a ninth is left as the message it is", () => {
    expect(txMessages(nest(8)).map((m) => [m.typeUrl, m.path])).toEqual([["/cosmos.bank.v1beta1.MsgSend", `messages[0]${".msgs[0]".repeat(8)}`]]);
    expect(txMessages(nest(9)).map((m) => [m.typeUrl, m.path])).toEqual([["/cosmos.authz.v1beta1.MsgExec", `messages[0]${".msgs[0]".repeat(8)}`]]);
  });
  it("base64 around whitespace is read; a refusal quotes the first 40 characters only", () => {
    expect([...decodeBase64(`  ${b64}\n`, "x")]).toEqual([...tx]);
    const bad = `${"A".repeat(39)}!${"B".repeat(60)}`;
    expect(() => decodeBase64(bad, "x")).toThrow(`x: not valid base64 ("${"A".repeat(39)}!")`);
  });
});

describe("readSavedActivity", () => {
  it("a block answer and its block_results: the settlement inside MsgExec, with its result code", () => {
    const a = readSavedActivity([
      file("b.json", { jsonrpc: "2.0", id: 1, result: { block_id: {}, block: { header: { height: "900" }, data: { txs: ["", b64].slice(1) } } } }),
      file("r.json", { jsonrpc: "2.0", id: 1, result: { height: "900", txs_results: [{ code: 0 }] } }),
    ]);
    expect(a.settles).toEqual([{ height: 900n, txIndex: 0, msgIndex: 1, txHash: txHashHex(tx), code: 0, escrowId: 77n, nonce: 48n, hostStats: [{ slotId: 2n, missed: 1n, invalid: 3n }], where: "b.json: block.data.txs[0]" }]);
    expect(a.blocks.get(900n)).toEqual({ resultsKnown: true, where: "b.json" });
  });

  it("a REST transaction answer (JSON messages, MsgExec too) and a tx_search answer of the same transaction: read once, the index from tx_search", () => {
    const rest = file("rest.json", {
      tx_responses: [{ height: "900", txhash: txHashHex(tx).toLowerCase(), code: 0, tx: { body: { messages: [{ "@type": "/cosmos.authz.v1beta1.MsgExec", grantee: "gonka1warm", msgs: [{ "@type": "/cosmos.bank.v1beta1.MsgSend" }, { "@type": "/inference.inference.MsgSettleDevshardEscrow", escrow_id: "77", nonce: "48", host_stats: [{ slot_id: 2, missed: 1, invalid: 3, cost: "5" }] }] }] } } }],
    });
    const search = file("search.json", { jsonrpc: "2.0", id: 1, result: { txs: [{ hash: txHashHex(tx), height: "900", index: 4, tx_result: { code: 0 }, tx: b64 }], total_count: "1" } });
    const a = readSavedActivity([rest, search]);
    expect(a.settles).toHaveLength(1);
    expect(a.settles[0]).toMatchObject({ height: 900n, txIndex: 4, msgIndex: 1, code: 0, escrowId: 77n, nonce: 48n, hostStats: [{ slotId: 2n, missed: 1n, invalid: 3n }] });
    // alone, the REST answer has no index; a missing host_stats field is 0 as the gateway omits zeros
    const only = readSavedActivity([file("rest2.json", { tx_response: { height: "901", txhash: "AB", code: 13, tx: { body: { messages: [{ "@type": "/inference.inference.MsgSettleDevshardEscrow", escrow_id: "78", host_stats: [{ slot_id: 1 }] }] } } } })]);
    expect(only.settles[0]).toMatchObject({ height: 901n, txIndex: null, code: 13, nonce: 0n, hostStats: [{ slotId: 1n, missed: 0n, invalid: 0n }] });
  });

  it("escrows and host epoch stats; the same transaction at two heights is refused naming both", () => {
    const a = readSavedActivity([
      file("e.json", { escrow: { id: "77", epoch_index: "12", slots: ["gonka1a", "gonka1b", "gonka1a"] }, found: true }),
      file("s.json", { stats: { participant: "gonka1a", epoch_index: "12", missed: 1, invalid: 3, escrow_count: 2 }, found: true }),
    ]);
    expect(a.escrows.get(77n)).toMatchObject({ epoch: 12n, slots: ["gonka1a", "gonka1b", "gonka1a"] });
    expect(a.hostEpochStats[0]).toMatchObject({ participant: "gonka1a", escrowCount: 2n, invalid: 3n });
    const search = (h: string) => file(`s${h}.json`, { jsonrpc: "2.0", id: 1, result: { txs: [{ hash: txHashHex(tx), height: h, index: 0, tx_result: { code: 0 }, tx: b64 }], total_count: "1" } });
    expect(() => readSavedActivity([search("900"), search("901")])).toThrow(/saved at block 901 and at block 900/);
  });
});

describe("batchCoverage: what the saved batches show of an epoch (status-replay mutation run, 2026-12-06)", async () => {
  const { batchCoverage, firstBlockMissing } = await import("../../src/sources/status/batch-coverage.js");
  const A = "gonka1host";
  const blocks = (from: number, to: number, skip: number[] = [], unknownResults: number[] = []) =>
    new Map(Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((h) => !skip.includes(h)).map((h) => [BigInt(h), { resultsKnown: !unknownResults.includes(h), where: `b${h}` }] as const));
  const settleTx = (escrowId: bigint, code: number | null, slotId = 0n) => ({ height: 101n, txIndex: 0, msgIndex: 0, txHash: null, code, escrowId, nonce: 10n, hostStats: [{ slotId, missed: 0n, invalid: 0n }], where: "tx" });
  const activity = (over: Partial<SavedActivity> = {}): SavedActivity => ({ settles: [], blocks: blocks(91, 105), escrows: new Map(), hostEpochStats: [], participants: [], ...over });
  const stats = (epoch: bigint, escrowCount: bigint) => ({ epoch, participant: A, escrowCount, missed: 0n, invalid: 0n, where: `stats ${epoch}` });
  const escrow = (id: bigint, epoch: bigint, slots: string[]) => [id, { id, epoch, slots, where: `escrow ${id}` }] as const;
  const v15 = () => ({ version: "v0.2.15" as const, source: "flag" as const, detail: "" });
  const cov = (a: SavedActivity, over: Partial<Parameters<typeof batchCoverage>[0]> = {}) =>
    batchCoverage({ address: A, epoch: 10n, activity: a, batches: [], statsReset: 90n, effective: 100n, settlement: 105n, previousMembers: new Set([A]), versionAt: () => ({ version: "v0.2.16", source: "flag", detail: "" }), ...over });

  it("firstBlockMissing: the first block of (from, to] not saved with its results, the last one included", () => {
    expect(firstBlockMissing(activity(), 100n, 105n)).toBeNull();
    expect(firstBlockMissing(activity({ blocks: blocks(91, 104) }), 100n, 105n)).toBe(105n);
    expect(firstBlockMissing(activity({ blocks: blocks(91, 105, [], [103]) }), 100n, 105n)).toBe(103n);
    expect(firstBlockMissing(activity({ blocks: blocks(91, 105, [102]) }), 100n, 105n)).toBe(102n);
  });

  it("every block saved: no lack; a gap with no count answer: the lack from the gap, in full", () => {
    expect(cov(activity())).toEqual([]);
    expect(cov(activity({ blocks: blocks(91, 105, [104]) }))).toEqual([
      {
        input: `every settlement batch of epoch 10's escrows holding ${A}'s slots from block 104 to 105: a /devshard_host_epoch_stats/10/${A} answer (the chain's count of them), or every block of that range with its block_results`,
        detail: "a batch the folder does not hold moves the counters unseen",
        from: 104n,
      },
    ]);
  });

  it("the chain's count of the epoch (not another epoch's) against the saved batches of its escrows holding the host: equal shows all; short, the lack from the start", () => {
    const settles = [settleTx(5n, 0), settleTx(6n, 0), settleTx(7n, 0)];
    const escrows = new Map([escrow(5n, 10n, [A]), escrow(6n, 10n, ["gonka1other"]), escrow(7n, 9n, [A])]);
    const gap = blocks(91, 105, [104]);
    expect(cov(activity({ settles, escrows, blocks: gap, hostEpochStats: [stats(9n, 7n), stats(10n, 1n)] }))).toEqual([]);
    const short = cov(activity({ settles: [...settles, settleTx(8n, null), settleTx(9n, 0)], escrows: new Map([...escrows, escrow(8n, 10n, [A])]), blocks: gap, hostEpochStats: [stats(10n, 3n)] }));
    expect(short).toEqual([
      {
        input: `the folder holds 1 (and 2 more whose result code or escrow is not saved) of the 3 settlement batches of epoch 10's escrows holding ${A}'s slots that the chain counted (stats 10)`,
        detail: "a batch the folder does not hold moves the counters unseen",
        from: 101n,
      },
    ]);
    // no gap: a short count is no lack (every block of the window is saved)
    expect(cov(activity({ settles, escrows, hostEpochStats: [stats(10n, 3n)] }))).toEqual([]);
    const over = cov(activity({ settles, escrows, blocks: gap, hostEpochStats: [stats(10n, 0n)] }));
    expect(over[0]!.input).toBe(`the folder holds 1 of the 0 settlement batches of epoch 10's escrows holding ${A}'s slots that the chain counted (stats 10): the answer predates some saved batches`);
  });

  it("before the start (up to v0.2.15): the previous epoch's batches count if the host was a member and a block of (statsReset, effective] is missing, unless its count shows them", () => {
    const gapBefore = blocks(91, 105, [95]);
    const at = (h: bigint) => (h === 91n ? v15() : { version: "v0.2.16" as const, source: "flag" as const, detail: "" });
    const [lack] = cov(activity({ blocks: gapBefore }), { versionAt: at });
    expect(lack).toEqual({
      input: `the settlement batches of epoch 9's escrows holding ${A}'s slots between block 91 and epoch 10's start (block 100): every block of that range with its block_results, or the /devshard_host_epoch_stats/9/${A} answer with every batch it counts`,
      detail: "under v0.2.15 they count into epoch 10's counters (the previous epoch's accounts are already settled; v0.2.16 leaves them out)",
      from: 91n,
    });
    expect(cov(activity({ blocks: gapBefore }), { versionAt: at, previousMembers: null })[0]!.detail).toBe(
      `under v0.2.15 they count into epoch 10's counters (the previous epoch's accounts are already settled; v0.2.16 leaves them out); whether ${A} was in epoch 9's active set is not saved either`,
    );
    expect(cov(activity({ blocks: gapBefore }), { versionAt: at, previousMembers: new Set(["gonka1other"]) })).toEqual([]);
    expect(cov(activity(), { versionAt: at })).toEqual([]);
    expect(cov(activity({ blocks: gapBefore, hostEpochStats: [stats(9n, 0n)] }), { versionAt: at })).toEqual([]);
    expect(cov(activity({ blocks: gapBefore }))).toEqual([]); // v0.2.16 from the first block after the reset
  });
});

describe("readSavedActivity: a REST answer's messages (status-replay mutation run, 2026-12-06)", () => {
  const settleJson = (hostStats: unknown) => ({ "@type": "/inference.inference.MsgSettleDevshardEscrow", escrow_id: "77", nonce: "48", host_stats: hostStats });
  const nest = (levels: number, inner: unknown): unknown => (levels === 0 ? inner : { "@type": "/cosmos.authz.v1beta1.MsgExec", grantee: "g", msgs: [nest(levels - 1, inner)] });
  const rest = (messages: unknown[]) => file("rest.json", { tx_responses: [{ height: "900", txhash: "AB", code: 0, tx: { body: { messages } } }] });
  const M = "rest.json: tx_responses[0].tx.body.messages";

  it("MsgExec is unwrapped eight levels deep (a ninth is not a settlement); each message's index counts the unwrapped ones", () => {
    const a = readSavedActivity([rest([{ "@type": "/cosmos.bank.v1beta1.MsgSend" }, nest(8, settleJson([{ slot_id: 1, missed: 0, invalid: 2 }]))])]);
    expect(a.settles.map((s) => [s.msgIndex, s.escrowId, s.hostStats])).toEqual([[1, 77n, [{ slotId: 1n, missed: 0n, invalid: 2n }]]]);
    expect(readSavedActivity([rest([nest(9, settleJson([]))])]).settles).toEqual([]);
    expect(readSavedActivity([rest([{ "@type": "/other.v1.MsgBatch", msgs: [settleJson([])] }])]).settles).toEqual([]); // only MsgExec runs its msgs
    expect(readSavedActivity([rest([{ "@type": "/cosmos.authz.v1beta1.MsgExec", grantee: "g" }, settleJson([])])]).settles.map((s) => s.msgIndex)).toEqual([1]);
  });

  it("refuses a message or host_stats that is not what the chain writes, naming where", () => {
    expect(() => readSavedActivity([rest([nest(1, 7)])])).toThrow(`${M}[0].msgs[0]: expected a message object, got 7`);
    expect(() => readSavedActivity([rest([settleJson("x")])])).toThrow(`${M}[0].host_stats: expected a list, got "x"`);
    expect(() => readSavedActivity([rest([settleJson([3])])])).toThrow(`${M}[0].host_stats[0]: expected an object, got 3`);
    expect(() => readSavedActivity([rest([settleJson([{ slot_id: -1 }])])])).toThrow(`${M}[0].host_stats[0].slot_id`);
    expect(() => readSavedActivity([rest([settleJson([{ slot_id: 0, missed: "x" }])])])).toThrow(`${M}[0].host_stats[0].missed`);
    expect(() => readSavedActivity([rest([settleJson([{ slot_id: 0, missed: 0, invalid: true }])])])).toThrow(`${M}[0].host_stats[0].invalid`);
    expect(() => readSavedActivity([rest([{ ...settleJson([]), escrow_id: "x" }])])).toThrow(`${M}[0].escrow_id`);
    expect(() => readSavedActivity([rest([{ ...settleJson([]), nonce: "-1" }])])).toThrow(`${M}[0].nonce`);
    expect(readSavedActivity([rest([{ ...settleJson([]), host_stats: undefined }])]).settles[0]!.hostStats).toEqual([]);
  });
});
