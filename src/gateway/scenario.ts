/**
 * The PoC routing scenario: what the simulator reads (format documented field by field in
 * examples/scenarios/README.md). `parseScenario` validates a parsed JSON document, fills the
 * defaults and returns a fully resolved Scenario; any bad field is an InputError naming its path.
 *
 * Units: every time is an integer number of milliseconds of simulated time; weights and scores are
 * non-negative integers; rates are integers per 10,000 weight.
 */
import { describeValue } from "../errors.js";
import { Decimal } from "../go/decimal.js";
import { DECIMAL_TEXT_LIMIT } from "../go/chain-decimal.js";
import type { Json } from "../go/json.js";
import { array, at, boolean, fail, integer, object, oneOf, onlyKeys, string, type At } from "./fields.js";
import { isJsonObject } from "../json-input.js";

export const POLICIES = ["today", "per-host-cap"] as const;
export type Policy = (typeof POLICIES)[number];

/** Tie-break among escrows tied on the lowest load: Go's round-robin, or #1733's two rules. */
export const TIE_BREAKS = ["round-robin", "top-score", "weighted-random"] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

export const PHASE_KINDS = ["normal", "poc-generation", "poc-other"] as const;
export type PhaseKind = (typeof PHASE_KINDS)[number];

/** What a host does with an attempt beyond its admission limit. */
export const OVERLOAD_MODES = ["429", "503", "500", "fail-after-receipt"] as const;
export type OverloadMode = (typeof OVERLOAD_MODES)[number];

export const CAP_PHASES = ["generation", "all-poc"] as const;
export type CapPhases = (typeof CAP_PHASES)[number];

export interface GatewayConfig {
  /** DEVSHARD_POC_REQUEST_MODE=relaxed (false = "off": every request during PoC gets 503). */
  relaxedPoC: boolean;
  /** DEVSHARD_CAPACITY_AWARE_LIMITS: enforce the gateway limiter during relaxed PoC too. */
  capacityAwareLimits: boolean;
  /** MaxConcurrentPer10000Weight after Go's defaulting (0 → 5). */
  maxConcurrentPer10000Weight: number;
  /** PoCMaxConcurrentPer10000Weight after Go's defaulting (0 → normal rate, or 10 when that is 5). */
  pocMaxConcurrentPer10000Weight: number;
  /** Static MaxConcurrentRequests, used only when no weight is known (0 = unlimited). */
  maxConcurrentRequests: number;
  refusalTimeoutMs: number;
  executionTimeoutMs: number;
  voteBufferMs: number;
  quarantineMs: number;
  nonceLimit: number;
  phasePollMs: number;
  /** Whether timeout votes reach the threshold (the model assumes they do). */
  timeoutVotesPass: boolean;
}

export interface PhaseSpec {
  name: string;
  startMs: number;
  kind: PhaseKind;
}

export interface HostSpec {
  address: string;
  /** Preserved-node poc_weight (the current weight during PoC; also the cap's weight). */
  weight: number;
  /** Weight of all nodes (outside PoC, and the limiter's baseline). */
  fullWeight: number;
  /** Integer score for the #1733 tie-breaks. */
  score: number;
  /** Preserved flag per phase, index-aligned with Scenario.phases (ignored in normal phases). */
  preserved: boolean[];
  /** Requests the host executes at once. */
  parallel: number;
  /** Service time of one request once it runs. */
  serviceMs: number;
  /** Attempts the host accepts (running + waiting) before overload; null = unlimited. */
  admissionLimit: number | null;
  overload: OverloadMode;
}

export interface EscrowSpec {
  id: string;
  /** Participant address per slot; slot = nonce mod slots.length. */
  slots: string[];
  /** Latest nonce at t = 0 (the next nonce is nonce + 1). */
  nonce: number;
  active: boolean;
}

export interface TrafficStream {
  /** "pooled" (escrow choice) or the id of one escrow (direct route). */
  route: string;
  startMs: number;
  intervalMs: number;
  count: number;
}

export interface MissTestSpec {
  address: string;
  p0: Decimal;
  missedOutsideWindow: number;
  totalOutsideWindow: number;
}

export interface Scenario {
  name: string;
  description: string;
  seed: bigint;
  policy: Policy;
  tieBreak: TieBreak;
  capLeavesEscrowWeight: boolean;
  capPhases: CapPhases;
  gateway: GatewayConfig;
  phases: PhaseSpec[];
  hosts: HostSpec[];
  escrows: EscrowSpec[];
  traffic: TrafficStream[];
  missTest: MissTestSpec | null;
}

