/**
 * Audit of the chain client against the Go source (inference-chain at 85835b31, cosmos-sdk fork
 * gonka-ai/cosmos-sdk v0.53.3-ps17). The other chain tests run against our own fixture node, which
 * encodes with our own protos and our own key code, so a wrong path, key or field would pass them.
 * These tests pin the bytes, computed by hand from the Go definitions cited on each line, and check
 * the node behaviours the fixture has to imitate.
 */
import { describe, expect, it } from "vitest";
import { ChainClient, PinnedReader } from "../../src/chain/client.js";
import { ChainError } from "../../src/chain/errors.js";
import * as G from "../../src/chain/gen/proto.js";
import * as Q from "../../src/chain/queries.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { examplePreserved, fixtureNodes } from "./helpers.js";
import { upstreamFacts } from "./upstream.js";
import { bech32Encode, convertBits } from "../../src/preserved/bech32.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const asciiHex = (s: string) => Buffer.from(s, "ascii").toString("hex");

/** A PinnedReader over a fake client that records every (path, data) and answers from `answer`. */
function recordingReader(answer: (path: string, data: Uint8Array) => Uint8Array): { r: PinnedReader; sent: { path: string; data: string }[] } {
  const sent: { path: string; data: string }[] = [];
  const client = {
    abciAt: async (path: string, data: Uint8Array) => {
      sent.push({ path, data: hex(data) });
      return answer(path, data);
    },
  } as unknown as ChainClient;
  return { r: new PinnedReader(client, 1000), sent };
}

describe("raw store keys, byte for byte (x/inference/types/keys.go, keeper/keeper.go, key_activeparticipants.go)", () => {
  it("collections keys: 1-byte prefix ‖ Uint64Key (8 bytes big-endian) ‖ StringKey (raw, terminal: no 0x00)", () => {
    // keys.go:38 EpochsPrefix = NewPrefix(11); keeper.go:299-305 Epochs = Map[Uint64Key]
    expect(hex(Q.StoreKeys.epoch(142n))).toBe("0b" + "000000000000008e");
    // keys.go:39 EffectiveEpochIndexPrefix = NewPrefix(12); keeper.go:306-311 an Item: the key is the prefix alone
    expect(hex(Q.StoreKeys.effectiveEpochIndex())).toBe("0c");
    // keys.go:71 PunishmentGraceEpochsPrefix = NewPrefix(43) = 0x2b; keeper.go:517-523 Map[Uint64Key]
    expect(hex(Q.StoreKeys.punishmentGraceEpoch(142n))).toBe("2b" + "000000000000008e");
    expect(hex(Q.StoreKeys.punishmentGraceEpoch(2n ** 64n - 1n))).toBe("2b" + "ffffffffffffffff");
    // keys.go:105 PreservedNodesSnapshotPrefix = NewPrefix(65) = 0x41; keeper.go:511-516 an Item
    expect(hex(Q.StoreKeys.preservedNodesSnapshot())).toBe("41");
    // keys.go:37 EpochGroupDataPrefix = NewPrefix(10); keeper.go:291-297 PairKeyCodec(Uint64Key, StringKey):
    // the first part non-terminal (fixed 8 bytes), the last part terminal (raw UTF-8, no terminator)
    expect(hex(Q.StoreKeys.epochGroupData(142n, "Qwen/Qwen3-235B"))).toBe("0a" + "000000000000008e" + asciiHex("Qwen/Qwen3-235B"));
    expect(hex(Q.StoreKeys.epochGroupData(142n, ""))).toBe("0a" + "000000000000008e");
  });

  it("v0.2.16 PoCChallenges: prefix 111 ‖ the target's 20 address bytes raw (sdk.AccAddressKey, terminal); a non-bech32 target is never read", async () => {
    // keys.go@ef1a5efd PoCChallengePrefix = NewPrefix(111) = 0x6f; keeper.go: NewMap(sb, PoCChallengePrefix, "poc_challenge", sdk.AccAddressKey, …)
    const bytes = Array.from({ length: 20 }, (_, i) => i);
    const five = convertBits(bytes, 8, 5, true) as number[];
    const target = bech32Encode("gonka", five);
    expect(hex(Q.StoreKeys.pocChallenge(Uint8Array.from(bytes)))).toBe("6f" + "000102030405060708090a0b0c0d0e0f10111213");
    const { r, sent } = recordingReader(() => new Uint8Array(0));
    expect(await Q.pocChallenge(r, target)).toBeUndefined();
    expect(await Q.pocChallenge(r, "gonkavaloper1xyz")).toBeUndefined();
    expect(sent).toEqual([{ path: "/store/inference/key", data: "6f000102030405060708090a0b0c0d0e0f10111213" }]);
  });

  it("ActiveParticipants is a legacy prefix-store key: ASCII prefix ‖ sdk.Uint64ToBigEndian(epoch) ‖ '/'", () => {
    // key_activeparticipants.go:9 ActiveParticipantsKeyPrefix = "ActiveParticipants/value/";
    // :21-28 ActiveParticipantsFullKey = prefix ‖ Uint64ToBigEndian(epoch) ‖ "/"; activeparticipants.go:27-35
    // reads it from prefix.NewStore(store, []byte{}) (no module prefix). Not the V1 key
    // "ActiveParticipants/<decimal group id>/value/" (key_activeparticipants.go:11-19), which is write-only.
    expect(hex(Q.StoreKeys.activeParticipants(142n))).toBe(asciiHex("ActiveParticipants/value/") + "000000000000008e" + "2f");
  });

  const facts = upstreamFacts(); // test/chain/upstream.ts: committed, cross-checked against the Go repository where a mirror exists
  it("the prefixes agree with the Go source (types/keys.go, key_activeparticipants.go at 85835b31)", () => {
    const prefix = (name: string) => facts.storePrefixes[name];
    expect(Q.StoreKeys.epochGroupData(0n, "")[0]).toBe(prefix("EpochGroupDataPrefix"));
    expect(Q.StoreKeys.epoch(0n)[0]).toBe(prefix("EpochsPrefix"));
    expect(Q.StoreKeys.effectiveEpochIndex()[0]).toBe(prefix("EffectiveEpochIndexPrefix"));
    expect(Q.StoreKeys.punishmentGraceEpoch(0n)[0]).toBe(prefix("PunishmentGraceEpochsPrefix"));
    expect(Q.StoreKeys.preservedNodesSnapshot()[0]).toBe(prefix("PreservedNodesSnapshotPrefix"));
    expect(facts.activeParticipantsKeyPrefix).toBe("ActiveParticipants/value/");
  });
});

