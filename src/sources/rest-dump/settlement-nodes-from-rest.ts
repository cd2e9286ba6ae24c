/** The ML nodes and the model scales of a REST epoch group answer, as settlement reads them. */
import { InputError, describeValue } from "../../errors.js";
import { parseOptionalChainDecimal } from "../../go/chain-decimal.js";
import { checkedInt64 } from "../../go/int64.js";
import type { Json } from "../../go/json.js";
import type { ModelScale, SettlementMLNode } from "../../settlement/settlement-types.js";
import { field } from "./recognise-rest-file.js";
import { list, obj, text } from "./epoch-group-from-rest.js";

/** ml_nodes of a validation weight: each node's id, PoC weight, throughput and timeslot allocation (null stays null, as Go's nil). */
export function mlNodes(v: Json | undefined, where: string): (SettlementMLNode | null)[] {
  return list(v, where).map((n, i) => {
    const at = `${where}[${i}]`;
    if (n === null) return null;
    const o = obj(n, at);
    const ts = list(field(o, "timeslot_allocation"), `${at}.timeslot_allocation`).map((b, j) => {
      if (typeof b !== "boolean") throw new InputError(`expected true or false, got ${describeValue(b)}`, `${at}.timeslot_allocation[${j}]`);
      return b;
    });
    return {
      nodeId: typeof field(o, "node_id") === "string" ? (field(o, "node_id") as string) : "",
      pocWeight: checkedInt64(field(o, "poc_weight") ?? "0", `${at}.poc_weight`),
      throughput: checkedInt64(field(o, "throughput") ?? "0", `${at}.throughput`),
      timeslotAllocation: ts,
    };
  });
}

/**
 * confirmation_weight_scales as the node's REST answer writes them: model_id, weight_scale_factor and, from
 * v0.2.16, effective_coefficient and exclude_from_confirmation (absent in an older node's answer: Go's nil
 * and false, which the v0.2.16 rules read as the factor and no exclusion).
 */
export function scales(v: Json | undefined, where: string): ModelScale[] {
  return list(v, where).map((s, i) => {
    const at = `${where}[${i}]`;
    const o = obj(s, at);
    const scale: ModelScale = { modelId: text(field(o, "model_id") ?? "", `${at}.model_id`), weightScaleFactor: parseOptionalChainDecimal(field(o, "weight_scale_factor"), `${at}.weight_scale_factor`) };
    const effective = field(o, "effective_coefficient");
    if (effective !== undefined) scale.effectiveCoefficient = parseOptionalChainDecimal(effective, `${at}.effective_coefficient`);
    const excluded = field(o, "exclude_from_confirmation");
    if (excluded !== undefined && excluded !== null) {
      if (typeof excluded !== "boolean") throw new InputError(`expected true or false, got ${describeValue(excluded)}`, `${at}.exclude_from_confirmation`);
      scale.excludeFromConfirmation = excluded;
    }
    return scale;
  });
}
