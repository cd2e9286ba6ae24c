// MsgGasRule's oneof `func` on the wire (src/gov/param-values.ts, the generated decoder): a member read
// replaces any member read before it, itself included, as Go's generated Unmarshal sets the oneof to a fresh
// message each time; a plain message field read twice merges instead.
import { describe, expect, it } from "vitest";
import { FeeParams, MsgGasRule, Params } from "../../src/chain/gen/proto.js";
import { feeParamsOf } from "../../src/gov/fee-params-validate.js";
import { paramsFromBytes } from "../../src/gov/param-values.js";

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
