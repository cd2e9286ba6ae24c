/**
 * Generates examples/mainnet-like.snapshot.json: a deterministic, realistic preserved-set state for
 * trying `gonka-spec preserved` and `gonka-spec check` without a chain node.
 *
 * Everything is drawn from Go's math/rand (GoRand) with a fixed seed and integer arithmetic only, so
 * rerunning the script reproduces the file byte for byte (test/preserved/demand-example.test.ts
 * checks it). Run it with:
 *
 *   npx tsc --ignoreConfig --outDir /tmp/gonka-gen --rootDir . --module nodenext --target es2022 \
 *     --types node --skipLibCheck scripts/generate-example-snapshot.ts
 *   node /tmp/gonka-gen/scripts/generate-example-snapshot.js [OUT]   (default examples/mainnet-like.snapshot.json)
 *
 * Shape of the fleet (loosely modelled on mainnet in mid-2026): 400 participants in four model
 * groups; 4 large operators with dozens of nodes, 20 mid-size, 76 with a few nodes, 300 with one or
 * two; node weights by hardware class (8-GPU machines down to a few tiny, misconfigured nodes, and a
 * 1,809-weight node in the ~750,000-weight main model group); 3 genesis guardians; participants new
 * this epoch (no previous-epoch reward), some not rewarded, a few no longer live. The snapshot also
 * carries a `demand` slice (peak in-flight requests during PoC) and a `settlement` slice (the miss
 * test's epoch input).
 */
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { GoRand } from "../src/go/math-rand.js";
import { serializeSnapshot, type Snapshot, type JsonObject } from "../src/snapshot/snapshot.js";
import type { Json } from "../src/go/json.js";
import { bech32Encode, convertBits } from "../src/preserved/bech32.js";

export const EXAMPLE_SEED = 20260729n;
export const EXAMPLE_EPOCH = 142;
export const EXAMPLE_ANCHOR = 2_851_200;

/** A bech32 address of `hrp` for 20 raw address bytes (the sampler's encoder). */
function address(hrp: string, bytes: number[]): string {
  const words = convertBits(bytes, 8, 5, true);
  if ("error" in words) throw new Error(words.error);
  return bech32Encode(hrp, words);
}

// ---------------------------------------------------------------- fleet model

/** Model groups, with how operators choose their main model (weights out of 100). */
export const EXAMPLE_MODELS = [
  { id: "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", pick: 52 },
  { id: "Qwen/Qwen3-32B-FP8", pick: 24 },
  { id: "Qwen/QwQ-32B", pick: 14 },
  { id: "Qwen/Qwen2.5-7B-Instruct", pick: 10 },
] as const;

/** Hardware classes: PoC weight range of one node. */
const HARDWARE = {
  h200x8: [4_300, 5_700],
  h100x8: [3_100, 4_200],
  h100x4: [1_500, 2_100],
  a100x2: [750, 1_250],
  gpu1: [300, 650],
  tiny: [12, 380],
} as const;
type Hw = keyof typeof HARDWARE;

interface Tier {
  name: string;
  participants: number;
  nodes: readonly [number, number];
  /** Hardware mix, weights out of 100. */
  hardware: readonly (readonly [Hw, number])[];
  /** Percent of nodes placed in a second model. */
  secondModelPct: number;
  nodeId: (k: number, hw: Hw) => string;
}

const TIERS: readonly Tier[] = [
  {
    name: "large operator",
    participants: 4,
    nodes: [18, 40],
    hardware: [["h200x8", 25], ["h100x8", 45], ["h100x4", 30]],
    secondModelPct: 25,
    nodeId: (k, hw) => `${hw}-rack${Math.floor(k / 8) + 1}-${(k % 8) + 1}`,
  },
  {
    name: "mid-size operator",
    participants: 20,
    nodes: [5, 12],
    hardware: [["h100x8", 30], ["h100x4", 50], ["a100x2", 20]],
    secondModelPct: 20,
    nodeId: (k) => `mlnode-${k + 1}`,
  },
  {
    name: "small operator",
    participants: 76,
    nodes: [2, 4],
    hardware: [["h100x4", 35], ["a100x2", 45], ["gpu1", 20]],
    secondModelPct: 0,
    nodeId: (k) => `node${k + 1}`,
  },
  {
    name: "single host",
    participants: 300,
    nodes: [1, 2],
    hardware: [["h100x4", 15], ["a100x2", 45], ["gpu1", 40]],
    secondModelPct: 0,
    nodeId: (k) => (k === 0 ? "node1" : `node${k + 1}`),
  },
];

interface GenNode {
  nodeId: string;
  pocWeight: number;
  model: string;
}

interface GenParticipant {
  index: number;
  address: string;
  valoper: string;
  tier: string;
  nodes: GenNode[];
}

