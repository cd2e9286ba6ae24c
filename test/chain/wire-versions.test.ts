/**
 * The port's protos (proto/gonka) against the upstream x/inference protos of every chain version the
 * port knows, field by field, and the raw store keys it reads against each version's keys. The
 * upstream side is committed data (test/chain/fixtures/wire/<version>.json: message, field name,
 * number, type, label; store prefixes and key layouts), so this runs on every machine; README beside
 * the fixtures says how they were made.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { loadProtoRoot } from "../../scripts/gen-proto.js";
import { StoreKeys, u64be } from "../../src/chain/queries.js";
import { AUTHZ_EXEC_TYPE_URL, SETTLE_DEVSHARD_ESCROW_TYPE_URL } from "../../src/chain/decode-tx.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

interface UpField { name: string; number: number; type: string; label: string; kind?: "enum" | "message" }
type KeyPart = { string: string } | { uint64be: string };
interface WireDescriptor {
  version: ChainVersion;
  commit: string;
  messages: Record<string, UpField[]>;
  enums: Record<string, Record<string, number>>;
  queryMethods: Record<string, { request: string; response: string }>;
  storeKeys: {
    collectionsPrefixes: Record<string, number>;
    collections: Record<string, { collection: string; kind: "map" | "item"; key: ("uint64" | "string" | "accAddress")[] }>;
    activeParticipantsFullKey: KeyPart[];
    tokenomicsDataKey: string;
    tokenomicsDataGetKey: string;
    genesisOnlyDataKey: string;
    genesisOnlyDataGetKey: string;
  };
}
/**
 * The versions with a committed descriptor, oldest first: v0.2.10 to v0.2.14 (fetchable source), v0.2.16
 * (zpoken/gonka@ef1a5efd; README). v0.2.15 changed no proto or key the port reads (zpoken 89ff8bdb = ee730031).
 */
const WIRE_VERSIONS = ["v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14", "v0.2.16"] as const satisfies readonly ChainVersion[];
type WireVersion = (typeof WIRE_VERSIONS)[number];
const wire = (v: ChainVersion) => JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", "wire", `${v}.json`), "utf8")) as WireDescriptor;

const ours = loadProtoRoot("proto").lookup("gonkaspec") as protobuf.Namespace;
// gov.proto declares cosmos-sdk governance messages (checked on a real proposal answer, test/gov), not x/inference's
const inInference = (o: protobuf.ReflectionObject): boolean => !(o.filename ?? "").endsWith("gov.proto");
const ourTypes = ours.nestedArray.filter((o): o is protobuf.Type => o instanceof protobuf.Type && inInference(o));
const ourEnums = ours.nestedArray.filter((o): o is protobuf.Enum => o instanceof protobuf.Enum && inInference(o));

/** The x/inference Query methods the chain client calls, with our request and response messages (undefined: empty request). */
const CALLS: Record<string, [string | undefined, string]> = {
  Params: [undefined, "QueryParamsResponse"],
  GetCurrentEpoch: [undefined, "QueryGetCurrentEpochResponse"],
  EpochInfo: [undefined, "QueryEpochInfoResponse"],
  EpochGroupData: ["QueryGetEpochGroupDataRequest", "QueryGetEpochGroupDataResponse"],
  PreservedNodesSnapshot: [undefined, "QueryPreservedNodesSnapshotResponse"],
  EpochPerformanceSummaryByParticipant: ["QueryEpochPerformanceSummaryByParticipantRequest", "QueryEpochPerformanceSummaryByParticipantResponse"],
  ListConfirmationPoCEvents: ["QueryEpochIndexRequest", "QueryConfirmationPoCEventsResponse"],
  ActiveConfirmationPoCEvent: [undefined, "QueryActiveConfirmationPoCEventResponse"],
  ExcludedParticipants: ["QueryEpochIndexRequest", "QueryExcludedParticipantsResponse"],
  Participant: ["QueryGetParticipantRequest", "QueryGetParticipantResponse"],
  TokenomicsData: [undefined, "QueryGetTokenomicsDataResponse"],
  // the status command: an escrow's epoch and slots (src/chain/queries.ts devshardEscrow)
  DevshardEscrow: ["QueryGetDevshardEscrowRequest", "QueryGetDevshardEscrowResponse"],
};
/**
 * Ours that are not x/inference messages: cosmos group, upgrade and query types (checked against cosmjs-types in
 * proto.test.ts), and the cosmos-sdk transaction envelope the status command reads blocks with (tx.proto: TxRaw,
 * TxBody, MsgExec; checked below against fixtures/wire/cosmos-sdk/tx.json and in proto.test.ts against cosmjs-types).
 */
