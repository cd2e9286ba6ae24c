// fast-check generators of preserved-set state objects (the sample_preserved_for_episode input shape).
import fc from "fast-check";
import type { Json } from "../../src/go/json.js";
import { bech32Encode, convertBitsForTest } from "./bech32-helpers.js";

/** Three guardian operator addresses and the account addresses they convert to. */
export const GUARDIANS = [1, 2, 3].map((k) => {
  const bytes = Array.from({ length: 20 }, (_, i) => (i * 37 + k * 11) & 0xff);
  const five = convertBitsForTest(bytes);
  return { valoper: bech32Encode("gonkavaloper", five), acc: bech32Encode("gonka", five) };
});

/** Participant addresses, including ones whose UTF-16 and UTF-8 orders differ. */
export const ADDRESSES = [GUARDIANS[0]!.acc, GUARDIANS[1]!.acc, "gonka1alice", "gonka1bob", "B", "é", "\u{1F600}x", "\uFF5Ez"];
export const NODE_IDS = ["n1", "n2", "N3", "n10", "z", ""];
export const MODELS = ["m1", "Qwen/QwQ-32B", "ü-model"];

const weight = (big: boolean) => (big ? fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constant(4_000_000_000_000)) : fc.integer({ min: 0, max: 200 }));

const nodeList = (big: boolean) =>
  fc.uniqueArray(fc.constantFrom(...NODE_IDS), { maxLength: 5 }).chain((ids) =>
    fc.tuple(...ids.map((id) => fc.record({ nodeId: fc.constant(id), pocWeight: weight(big), throughput: fc.integer({ min: 0, max: 3 }), timeslotAllocation: fc.array(fc.boolean(), { maxLength: 2 }) }))),
  );

const members = (big: boolean) =>
  fc.uniqueArray(fc.constantFrom(...ADDRESSES), { maxLength: ADDRESSES.length }).chain((addrs) =>
    fc.tuple(...addrs.map((a) => fc.record({ memberAddress: fc.constant(a), weight: fc.constant(0), votingPower: fc.integer({ min: 0, max: 600 }), mlNodes: nodeList(big) }))),
  );

const subsetOrNull = (xs: string[]) => fc.oneof({ arbitrary: fc.constant(xs), weight: 3 }, { arbitrary: fc.subarray(xs), weight: 2 }, { arbitrary: fc.constant(null), weight: 1 });

/** A state object as JSON (every field present; the anchor included). */
export const stateJson = (opts: { big?: boolean } = {}): fc.Arbitrary<Json> =>
  fc
    .record({
      models: fc.uniqueArray(fc.constantFrom(...MODELS), { minLength: 1, maxLength: 3 }),
      dupModel: fc.boolean(),
      epoch: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3 }), weight: 5 }, { arbitrary: fc.constant(0), weight: 1 }),
      anchor: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      guardians: fc.subarray(GUARDIANS.map((g) => g.valoper).concat(["not-bech32"])),
      rootLive: subsetOrNull(ADDRESSES),
      rootWeights: fc.uniqueArray(fc.constantFrom(...ADDRESSES), { maxLength: ADDRESSES.length }).chain((addrs) => fc.tuple(...addrs.map((a) => fc.record({ memberAddress: fc.constant(a), weight: fc.integer({ min: 0, max: 1000 }), votingPower: fc.constant(0), mlNodes: fc.constant([]) })))),
      fraction: fc.option(fc.record({ value: fc.integer({ min: -2, max: 12 }), exponent: fc.constant(-1) }), { freq: 5 }),
      rewarded: fc.subarray(ADDRESSES).chain((as) => fc.tuple(...as.map(() => fc.oneof({ arbitrary: fc.constant(1), weight: 4 }, { arbitrary: fc.constant(0), weight: 1 })))
        .map((coins) => Object.fromEntries(as.map((a, i) => [a, { rewardedCoins: coins[i]! }])))),
    })
    .chain((b) =>
      fc
        .tuple(
          fc.tuple(
            ...b.models.map(() =>
              members(opts.big ?? false).chain((vws) => {
                const addrs = vws.map((v) => v.memberAddress);
                return fc.record({
                  vws: fc.constant(vws),
                  live: fc.oneof({ arbitrary: fc.constant(addrs), weight: 4 }, { arbitrary: fc.subarray(addrs), weight: 1 }, { arbitrary: fc.constant(null), weight: 1 }),
                  prev: fc.oneof({ arbitrary: fc.constant(vws), weight: 3 }, { arbitrary: members(false), weight: 1 }, { arbitrary: fc.constant(null), weight: 1 }),
                });
              }),
            ),
          ),
        )
        .map(([cur]) => {
          const byModel: Record<string, Json> = {};
          const previousEpochGroupData: Record<string, Json> = {};
          b.models.forEach((m, i) => {
            byModel[m] = { liveMembers: cur[i]!.live, validationWeights: cur[i]!.vws as unknown as Json };
            if (cur[i]!.prev) previousEpochGroupData[m] = { validationWeights: cur[i]!.prev as unknown as Json };
          });
          const subGroupModels = b.dupModel ? [...b.models, b.models[0]!] : [...b.models];
          return {
            anchorHeight: b.anchor,
            epoch: { index: b.epoch },
            genesisGuardianAddresses: b.guardians,
            liveSubGroups: { error: false, byModel },
            params: { error: false, epochParams: { pocSlotAllocation: b.fraction } },
            previousEpochGroupData,
            previousEpochPerformanceSummaries: b.rewarded,
            rootGroup: { error: false, liveMembers: b.rootLive, subGroupModels, validationWeights: b.rootWeights as unknown as Json },
          } as Json;
        }),
    );