/** The fields each object of the format allows (documented in examples/scenarios/README.md). */
export const FIELDS = {
  scenario: ["name", "description", "seed", "policy", "tieBreak", "capLeavesEscrowWeight", "capPhases", "gateway", "phases", "hosts", "escrows", "traffic", "missTest"],
  gateway: [
    "relaxedPoC", "capacityAwareLimits", "maxConcurrentPer10000Weight", "pocMaxConcurrentPer10000Weight",
    "maxConcurrentRequests", "refusalTimeoutMs", "executionTimeoutMs", "voteBufferMs",
    "quarantineMs", "nonceLimit", "phasePollMs", "timeoutVotesPass",
  ],
  phase: ["name", "startMs", "kind"],
  host: ["address", "weight", "fullWeight", "score", "preserved", "parallel", "serviceMs", "admissionLimit", "overload"],
  escrow: ["id", "slots", "nonce", "active"],
  traffic: ["route", "startMs", "intervalMs", "count"],
  missTest: ["address", "p0", "missedOutsideWindow", "totalOutsideWindow"],
} as const;

const MAX_MS = 1_000_000_000_000; // about 31 years of simulated time
const MAX_WEIGHT = 1_000_000_000_000;
const MAX_COUNT = 10_000_000;
/**
 * Requests in all streams of one scenario: 2,000,000 simulate in about 6 s (about 0.3 GB) on a 2-core
 * machine (the time and memory grow linearly: 10^7 took half a minute and 1.3 GB).
 */
export const MAX_SCENARIO_REQUESTS = 2_000_000;

/** Models devshardctl.GatewaySettings.WithTuningDefaults for the two rates (normal 0 → 5; PoC 0 → normal, or 10 when normal is 5). */
export function defaultRates(normal: number, poc: number): { normal: number; poc: number } {
  const n = normal === 0 ? 5 : normal;
  const p = poc !== 0 ? poc : n === 5 ? 10 : n;
  return { normal: n, poc: p };
}

function parseGateway(v: Json | undefined, where: At): GatewayConfig {
  const o = v === undefined ? {} : object(v, where);
  onlyKeys(o, FIELDS.gateway, where);
  const rates = defaultRates(
    integer(o.maxConcurrentPer10000Weight, at(where, "maxConcurrentPer10000Weight"), 0, 1_000_000, 5),
    integer(o.pocMaxConcurrentPer10000Weight, at(where, "pocMaxConcurrentPer10000Weight"), 0, 1_000_000, 10),
  );
  return {
    relaxedPoC: boolean(o.relaxedPoC, at(where, "relaxedPoC"), true),
    capacityAwareLimits: boolean(o.capacityAwareLimits, at(where, "capacityAwareLimits"), false),
    maxConcurrentPer10000Weight: rates.normal,
    pocMaxConcurrentPer10000Weight: rates.poc,
    maxConcurrentRequests: integer(o.maxConcurrentRequests, at(where, "maxConcurrentRequests"), 0, MAX_COUNT, 512),
    refusalTimeoutMs: integer(o.refusalTimeoutMs, at(where, "refusalTimeoutMs"), 0, MAX_MS, 60_000),
    executionTimeoutMs: integer(o.executionTimeoutMs, at(where, "executionTimeoutMs"), 0, MAX_MS, 1_200_000),
    voteBufferMs: integer(o.voteBufferMs, at(where, "voteBufferMs"), 0, MAX_MS, 5_000),
    quarantineMs: integer(o.quarantineMs, at(where, "quarantineMs"), 0, MAX_MS, 3_600_000),
    nonceLimit: integer(o.nonceLimit, at(where, "nonceLimit"), 1, Number.MAX_SAFE_INTEGER, 19_800),
    phasePollMs: integer(o.phasePollMs, at(where, "phasePollMs"), 0, MAX_MS, 5_000),
    timeoutVotesPass: boolean(o.timeoutVotesPass, at(where, "timeoutVotesPass"), true),
  };
}