const COSMOS_TX = ["TxRaw", "TxBody", "MsgExec"];
const NOT_INFERENCE = new Set(["PageRequest", "PageResponse", "Empty", "QueryAppliedPlanRequest", "QueryAppliedPlanResponse", "GroupMemberInfo", "GroupMember", "QueryGroupMembersRequest", "QueryGroupMembersResponse", ...COSMOS_TX]);

/**
 * Our message → the upstream message it must match at `d`: by name, through the Query method for
 * requests and responses, then through the fields of matched messages (so a message upstream renamed
 * at one version, e.g. SubnetEscrowParams at v0.2.11, is compared by structure).
 */
function counterparts(d: WireDescriptor): Map<string, string> {
  const m = new Map<string, string>();
  for (const t of ourTypes) if (!NOT_INFERENCE.has(t.name) && d.messages[t.name] !== undefined) m.set(t.name, t.name);
  for (const [method, [req, res]] of Object.entries(CALLS)) {
    const up = d.queryMethods[method];
    if (up === undefined) continue;
    if (req !== undefined) m.set(req, up.request);
    m.set(res, up.response);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of ourTypes) {
      const up = m.get(t.name);
      if (up === undefined || d.messages[up] === undefined) continue;
      for (const f of t.fieldsArray) {
        f.resolve();
        const u = d.messages[up]!.find((x) => x.number === f.id);
        if (f.resolvedType instanceof protobuf.Type && u?.kind === "message" && !m.has(f.resolvedType.name) && d.messages[u.type] !== undefined) {
          m.set(f.resolvedType.name, u.type);
          grew = true;
        }
      }
    }
  }
  return m;
}

/** Upstream field names that differ from ours at one version only (same number and type: a rename). */
const RENAMED: Partial<Record<ChainVersion, Record<string, string>>> = {
  "v0.2.11": { "Params.devshard_escrow_params": "subnet_escrow_params" },
  // field 9 (string) is `version` until v0.2.13 (tx.proto at d8b8e907 and 17808620), renamed at v0.2.14 (ee730031)
  "v0.2.12": { "MsgSettleDevshardEscrow.state_root_and_protocol_version": "version" },
  "v0.2.13": { "MsgSettleDevshardEscrow.state_root_and_protocol_version": "version" },
};

