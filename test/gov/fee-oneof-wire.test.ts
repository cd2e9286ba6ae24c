// MsgGasRule's oneof `func` on the wire (src/gov/param-values.ts, the generated decoder): a member read
// replaces any member read before it, itself included, as Go's generated Unmarshal sets the oneof to a fresh
// message each time; a plain message field read twice merges instead. In JSON, two members are refused.
import { describe, expect, it } from "vitest";
import { FeeParams, MsgGasRule, Params } from "../../src/chain/gen/proto.js";
import { feeParamsOf } from "../../src/gov/fee-params-validate.js";
import { InputError } from "../../src/errors.js";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { paramsFromBytes, paramsFromJson } from "../../src/gov/param-values.js";

const HD = "/inference.inference.MsgSubmitHardwareDiff";
/** Params holding one fee group "epoch" whose one rule is the concatenation of `parts` (protobuf merges them into one message). */
function paramsWithRule(...parts: Uint8Array[]): Uint8Array {
  const rule = Uint8Array.from(parts.flatMap((p) => [...p]));
  const msgs = Uint8Array.from([0x22, rule.length, ...rule]); // FeeGroup.msgs = 4
  const group = Uint8Array.from([0x0a, 5, ...new TextEncoder().encode("epoch"), ...msgs]); // FeeGroup.name = 1
  const fee = Uint8Array.from([...FeeParams.encode({}), 0x2a, group.length, ...group]); // FeeParams.groups = 5
  return Uint8Array.from([...Params.encode({}), 0x7a, fee.length, ...fee]); // Params.fee_params = 15
}
const funcOf = (bytes: Uint8Array) => feeParamsOf(paramsFromBytes(bytes, "wire"))?.groups[0]?.msgs[0]?.func;

describe("a oneof set more than once on the wire", () => {
  const bytes = MsgGasRule.encode({ typeUrl: HD, storedBytes: { gasPerUnit: 100n, unit: "kb" } });
  const len = MsgGasRule.encode({ repeatedLen: { gasPerUnit: 7n, field: "items" } });
  const bytes2 = MsgGasRule.encode({ storedBytes: { gasPerUnit: 0n, unit: "mb" } });

  it("keeps the last member, whichever came first", () => {
    expect(funcOf(paramsWithRule(bytes, len))).toEqual({ kind: "repeated_len", params: { gasPerUnit: 7n, field: "items" } });
    expect(funcOf(paramsWithRule(len, bytes))).toEqual({ kind: "stored_bytes", params: { gasPerUnit: 100n, unit: "kb" } });
  });

  it("a member read twice is replaced, not merged: a field the second leaves out is its zero", () => {
    expect(funcOf(paramsWithRule(bytes, bytes2))).toEqual({ kind: "stored_bytes", params: { gasPerUnit: 0n, unit: "mb" } });
    const unitOnly = MsgGasRule.encode({ storedBytes: { gasPerUnit: 0n, unit: "" } });
    expect(funcOf(paramsWithRule(bytes, unitOnly))).toEqual({ kind: "stored_bytes", params: { gasPerUnit: 0n, unit: "" } });
  });

  it("the generated decoder agrees: one member set, the last", () => {
    const m = MsgGasRule.decode(Uint8Array.from([...bytes, ...len]));
    expect([m.storedDelta, m.storedBytes, m.repeatedLen]).toEqual([undefined, undefined, { gasPerUnit: 7n, field: "items" }]);
    expect(MsgGasRule.decode(Uint8Array.from([...len, ...bytes])).repeatedLen).toBeUndefined();
  });
});

describe("a oneof given two members in JSON", () => {
  const group = (rule: Json): JsonObject => ({ fee_params: { groups: [{ name: "epoch", msgs: [{ type_url: HD, ...(rule as object) }] }] } });
  it("is refused naming both (gogoproto's jsonpb keeps one in Go map order); one member, or one with the other null, is read", () => {
    expect(() => paramsFromJson(group({ stored_bytes: { unit: "kb" }, repeated_len: { field: "x" } }), "p.json", "p")).toThrow(
      new InputError("sets two members of oneof func (stored_bytes and repeated_len): the chain's JSON reader keeps one of them, which one is not defined", "p.json.fee_params.groups[0].msgs[0].repeated_len"),
    );
    expect(() => paramsFromJson(group({ repeatedLen: { field: "x" }, storedDelta: { items: "e" } }), "p.json", "p")).toThrow("sets two members of oneof func (repeated_len and stored_delta)");
    expect(funcOfJson(group({ stored_bytes: { unit: "kb" }, repeated_len: null }))).toEqual({ kind: "stored_bytes", params: { gasPerUnit: 0n, unit: "kb" } });
    expect(funcOfJson(group({ repeated_len: { field: "x" } }))).toEqual({ kind: "repeated_len", params: { gasPerUnit: 0n, field: "x" } });
  });
});
const funcOfJson = (doc: JsonObject) => feeParamsOf(paramsFromJson(doc, "p.json", "p"))?.groups[0]?.msgs[0]?.func;
