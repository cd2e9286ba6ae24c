// The catalog of x/inference Params (src/gov/params-catalog.ts) against the upstream wire schema, and
// the flat values read from the wire form and the JSON forms through it.
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { loadProtoRoot } from "../../scripts/gen-proto.js";
import { Params } from "../../src/chain/gen/proto.js";
import { DecodeError } from "../../src/chain/wire.js";
import type { JsonObject } from "../../src/json-input.js";
import { parseJson } from "../../src/go/json.js";
import { diffParams, paramsFromBytes, paramsFromJson } from "../../src/gov/param-values.js";
import { PARAMS_CATALOG, catalogLeaves, type ParamField } from "../../src/gov/params-catalog.js";
import { upstreamRoot } from "../chain/upstream.js";
import { readRealdata } from "../realdata/load.js";

/** Every field as "path = number kind" (repeated marked), walking a protobufjs type or the catalog. */
function upstreamFields(t: protobuf.Type, path = ""): string[] {
  return t.fieldsArray.flatMap((f) => {
    const p = `${path}${f.name}`;
    const rt = f.resolvedType;
    if (rt instanceof protobuf.Type && rt.name !== "Decimal") return [`${p} = ${f.id} message${f.repeated ? " repeated" : ""}`, ...upstreamFields(rt, `${p}.`)];
    return [`${p} = ${f.id} ${rt instanceof protobuf.Type ? "decimal" : f.type}${f.repeated ? " repeated" : ""}`];
  });
}
function catalogFields(fields: readonly ParamField[], path = ""): string[] {
  return fields.flatMap((f) => {
    const p = `${path}${f.name}`;
    if (f.kind === "message") return [`${p} = ${f.id} message${f.repeated ? " repeated" : ""}`, ...catalogFields(f.fields, `${p}.`)];
    return [`${p} = ${f.id} ${f.kind}${f.repeated ? " repeated" : ""}`];
  });
}

const REAL_PARAMS = [247, 248, 249].map((e) => (parseJson(readRealdata(`rest/epoch_${e}/params.json`)) as { params: JsonObject }).params);