class Draw {
  constructor(private readonly rng: GoRand) {}
  /** Uniform integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + this.rng.intn(hi - lo + 1);
  }
  /** True with probability pct/100. */
  chance(pct: number): boolean {
    return this.rng.intn(100) < pct;
  }
  /** Pick from weighted entries. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.rng.intn(total);
    for (const [v, w] of entries) {
      if (r < w) return v;
      r -= w;
    }
    return entries[entries.length - 1]![0];
  }
  bytes(n: number): number[] {
    return Array.from({ length: n }, () => this.rng.intn(256));
  }
}

function generateFleet(d: Draw, scale = 1): GenParticipant[] {
  const modelPick = EXAMPLE_MODELS.map((m) => [m.id, m.pick] as const);
  const out: GenParticipant[] = [];
  for (const tier of TIERS) {
    for (let p = 0; p < tier.participants * scale; p++) {
      const raw = d.bytes(20);
      const main = d.weighted(modelPick);
      let second = d.weighted(modelPick);
      if (second === main) second = EXAMPLE_MODELS[(EXAMPLE_MODELS.findIndex((m) => m.id === main) + 1) % EXAMPLE_MODELS.length]!.id;
      const n = d.between(tier.nodes[0], tier.nodes[1]);
      const nodes: GenNode[] = [];
      for (let k = 0; k < n; k++) {
        const hw = d.weighted(tier.hardware);
        const [lo, hi] = HARDWARE[hw];
        nodes.push({ nodeId: tier.nodeId(k, hw), pocWeight: d.between(lo, hi), model: d.chance(tier.secondModelPct) ? second : main });
      }
      out.push({ index: out.length, address: address("gonka", raw), valoper: address("gonkavaloper", raw), tier: tier.name, nodes });
    }
  }
  // A few tiny nodes (partly broken or throttled hosts), and the 1,809-weight node of the issue.
  for (let t = 0; t < 6; t++) {
    const p = out[d.between(24, out.length - 1)]!;
    const [lo, hi] = HARDWARE.tiny;
    p.nodes.push({ nodeId: `node${p.nodes.length + 1}`, pocWeight: d.between(lo, hi), model: p.nodes[0]!.model });
  }
  const single = out.find((p) => p.tier === "single host" && p.nodes.length === 1 && p.nodes[0]!.model === EXAMPLE_MODELS[0].id)!;
  single.nodes[0]!.pocWeight = 1_809;
  return out;
}

// ---------------------------------------------------------------- state object

function nodeJson(n: GenNode, weight: number): JsonObject {
  return { nodeId: n.nodeId, pocWeight: weight, throughput: 0, timeslotAllocation: [true, false] };
}

/** The `preserved` slice: the sample_preserved_for_episode input shape. */
function buildPreservedState(d: Draw, fleet: GenParticipant[]): JsonObject {
  const models = EXAMPLE_MODELS.map((m) => m.id);
  // Who is not live (removed mid-epoch), who is new (no previous epoch), who was not rewarded.
  const notLive = new Set<number>();
  while (notLive.size < 5) notLive.add(d.between(24, fleet.length - 1));
  const isNew = new Set<number>();
  while (isNew.size < 36) isNew.add(d.between(4, fleet.length - 1));
  const unrewarded = new Set<number>();
  while (unrewarded.size < 12) {
    const i = d.between(4, fleet.length - 1);
    if (!isNew.has(i)) unrewarded.add(i);
  }
  const guardians = [fleet[4]!, fleet[9]!, fleet[13]!];

  const liveAddrs = fleet.filter((p) => !notLive.has(p.index)).map((p) => p.address);
  const byModel: JsonObject = {};
  const previous: JsonObject = {};
  for (const m of models) {
    const members = fleet.filter((p) => p.nodes.some((n) => n.model === m));
    const current: Json[] = [];
    const prev: Json[] = [];
    for (const p of members) {
      const nodes = p.nodes.filter((n) => n.model === m);
      const w = nodes.reduce((s, n) => s + n.pocWeight, 0);
      // Delegated voting power: close to the model weight; some hosts delegate theirs away.
      const vp = p.tier === "single host" && d.chance(12) ? 0 : Math.floor((w * d.between(85, 118)) / 100);
      current.push({ memberAddress: p.address, weight: w, votingPower: vp, mlNodes: nodes.map((n) => nodeJson(n, n.pocWeight)) });
      if (isNew.has(p.index)) continue;
      // Last epoch: the same hosts, PoC weights a few percent apart, a node added since then missing.
      const before = nodes.length > 2 && d.chance(30) ? nodes.slice(0, -1) : nodes;
      prev.push({
        memberAddress: p.address,
        weight: 0,
        votingPower: 0,
        mlNodes: before.map((n) => nodeJson(n, Math.floor((n.pocWeight * d.between(95, 105)) / 100))),
      });
    }
    byModel[m] = { liveMembers: liveAddrs.filter((a) => members.some((p) => p.address === a)), validationWeights: current };
    previous[m] = { validationWeights: prev };
  }

  const summaries: JsonObject = {};
  for (const p of fleet) {
    if (isNew.has(p.index)) continue;
    const w = p.nodes.reduce((s, n) => s + n.pocWeight, 0);
    summaries[p.address] = { rewardedCoins: unrewarded.has(p.index) ? 0 : BigInt(w) * BigInt(d.between(2_400_000, 2_900_000)) };
  }

  return {
    anchorHeight: EXAMPLE_ANCHOR,
    epoch: { index: EXAMPLE_EPOCH },
    genesisGuardianAddresses: guardians.map((g) => g.valoper),
    liveSubGroups: { error: false, byModel },
    // poc_slot_allocation 0.1: mainnet since v0.2.5 (the chain default is 0.5)
    params: { error: false, epochParams: { pocSlotAllocation: { value: 1, exponent: -1 } } },
    previousEpochGroupData: previous,
    previousEpochPerformanceSummaries: summaries,
    rootGroup: {
      error: false,
      subGroupModels: [...models],
      liveMembers: liveAddrs,
      validationWeights: fleet.map((p) => ({ memberAddress: p.address, weight: p.nodes.reduce((s, n) => s + n.pocWeight, 0) })),
    },
  };
}

/**
 * The `demand` slice: previous-epoch peak in-flight requests during PoC per model, as a gateway
 * operator would read them from devshardctl's capacity metrics (gonka-spec's own format, see
 * src/preserved/demand.ts).
 */
function buildDemand(): JsonObject {
  return {
    pocMaxConcurrentPer10000Weight: 10,
    peakInFlightRequests: {
      "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8": 460,
      "Qwen/Qwen3-32B-FP8": 95,
      "Qwen/QwQ-32B": 140,
      "Qwen/Qwen2.5-7B-Instruct": 12,
    },
  };
}

/**
 * The `settlement` slice (src/misstest/epoch-input.ts): the epoch being settled, with each live
 * participant's finished and missed inference requests; most hosts miss well under 1 %, some a few
 * percent, and a few overloaded ones miss a large share.
 */
function buildSettlement(d: Draw, fleet: GenParticipant[], live: ReadonlySet<string>): JsonObject {
  const participants: Json[] = [];
  const rewards: JsonObject = {};
  for (const p of fleet) {
    if (!live.has(p.address)) continue;
    const w = p.nodes.reduce((s, n) => s + n.pocWeight, 0);
    const done = Math.floor((w * d.between(25, 45)) / 100);
    const r = d.between(0, 99);
    const missed = r < 88 ? d.between(0, Math.floor(done / 150)) : r < 97 ? d.between(Math.floor(done / 60), Math.floor(done / 15)) : d.between(Math.floor(done / 4), done);
    participants.push({ address: p.address, currentEpochStats: { inferenceCount: done, missedRequests: missed } });
    rewards[p.address] = w;
  }
  return {
    comment: `Generated settlement input of epoch ${EXAMPLE_EPOCH} (same shape as gonka-spec miss-test --epoch FILE); binom_test_p0 0.10, as every mainnet epoch group carried in May 2026 (the 0.40 of the v0.2.6 upgrade was temporary)`,
    epoch: EXAMPLE_EPOCH,
    validationParams: { binomTestP0: { value: 1, exponent: -1 } },
    graceEpoch: null,
    participants,
    rewards,
  };
}

/**
 * Build the example snapshot (pure: same output on every run). `scale` multiplies every tier's
 * participant count (scripts/generate-large-snapshot.ts writes the 10× file the benchmarks read);
 * scale 1 is the committed example, byte for byte.
 */
export function generateExampleSnapshot(scale = 1): Snapshot {
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error(`scale must be an integer in 1..100, got ${scale}`);
  const d = new Draw(new GoRand(EXAMPLE_SEED));
  const fleet = generateFleet(d, scale);
  const preserved = buildPreservedState(d, fleet);
  const live = new Set((preserved.rootGroup as JsonObject).liveMembers as string[]);
  // A generated chain has no upgrade history: the file records the version whose rules it is meant for.
  return {
    schema: "gonka-spec/snapshot",
    version: 1,
    chainId: "example",
    height: String(EXAMPLE_ANCHOR),
    source: "generated",
    chainVersion: { version: "v0.2.14", source: "snapshot", detail: "recorded in the generated example: it was drawn for the rules of v0.2.14 (its state has no v0.2.16 trust weights)" },
    preserved,
    settlement: buildSettlement(d, fleet, live),
    demand: buildDemand(),
  } as Snapshot;
}

/** The file's text, exactly as committed. */
export function renderExampleSnapshot(scale = 1): string {
  return serializeSnapshot(generateExampleSnapshot(scale));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = process.argv[2] ?? "examples/mainnet-like.snapshot.json";
  writeFileSync(out, renderExampleSnapshot());
  process.stdout.write(`wrote ${out}\n`);
}