/** Every difference between our messages and version `v`'s, and what our messages have that `v` lacks. */
function compare(v: ChainVersion): { mismatches: string[]; absentMessages: string[]; absentFields: string[]; absentMethods: string[] } {
  const d = wire(v);
  const map = counterparts(d);
  const mismatches: string[] = [];
  const absentFields: string[] = [];
  for (const t of ourTypes) {
    if (NOT_INFERENCE.has(t.name)) continue;
    const upName = map.get(t.name);
    if (upName === undefined) continue;
    const up = d.messages[upName]!;
    for (const f of t.fieldsArray) {
      f.resolve();
      const u = up.find((x) => x.number === f.id);
      const where = `${t.name}.${f.name} (${f.id})`;
      if (u === undefined) {
        const renamed = up.find((x) => x.name === f.name);
        if (renamed !== undefined) mismatches.push(`${where}: upstream ${upName} has ${f.name} as number ${renamed.number}`);
        else absentFields.push(`${t.name}.${f.name}`);
        continue;
      }
      if (u.name !== f.name && RENAMED[v]?.[`${t.name}.${f.name}`] !== u.name) mismatches.push(`${where}: upstream ${upName} names number ${f.id} ${u.name}`);
      if ((u.label === "repeated") !== f.repeated || u.label.startsWith("map")) mismatches.push(`${where}: label ${f.repeated ? "repeated" : "singular"} vs upstream ${u.label || "singular"}`);
      if (f.resolvedType instanceof protobuf.Type) {
        if (u.kind !== "message" || map.get(f.resolvedType.name) !== u.type) mismatches.push(`${where}: message ${f.resolvedType.name} vs upstream ${u.kind ?? "scalar"} ${u.type}`);
      } else if (f.resolvedType instanceof protobuf.Enum) {
        if (u.kind !== "enum") mismatches.push(`${where}: enum vs upstream ${u.type}`);
        else {
          const upValues = d.enums[u.type];
          if (upValues === undefined) mismatches.push(`${where}: upstream enum ${u.type} not recorded`);
          else for (const [name, n] of Object.entries(f.resolvedType.values)) if (upValues[name] !== n) mismatches.push(`${where}: ${f.resolvedType.name}.${name} = ${n} vs upstream ${upValues[name]}`);
        }
      } else if (u.kind !== undefined || u.type !== f.type) mismatches.push(`${where}: ${f.type} vs upstream ${u.kind ?? ""} ${u.type}`);
    }
  }
  for (const e of ourEnums) {
    const up = d.enums[e.name];
    if (up !== undefined) for (const [name, n] of Object.entries(e.values)) if (up[name] !== n) mismatches.push(`enum ${e.name}.${name} = ${n} vs upstream ${up[name]}`);
  }
  const absentMessages = ourTypes.filter((t) => !NOT_INFERENCE.has(t.name) && !map.has(t.name)).map((t) => t.name);
  // a message the version lacks lacks every field
  for (const t of ourTypes) if (absentMessages.includes(t.name)) for (const f of t.fieldsArray) absentFields.push(`${t.name}.${f.name}`);
  const absentMethods = Object.keys(CALLS).filter((m) => d.queryMethods[m] === undefined);
  return { mismatches, absentMessages, absentFields, absentMethods };
}

// What each version lacks of what the port declares: fields added later upstream (a reply from an
// older node leaves them at their defaults) and messages that version did not have.
const PRESERVED = ["PreservedNodesSnapshot", "ModelPreservedNodes", "ParticipantPreservedNodes", "QueryPreservedNodesSnapshotResponse"];
const DELEGATION = ["DelegationRewardTransfer", "DelegationRewardPenalty", "DelegationRewardTransferSnapshot"];
/** v0.2.16's new messages the port declares: the dynamic coefficients (#1566), the PoC challenge record (#1811) and the fee groups (#1616). */
const V16 = ["DynamicCoefficientModelConfig", "DynamicCoefficientParams", "PoCChallenge", "FeeGroup", "MsgGasRule", "PeriodBase", "RepeatedLenParams", "StoredBytesParams", "StoredDeltaParams"];
/**
 * The devshard escrow records, settlement message and queries the status command reads (from v0.2.12, d8b8e907).
 * v0.2.10 has no escrow. v0.2.11 has its forerunner under other names (subnet_escrow.proto: SubnetEscrow,
 * MsgSettleSubnetEscrow, Query/SubnetEscrow), so neither the type URL the replay looks for nor the query the chain
 * client calls exists there: to the port those versions have no devshard settlements.
 */