function parsePhases(v: Json | undefined, where: At): PhaseSpec[] {
  const list = array(v, where);
  if (list.length === 0) fail(where, "expected at least one phase");
  const out: PhaseSpec[] = [];
  list.forEach((p, i) => {
    const w = at(where, i);
    const o = object(p, w);
    onlyKeys(o, FIELDS.phase, w);
    const phase: PhaseSpec = {
      name: string(o.name, at(w, "name")),
      startMs: integer(o.startMs, at(w, "startMs"), 0, MAX_MS),
      kind: oneOf(o.kind, at(w, "kind"), PHASE_KINDS, "normal"),
    };
    if (out.some((q) => q.name === phase.name)) fail(at(w, "name"), `duplicate phase name ${JSON.stringify(phase.name)}`);
    const prev = out[out.length - 1];
    if (prev !== undefined && phase.startMs <= prev.startMs) {
      fail(at(w, "startMs"), `phases must start in increasing order: ${phase.startMs} is not after ${prev.startMs}`);
    }
    out.push(phase);
  });
  return out;
}

function parsePreserved(v: Json | undefined, where: At, phases: PhaseSpec[]): boolean[] {
  if (v === undefined || typeof v === "boolean") return phases.map(() => v ?? true);
  if (!isJsonObject(v)) fail(where, `expected true, false or an object {phaseName: boolean}, got ${describeValue(v)}`);
  for (const k of Object.keys(v)) {
    if (!phases.some((p) => p.name === k)) fail(at(where, k), `no phase is named ${JSON.stringify(k)}`);
  }
  return phases.map((p) => boolean(v[p.name], at(where, p.name), true));
}

function parseHosts(v: Json | undefined, where: At, phases: PhaseSpec[]): HostSpec[] {
  const list = array(v, where);
  if (list.length === 0) fail(where, "expected at least one host");
  const seen = new Set<string>();
  return list.map((h, i) => {
    const w = at(where, i);
    const o = object(h, w);
    onlyKeys(o, FIELDS.host, w);
    const address = string(o.address, at(w, "address"));
    if (seen.has(address)) fail(at(w, "address"), `duplicate host address ${JSON.stringify(address)}`);
    seen.add(address);
    const weight = integer(o.weight, at(w, "weight"), 0, MAX_WEIGHT);
    return {
      address,
      weight,
      fullWeight: integer(o.fullWeight, at(w, "fullWeight"), 0, MAX_WEIGHT, weight),
      score: integer(o.score, at(w, "score"), 0, 1_000_000_000, 1),
      preserved: parsePreserved(o.preserved, at(w, "preserved"), phases),
      parallel: integer(o.parallel, at(w, "parallel"), 1, MAX_COUNT, 4),
      serviceMs: integer(o.serviceMs, at(w, "serviceMs"), 0, MAX_MS, 20_000),
      admissionLimit: o.admissionLimit === null || o.admissionLimit === undefined ? null : integer(o.admissionLimit, at(w, "admissionLimit"), 1, MAX_COUNT),
      overload: oneOf(o.overload, at(w, "overload"), OVERLOAD_MODES, "429"),
    };
  });
}

function parseEscrows(v: Json | undefined, where: At, hosts: HostSpec[]): EscrowSpec[] {
  const list = array(v, where);
  if (list.length === 0) fail(where, "expected at least one escrow");
  const known = new Set(hosts.map((h) => h.address));
  const ids = new Set<string>();
  return list.map((e, i) => {
    const w = at(where, i);
    const o = object(e, w);
    onlyKeys(o, FIELDS.escrow, w);
    const id = string(o.id, at(w, "id"));
    if (id === "pooled") fail(at(w, "id"), `"pooled" is reserved for the pooled route`);
    if (ids.has(id)) fail(at(w, "id"), `duplicate escrow id ${JSON.stringify(id)}`);
    ids.add(id);
    const slotList = array(o.slots, at(w, "slots"));
    if (slotList.length === 0 || slotList.length > 1024) fail(at(w, "slots"), `expected 1 to 1024 slots (16 on chain), got ${slotList.length}`);
    const slots = slotList.map((s, j) => {
      const a = string(s, at(at(w, "slots"), j));
      if (!known.has(a)) fail(at(at(w, "slots"), j), `no host has address ${JSON.stringify(a)}`);
      return a;
    });
    return {
      id,
      slots,
      nonce: integer(o.nonce, at(w, "nonce"), 0, Number.MAX_SAFE_INTEGER, 0),
      active: boolean(o.active, at(w, "active"), true),
    };
  });
}