describe("what each query sends: path and request bytes (proto/inference/inference/query.proto, cosmos.group.v1)", () => {
  const empty = () => new Uint8Array(0);

  it("inference.inference.Query requests", async () => {
    const { r, sent } = recordingReader(empty);
    await Q.epochGroupData(r, 142n, "Qwen/Qwen3-235B"); // QueryGetEpochGroupDataRequest{uint64 epoch_index=1; string model_id=2}
    await Q.epochGroupData(r, 142n, ""); // the root group: model_id "" is the proto3 default, not sent
    await Q.performanceSummary(r, 141n, "gonka1xyz"); // {uint64 epoch_index=1; string participantId=2}
    await Q.confirmationPoCEvents(r, 142n); // QueryConfirmationPoCEventsRequest{uint64 epoch_index=1}
    await Q.excludedParticipants(r, 142n); // QueryExcludedParticipantsRequest{uint64 epoch_index=1}
    await Q.params(r);
    await Q.currentEpoch(r);
    await Q.epochInfo(r);
    await Q.preservedNodesSnapshot(r);
    await Q.activeConfirmationPoCEvent(r);
    const P = "/inference.inference.Query/";
    expect(sent).toEqual([
      { path: `${P}EpochGroupData`, data: "088e01" + "120f" + asciiHex("Qwen/Qwen3-235B") },
      { path: `${P}EpochGroupData`, data: "088e01" },
      { path: `${P}EpochPerformanceSummaryByParticipant`, data: "088d01" + "1209" + asciiHex("gonka1xyz") },
      { path: `${P}ListConfirmationPoCEvents`, data: "088e01" },
      { path: `${P}ExcludedParticipants`, data: "088e01" },
      { path: `${P}Params`, data: "" },
      { path: `${P}GetCurrentEpoch`, data: "" },
      { path: `${P}EpochInfo`, data: "" },
      { path: `${P}PreservedNodesSnapshot`, data: "" },
      { path: `${P}ActiveConfirmationPoCEvent`, data: "" },
    ]);
  });

  it("raw reads go to /store/inference/key (types.StoreKey = ModuleName = \"inference\") with the key as data", async () => {
    const { r, sent } = recordingReader(empty);
    await Q.punishmentGraceEpoch(r, 142n);
    await Q.activeParticipants(r, 142n);
    await Q.epochByIndex(r, 142n);
    expect(sent).toEqual([
      { path: "/store/inference/key", data: "2b000000000000008e" },
      { path: "/store/inference/key", data: asciiHex("ActiveParticipants/value/") + "000000000000008e2f" },
      { path: "/store/inference/key", data: "0b000000000000008e" },
    ]);
  });

  it("GroupMembers: {uint64 group_id=1; PageRequest pagination=2 {bytes key=1; uint64 limit=3}}, next_key passed back verbatim", async () => {
    // Pages as the x/group orm answers them: next_key is an opaque index key, empty on the last page.
    const pages = [
      { members: ["gonka1a", "gonka1b"], next: Uint8Array.of(0x20, 0x00, 0x07, 0x14, 0xab) },
      { members: ["gonka1c"], next: new Uint8Array(0) },
    ];
    let i = 0;
    const { r, sent } = recordingReader(() => {
      const p = pages[i++]!;
      return G.QueryGroupMembersResponse.encode({ members: p.members.map((address) => ({ groupId: 7n, member: { address, weight: "1", metadata: "" } })), pagination: { nextKey: p.next, total: 0n } });
    });
    const got = await Q.groupMembers(r, 7n, 2n);
    expect(got.map((m) => m.member?.address)).toEqual(["gonka1a", "gonka1b", "gonka1c"]);
    // offset 0, count_total false and reverse false are defaults and not sent: the orm's Paginate refuses
    // offset > 0 together with a key, and a limit of 0 would mean 100 with count_total forced on.
    expect(sent).toEqual([
      { path: "/cosmos.group.v1.Query/GroupMembers", data: "0807" + "1202" + "1802" },
      { path: "/cosmos.group.v1.Query/GroupMembers", data: "0807" + "1209" + "0a05" + "20000714ab" + "1802" },
    ]);
  });
});