const DEVSHARD = ["DevshardEscrow", "DevshardHostEpochStats", "DevshardSettlementHostStats", "DevshardSlotSignature", "MsgSettleDevshardEscrow", "QueryGetDevshardEscrowRequest", "QueryGetDevshardEscrowResponse", "QueryGetDevshardHostEpochStatsRequest", "QueryGetDevshardHostEpochStatsResponse"];
const EXPECTED: Record<WireVersion, { messages: string[]; methods: string[] }> = {
  "v0.2.10": { messages: ["DevshardEscrowParams", "FeeParams", "PoCModelConfig", "ConfirmationWeightScale", "ModelVotingPower", ...PRESERVED, ...DELEGATION, ...V16, ...DEVSHARD], methods: ["PreservedNodesSnapshot", "DevshardEscrow"] },
  "v0.2.11": { messages: ["FeeParams", "PoCModelConfig", "ConfirmationWeightScale", "ModelVotingPower", ...PRESERVED, ...DELEGATION, ...V16, ...DEVSHARD], methods: ["PreservedNodesSnapshot", "DevshardEscrow"] },
  "v0.2.12": { messages: ["ConfirmationWeightScale", ...DELEGATION, ...V16], methods: [] },
  "v0.2.13": { messages: [...DELEGATION, ...V16], methods: [] },
  "v0.2.14": { messages: [...V16], methods: [] },
  "v0.2.16": { messages: [], methods: [] },
};

describe("wire compatibility with every chain version's protos (committed descriptors)", () => {
  it("a descriptor is committed for exactly v0.2.10 to v0.2.14 and v0.2.16", () => {
    const files = readdirSync(join(import.meta.dirname, "fixtures", "wire")).filter((f) => f.endsWith(".json"));
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...WIRE_VERSIONS].sort());
  });

  for (const v of WIRE_VERSIONS) {
    it(`${v}: every field we decode has the upstream number, name, type and label; enums have the upstream values`, () => {
      const c = compare(v);
      expect(wire(v).version).toBe(v);
      expect(c.mismatches).toEqual([]);
      expect(c.absentMessages.sort()).toEqual([...EXPECTED[v].messages].sort());
      expect(c.absentMethods).toEqual(EXPECTED[v].methods);
    });
  }

  it("fields the port declares that older versions lack: named per version (their replies leave them at defaults)", () => {
    const absent = Object.fromEntries(WIRE_VERSIONS.map((v) => [v, compare(v).absentFields.sort()]));
    expect(absent["v0.2.16"]).toEqual([]);
    // each version lacks at least what the next one lacks (upstream only adds fields)
    for (let i = 0; i + 1 < WIRE_VERSIONS.length; i++) for (const f of absent[WIRE_VERSIONS[i + 1]!]!) expect(absent[WIRE_VERSIONS[i]!], `${f} at ${WIRE_VERSIONS[i]}`).toContain(f);
    // fields of messages the version has (whole messages it lacks are listed in EXPECTED)
    const own = (v: WireVersion) => absent[v]!.filter((f) => !EXPECTED[v].messages.includes(f.split(".")[0]!));
    // v0.2.16: the trust weights (#1588), the dynamic coefficients (#1566) on the scales, params and epoch group
    const SCALE_V16 = ["adaptive_step", "base_coefficient", "config", "effective_coefficient", "exclude_from_confirmation", "prev_sign"].map((f) => `ConfirmationWeightScale.${f}`);
    const OWN_V16 = ["ActiveParticipant.cap_weight", "ActiveParticipants.cap_weight_applied", "EpochGroupData.dynamic_coefficient_params", "PocParams.dynamic_coefficient_params"];
    // v0.2.16's fee groups (#1616) on FeeParams, which v0.2.12 added (before it, Params has no fee_params)
    const FEE_V16 = ["FeeParams.enabled_fee_groups", "FeeParams.groups"];
    expect(own("v0.2.14")).toEqual([...OWN_V16, ...FEE_V16, ...SCALE_V16, "PoCModelConfig.dynamic_coefficient"].sort());
    const DEVSHARD_V14 = ["DevshardEscrowParams.execution_timeout", "DevshardEscrowParams.refusal_timeout", "DevshardEscrowParams.validation_rate", "DevshardEscrowParams.vote_threshold_factor"];
    expect(own("v0.2.13")).toEqual([...DEVSHARD_V14, ...OWN_V16, ...FEE_V16, ...SCALE_V16, "PoCModelConfig.dynamic_coefficient"].sort());
    expect(own("v0.2.12")).toEqual([...DEVSHARD_V14, ...OWN_V16, ...FEE_V16, "PoCModelConfig.dynamic_coefficient", "DevshardEscrowParams.max_nonce", "EpochGroupData.confirmation_weight_scales"].sort());
    expect(own("v0.2.11")).toEqual([...DEVSHARD_V14, ...OWN_V16, "Params.fee_params", "DevshardEscrowParams.max_nonce", "EpochGroupData.confirmation_weight_scales", "ActiveParticipant.voting_powers", "PocParams.models", "ValidationWeight.voting_power"].sort());
    expect(own("v0.2.10")).toEqual(
      [...OWN_V16, "Params.fee_params", "ActiveParticipant.voting_powers", "EpochGroupData.confirmation_weight_scales", "EpochParams.confirmation_poc_safety_window", "Params.devshard_escrow_params", "PocParams.models", "ValidationParams.claim_validation_enabled", "ValidationWeight.voting_power"].sort(),
    );
  });
});