describe("the x/inference Params catalog", () => {
  it("has every field of the upstream Params (test/chain/fixtures, 85835b31) with its number and type, plus the two ee730031 added, v0.2.16's dynamic coefficients, fee groups and PoC challenge params", () => {
    const upstream = upstreamFields(upstreamRoot().lookupType("inference.inference.Params"));
    const ours = catalogFields(PARAMS_CATALOG);
    const added = ["poc_params.validation_vote_threshold_bps = 15 uint32", "maintenance_params = 17 message"];
    const v16 = (f: string) => f.startsWith("poc_params.dynamic_coefficient_params") || f.startsWith("poc_params.models.dynamic_coefficient") || f.startsWith("poc_challenge_params") || f.startsWith("fee_params.enabled_fee_groups") || f.startsWith("fee_params.groups");
    expect(ours.filter((f) => !upstream.includes(f) && !f.startsWith("maintenance_params.") && !v16(f))).toEqual(added);
    // v0.2.16's dynamic coefficient fields (params.proto at zpoken/gonka@ef1a5efd, as the port's protos declare them)
    expect(ours.filter(v16)).toEqual([
      "poc_params.models.dynamic_coefficient = 6 message",
      "poc_params.models.dynamic_coefficient.coeff_min = 1 decimal",
      "poc_params.models.dynamic_coefficient.coeff_max = 2 decimal",
      "poc_params.models.dynamic_coefficient.relative_difficulty = 3 decimal",
      "poc_params.models.dynamic_coefficient.target_share_bps = 4 uint32",
      "poc_params.dynamic_coefficient_params = 16 message",
      "poc_params.dynamic_coefficient_params.target_zone_bps = 1 uint32",
      "poc_params.dynamic_coefficient_params.step_min = 2 decimal",
      "poc_params.dynamic_coefficient_params.step_max = 3 decimal",
      "poc_params.dynamic_coefficient_params.bootstrap_step_max = 4 decimal",
      "poc_params.dynamic_coefficient_params.bootstrap_share_bps = 5 uint32",
      // FeeParams' fee groups (#1616, params.proto at zpoken/gonka@ef1a5efd): FeeGroup, PeriodBase, MsgGasRule and its oneof func
      "fee_params.enabled_fee_groups = 4 string repeated",
      "fee_params.groups = 5 message repeated",
      "fee_params.groups.name = 1 string",
      "fee_params.groups.min_gas_price = 2 uint64",
      "fee_params.groups.base = 3 message",
      "fee_params.groups.base.gas = 1 uint64",
      "fee_params.groups.base.period_type = 2 string",
      "fee_params.groups.base.period_length = 3 uint64",
      "fee_params.groups.msgs = 4 message repeated",
      "fee_params.groups.msgs.type_url = 1 string",
      "fee_params.groups.msgs.base = 2 message",
      "fee_params.groups.msgs.base.gas = 1 uint64",
      "fee_params.groups.msgs.base.period_type = 2 string",
      "fee_params.groups.msgs.base.period_length = 3 uint64",
      "fee_params.groups.msgs.stored_delta = 3 message",
      "fee_params.groups.msgs.stored_delta.gas_per_unit = 1 uint64",
      "fee_params.groups.msgs.stored_delta.items = 2 string",
      "fee_params.groups.msgs.stored_delta.value_field = 3 string",
      "fee_params.groups.msgs.stored_delta.id_field = 4 string",
      "fee_params.groups.msgs.stored_delta.scope_fields = 5 string repeated",
      "fee_params.groups.msgs.stored_bytes = 4 message",
      "fee_params.groups.msgs.stored_bytes.gas_per_unit = 1 uint64",
      "fee_params.groups.msgs.stored_bytes.unit = 2 string",
      "fee_params.groups.msgs.repeated_len = 5 message",
      "fee_params.groups.msgs.repeated_len.gas_per_unit = 1 uint64",
      "fee_params.groups.msgs.repeated_len.field = 2 string",
      // PoCChallengeParams (#1811, params.proto at zpoken/gonka@ef1a5efd)
      "poc_challenge_params = 18 message",
      "poc_challenge_params.payment_ratio = 1 decimal",
      "poc_challenge_params.max_active_challenges = 2 uint32",
      "poc_challenge_params.min_punishable_segment_blocks = 3 int64",
    ]);
    expect(upstream.filter((f) => !ours.includes(f))).toEqual([]);
    expect(ours.filter((f) => f.startsWith("maintenance_params."))).toHaveLength(7);
  });

  it("numbers every field of the port's own Params (proto/gonka/chain.proto) as the port does", () => {
    const port = upstreamFields(loadProtoRoot("proto").lookupType("gonkaspec.Params"));
    const ours = new Set(catalogFields(PARAMS_CATALOG));
    expect(port.filter((f) => !ours.has(f))).toEqual([]);
    expect(port.length).toBeGreaterThan(40);
  });

  it("knows every key of the real mainnet params answers (247, 248, 249)", () => {
    for (const p of REAL_PARAMS) {
      const s = paramsFromJson(p, "params.json", "rest");
      expect(s.unknown).toEqual([]);
      expect(s.values.get("epoch_params.poc_slot_allocation")?.value.text).toBe("0.1");
      expect(s.values.get("bitcoin_reward_params.initial_epoch_reward")?.value.text).toBe("323000000000000");
    }
    expect(catalogLeaves().length).toBe(193); // README.md says so (174 before v0.2.16's 19 fee-group leaves)
  });

  it("reads the same values from the wire form as from the JSON form (the real params, encoded by protobufjs from the upstream schema)", () => {
    const type = upstreamRoot().lookupType("inference.inference.Params");
    for (const p of REAL_PARAMS) {
      const bytes = type.encode(type.fromObject(JSON.parse(JSON.stringify(p)))).finish();
      const wire = paramsFromBytes(bytes, "wire");
      const json = paramsFromJson(p, "params.json", "json");
      expect(wire.unknown).toEqual([]);
      expect(diffParams(json, wire)).toEqual([]);
      expect([...wire.values.keys()].sort()).toEqual([...json.values.keys()].sort());
    }
  });

  it("a field the catalog does not know is kept with its number and size; a truncated message names the field", () => {
    const known = Params.encode({ epochParams: { epochLength: 100n } as never });
    const unknownTop = protobuf.Writer.create().uint32((99 << 3) | 2).bytes(Uint8Array.from([1, 2, 3])).finish();
    expect(paramsFromBytes(Uint8Array.from([...known, ...unknownTop]), "x").unknown).toEqual([{ path: "(field 99)", detail: "not in the port's catalog of x/inference Params (length-delimited, 4 bytes)" }]);
    const inner = protobuf.Writer.create().uint32(8).uint32(100).uint32(40 << 3).uint32(7).finish();
    const ok = paramsFromBytes(protobuf.Writer.create().uint32(10).bytes(inner).finish(), "x");
    expect(ok.unknown).toEqual([{ path: "epoch_params.(field 40)", detail: "not in the port's catalog of x/inference Params (varint, 1 bytes)" }]);
    expect(ok.values.get("epoch_params.epoch_length")?.value.text).toBe("100");
    // epoch_length (1) sent as a string: the wire type names the field
    const wrongType = protobuf.Writer.create().uint32(10).bytes(protobuf.Writer.create().uint32((1 << 3) | 2).string("x").finish()).finish();
    expect(() => paramsFromBytes(wrongType, "x")).toThrow("cannot decode Params.epoch_params.epoch_length: wire type length-delimited where varint was expected");
    expect(() => paramsFromBytes(known.slice(0, known.length - 1), "x")).toThrow(DecodeError);
    expect(() => paramsFromBytes(known.slice(0, known.length - 1), "x")).toThrow(/Params\.epoch_params/);
  });

  it("a complete message's missing field is its zero; a snapshot's is not recorded", () => {
    const proposed = paramsFromJson({ epoch_params: { poc_slot_allocation: { value: "25", exponent: -2 } } }, "p", "proposal");
    expect(proposed.values.get("validation_params.binom_test_p0")?.value.text).toBe("0");
    expect(proposed.values.get("devshard_escrow_params.vote_threshold_factor")?.value.text).toBe("0");
    const inForce = paramsFromJson({ epochParams: { pocSlotAllocation: { value: 1, exponent: -1 } } }, "s", "snapshot", false);
    const d = diffParams(inForce, proposed);
    expect(d.filter((c) => c.status === "changed").map((c) => [c.path, c.old?.text, c.new?.text])).toEqual([["epoch_params.poc_slot_allocation", "0.1", "0.25"]]);
    expect(d.filter((c) => c.status === "not-recorded").length).toBe(proposed.values.size - 1);
  });

  it("lists by the entry's name and address lists by content", () => {
    const a = paramsFromJson({ poc_params: { models: [{ model_id: "m1", weight_scale_factor: { value: "1", exponent: 0 } }] }, genesis_guardian_params: { guardian_addresses: ["g1", "g2"] } }, "a", "a");
    const b = paramsFromJson({ poc_params: { models: [{ model_id: "m1", weight_scale_factor: { value: "12", exponent: -1 } }, { model_id: "m2" }] }, genesis_guardian_params: { guardian_addresses: ["g2", "g3"] } }, "b", "b");
    const d = diffParams(a, b).map((c) => `${c.path}: ${c.old?.text ?? "-"} → ${c.new?.text ?? "-"}`);
    expect(d).toContain("poc_params.models[m1].weight_scale_factor: 1 → 1.2");
    expect(d).toContain("poc_params.models[m2].model_id: - → m2");
    expect(d).toContain('genesis_guardian_params.guardian_addresses: ["g1","g2"] → ["g2","g3"]');
  });

  it("bad JSON values name the path", () => {
    expect(() => paramsFromJson({ epoch_params: { epoch_length: "ten" } }, "f.json", "x")).toThrow(/f\.json\.epoch_params\.epoch_length/);
    expect(() => paramsFromJson({ devshard_escrow_params: { vote_threshold_factor: 4294967296 } }, "f.json", "x")).toThrow(/does not fit in uint32/);
    expect(() => paramsFromJson({ epoch_params: { poc_slot_allocation: 0.25 } }, "f.json", "x")).toThrow(/poc_slot_allocation: expected a decimal/);
  });
});