function parseTraffic(v: Json | undefined, where: At, escrows: EscrowSpec[]): TrafficStream[] {
  const list = array(v, where);
  if (list.length === 0) fail(where, "expected at least one traffic stream");
  let total = 0;
  return list.map((t, i) => {
    const w = at(where, i);
    const o = object(t, w);
    onlyKeys(o, FIELDS.traffic, w);
    const route = string(o.route, at(w, "route"), "pooled");
    if (route !== "pooled" && !escrows.some((e) => e.id === route)) {
      fail(at(w, "route"), `expected "pooled" or an escrow id, got ${JSON.stringify(route)}`);
    }
    const count = integer(o.count, at(w, "count"), 0, MAX_SCENARIO_REQUESTS);
    total += count;
    if (total > MAX_SCENARIO_REQUESTS) fail(at(w, "count"), `too many requests in all (more than ${MAX_SCENARIO_REQUESTS})`);
    const startMs = integer(o.startMs, at(w, "startMs"), 0, MAX_MS, 0);
    const intervalMs = integer(o.intervalMs, at(w, "intervalMs"), count > 1 ? 1 : 0, MAX_MS, 0);
    if (count > 1 && startMs + (count - 1) * intervalMs > MAX_MS) {
      fail(at(w, "intervalMs"), `the last arrival would come after ${MAX_MS} ms (${count} requests every ${intervalMs} ms from ${startMs} ms)`);
    }
    return { route, startMs, intervalMs, count };
  });
}

function parseP0(v: Json | undefined, where: At): Decimal {
  if (v === undefined) return Decimal.fromString("0.10");
  const text = typeof v === "number" || typeof v === "bigint" ? String(v) : v;
  if (typeof text !== "string" || text.length > DECIMAL_TEXT_LIMIT || !/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(text)) {
    fail(where, `expected a probability from 0 to 1 as a decimal string such as "0.10" (at most ${DECIMAL_TEXT_LIMIT} characters), got ${describeValue(v)}`);
  }
  return Decimal.fromString(text);
}

function parseMissTest(v: Json | undefined, where: At, hosts: HostSpec[]): MissTestSpec | null {
  if (v === undefined || v === null) return null;
  const o = object(v, where);
  onlyKeys(o, FIELDS.missTest, where);
  const address = string(o.address, at(where, "address"));
  if (!hosts.some((h) => h.address === address)) fail(at(where, "address"), `no host has address ${JSON.stringify(address)}`);
  const missed = integer(o.missedOutsideWindow, at(where, "missedOutsideWindow"), 0, MAX_COUNT * 10, 0);
  const total = integer(o.totalOutsideWindow, at(where, "totalOutsideWindow"), 0, MAX_COUNT * 10, 0);
  if (missed > total) fail(at(where, "missedOutsideWindow"), `${missed} is more than totalOutsideWindow ${total}`);
  return { address, p0: parseP0(o.p0, at(where, "p0")), missedOutsideWindow: missed, totalOutsideWindow: total };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Whether a seed fits Go's int64 (rand.NewSource takes an int64). */
export function isInt64(v: bigint): boolean {
  return v >= INT64_MIN && v <= INT64_MAX;
}

function parseSeed(v: Json | undefined, where: At): bigint {
  if (v === undefined) return 1n;
  const b = typeof v === "bigint" ? v : typeof v === "number" && Number.isSafeInteger(v) ? BigInt(v) : undefined;
  if (b === undefined || !isInt64(b)) fail(where, `expected an int64 integer, got ${describeValue(v)}`);
  return b;
}

/** Validate a parsed scenario document; `source` (a file name or built-in name) prefixes errors. */
export function parseScenario(doc: Json, source = "scenario"): Scenario {
  const root: At = { source, path: "" };
  const o = object(doc, root);
  onlyKeys(o, FIELDS.scenario, root);
  const phases = parsePhases(o.phases, at(root, "phases"));
  const hosts = parseHosts(o.hosts, at(root, "hosts"), phases);
  const escrows = parseEscrows(o.escrows, at(root, "escrows"), hosts);
  const seed = parseSeed(o.seed, at(root, "seed"));
  return {
    name: string(o.name, at(root, "name")),
    description: o.description === undefined ? "" : string(o.description, at(root, "description")),
    seed,
    policy: oneOf(o.policy, at(root, "policy"), POLICIES, "today"),
    tieBreak: oneOf(o.tieBreak, at(root, "tieBreak"), TIE_BREAKS, "round-robin"),
    capLeavesEscrowWeight: boolean(o.capLeavesEscrowWeight, at(root, "capLeavesEscrowWeight"), false),
    capPhases: oneOf(o.capPhases, at(root, "capPhases"), CAP_PHASES, "generation"),
    gateway: parseGateway(o.gateway, at(root, "gateway")),
    phases,
    hosts,
    escrows,
    traffic: parseTraffic(o.traffic, at(root, "traffic"), escrows),
    missTest: parseMissTest(o.missTest, at(root, "missTest"), hosts),
  };
}