describe("raw store keys against every chain version's keys", () => {
  const ascii = (s: string) => [...new TextEncoder().encode(s)];
  const key = (d: WireDescriptor, prefix: string, parts: (bigint | string | Uint8Array)[]): number[] => {
    const c = d.storeKeys.collections[prefix]!;
    expect(c.key.length, `${prefix} key arity`).toBe(parts.length);
    // collections: the prefix byte, then each key part (uint64 big-endian, a terminal string raw, a terminal sdk.AccAddressKey its bytes raw)
    const part = (k: string, x: bigint | string | Uint8Array): number[] => (k === "uint64" ? [...u64be(x as bigint)] : k === "accAddress" ? [...(x as Uint8Array)] : ascii(x as string));
    return [d.storeKeys.collectionsPrefixes[prefix]!, ...c.key.flatMap((k, i) => part(k, parts[i]!))];
  };
  for (const v of WIRE_VERSIONS) {
    it(`${v}: every key the chain client reads is that version's key, and a collection the version lacks has an unused prefix`, () => {
      const d = wire(v);
      const used = new Set(Object.values(d.storeKeys.collectionsPrefixes));
      const addr = Uint8Array.from({ length: 20 }, (_, i) => 0xf0 - i);
      const readAll: [string, Uint8Array, (bigint | string | Uint8Array)[]][] = [
        ["EpochGroupDataPrefix", StoreKeys.epochGroupData(2n ** 64n - 2n, "Qwen/QwQ-32B"), [2n ** 64n - 2n, "Qwen/QwQ-32B"]],
        ["EpochsPrefix", StoreKeys.epoch(249n), [249n]],
        ["EffectiveEpochIndexPrefix", StoreKeys.effectiveEpochIndex(), []],
        ["PunishmentGraceEpochsPrefix", StoreKeys.punishmentGraceEpoch(276n), [276n]],
        ["PreservedNodesSnapshotPrefix", StoreKeys.preservedNodesSnapshot(), []],
        ["DelegationRewardTransferSnapshotPrefix", StoreKeys.delegationRewardTransferSnapshot(), []],
        ["PoCChallengePrefix", StoreKeys.pocChallenge(addr), [addr]],
      ];
      for (const [prefix, bytes, parts] of readAll) {
        if (d.storeKeys.collections[prefix] === undefined) {
          // not in this version: the read finds nothing instead of another collection's value
          expect(d.storeKeys.collectionsPrefixes[prefix], `${prefix} at ${v}`).toBeUndefined();
          expect(used.has(bytes[0]!), `prefix ${bytes[0]} unused at ${v}`).toBe(false);
          continue;
        }
        expect([...bytes], `${prefix} at ${v}`).toEqual(key(d, prefix, parts));
      }
      const ap = d.storeKeys.activeParticipantsFullKey.flatMap((p) => ("string" in p ? ascii(p.string) : [...u64be(249n)]));
      expect([...StoreKeys.activeParticipants(249n)]).toEqual(ap);
      expect([...StoreKeys.tokenomicsData()]).toEqual([...ascii(d.storeKeys.tokenomicsDataKey), Number(d.storeKeys.tokenomicsDataGetKey)]);
      expect([...StoreKeys.genesisOnlyParams()]).toEqual([...ascii(d.storeKeys.genesisOnlyDataKey), Number(d.storeKeys.genesisOnlyDataGetKey)]);
    });
  }

  it("which versions have the collections the port reads", () => {
    const has = (p: string) => WIRE_VERSIONS.filter((v) => wire(v).storeKeys.collections[p] !== undefined);
    expect(has("PreservedNodesSnapshotPrefix")).toEqual(["v0.2.12", "v0.2.13", "v0.2.14", "v0.2.16"]);
    expect(has("DelegationRewardTransferSnapshotPrefix")).toEqual(["v0.2.14", "v0.2.16"]);
    expect(has("PoCChallengePrefix")).toEqual(["v0.2.16"]);
    expect(has("EpochGroupDataPrefix")).toEqual([...WIRE_VERSIONS]);
  });
});