describe("decoding raw store values (gogoproto Marshal of the stored message)", () => {
  it("GraceEpochParams{epoch_index=1 uint64; binom_test_p0=2 Decimal{int64 value=1; int32 exponent=2}; upgrade_protection_window=3 int64}", async () => {
    // {142, {5, -1}, 30}: int32 -1 is a 10-byte sign-extended varint, so the Decimal is 2 + 11 = 13 bytes
    const bytes = Buffer.from("088e01" + "120d" + "0805" + "10ffffffffffffffffff01" + "181e", "hex");
    const { r } = recordingReader(() => new Uint8Array(bytes));
    expect(await Q.punishmentGraceEpoch(r, 142n)).toEqual({ epochIndex: 142n, binomTestP0: { value: 5n, exponent: -1 }, upgradeProtectionWindow: 30n });
  });

  it("an absent key (code 0, empty value, no log) is undefined", async () => {
    const { r } = recordingReader(() => new Uint8Array(0));
    expect(await Q.punishmentGraceEpoch(r, 142n)).toBeUndefined();
    expect(await Q.activeParticipants(r, 142n)).toBeUndefined();
  });
});

describe("a raw store read at a height the node does not have", () => {
  const startNode = fixtureNodes();
  const state = fixtureFromPreserved(examplePreserved);

  // store/iavl/store.go Query (gonka-ai/cosmos-sdk): case "/key": if !st.VersionExists(res.Height)
  // { res.Log = iavl.ErrVersionDoesNotExist.Error(); break } — code 0, no value. baseapp's
  // handleQueryStore checks no height (only gRPC queries go through createQueryContext, which answers
  // code 38 / 26). Read as an absent key, a pruned height silently loses PunishmentGraceEpochs[E] (the
  // settlement's p0 override) and ActiveParticipants(E) (the settled participants).
  it("is a 'pruned' error, not an absent key", async () => {
    const s = await startNode({ latestHeight: 5000, stateAt: () => state, prunedBelow: 4000 });
    const client = ChainClient.connect(s.url);
    try {
      // the fixture answers as the real node does: code 0, log "version does not exist", no value
      const raw = await client.comet.abciQuery({ path: "/store/inference/key", data: Q.StoreKeys.punishmentGraceEpoch(1n), height: 3000, prove: false });
      expect([raw.code ?? 0, raw.log, raw.value.length]).toEqual([0, "version does not exist", 0]);

      const old = client.at(3000);
      await expect(Q.punishmentGraceEpoch(old, 1n)).rejects.toThrow(ChainError);
      await expect(Q.punishmentGraceEpoch(old, 1n)).rejects.toThrow(/no longer has state at height 3000 \(pruned\); an archive node is needed/);
      await expect(Q.activeParticipants(old, 1n)).rejects.toThrow(/pruned/);
      // at a height the node has, an absent key is still simply absent
      expect(await Q.punishmentGraceEpoch(client.at(4500), 999999n)).toBeUndefined();
    } finally {
      client.disconnect();
    }
  });
});