describe("the cosmos-sdk transaction envelope the status command reads blocks with (fixtures/wire/cosmos-sdk/tx.json)", () => {
  // cosmos-sdk's messages by full name; README beside the fixtures says where they were read (the SDK gonka's go.mod pins)
  const cosmos = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", "wire", "cosmos-sdk", "tx.json"), "utf8")) as { messages: Record<string, UpField[]> };
  const ourName = (full: string) => full.split(".").pop()!;

  it("the descriptor holds exactly TxRaw, TxBody, MsgExec and the Any they carry", () => {
    expect(Object.keys(cosmos.messages).map(ourName).sort()).toEqual([...COSMOS_TX, "Any"].sort());
  });

  for (const full of Object.keys(cosmos.messages)) {
    it(`${full}: every field we decode has the upstream number, name, type and label`, () => {
      const t = ours.lookupType(ourName(full));
      const up = cosmos.messages[full]!;
      const mismatches: string[] = [];
      for (const f of t.fieldsArray) {
        f.resolve();
        const u = up.find((x) => x.number === f.id);
        const where = `${t.name}.${f.name} (${f.id})`;
        if (u === undefined) {
          mismatches.push(`${where}: no such number upstream`);
          continue;
        }
        if (u.name !== f.name) mismatches.push(`${where}: upstream names it ${u.name}`);
        if ((u.label === "repeated") !== f.repeated || u.label.startsWith("map")) mismatches.push(`${where}: label ${f.repeated ? "repeated" : "singular"} vs upstream ${u.label || "singular"}`);
        if (f.resolvedType instanceof protobuf.Type) {
          if (u.kind !== "message" || u.type !== f.resolvedType.name) mismatches.push(`${where}: message ${f.resolvedType.name} vs upstream ${u.kind ?? "scalar"} ${u.type}`);
        } else if (u.kind !== undefined || u.type !== f.type) mismatches.push(`${where}: ${f.type} vs upstream ${u.kind ?? ""} ${u.type}`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("the type URLs the replay matches name these messages: MsgExec here, MsgSettleDevshardEscrow in x/inference from v0.2.12", () => {
    expect(cosmos.messages[AUTHZ_EXEC_TYPE_URL.slice(1)]).toBeDefined();
    const settle = SETTLE_DEVSHARD_ESCROW_TYPE_URL.replace(/^\/inference\.inference\./, "");
    expect(WIRE_VERSIONS.filter((v) => wire(v).messages[settle] !== undefined)).toEqual(["v0.2.12", "v0.2.13", "v0.2.14", "v0.2.16"]);
  });
});
