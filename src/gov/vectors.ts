/**
 * Replay of the v0.2.16 suite compiled from the release Go (test/vectors/go-v0.2.16/):
 * v0216_fee_params_validate, FeeParams.Validate with its fee groups (./fee-params-validate.ts).
 * A refusal is Go's error (its text); valid params answer `{valid: true}`.
 */
import { GoError } from "../go/errors.js";
import { UINT64_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { exactObject, expectArray, expectString } from "../json-input.js";
import { intField } from "../vectors/spec-suite.js";
import type { SuiteTable } from "../vectors/types.js";
import { validateFeeParams, type FeeGroup, type FeeParams, type GasFunc, type MsgGasRule, type PeriodBase } from "./fee-params-validate.js";

const u64 = (v: Json | undefined, path: string): bigint => intField(v, path, 0n, UINT64_MAX);
const strings = (v: Json | undefined, path: string): string[] => (v === null ? [] : expectArray(v, path).map((s, i) => expectString(s, `${path}[${i}]`)));

function periodBase(v: Json | undefined, path: string): PeriodBase | null {
  if (v === null) return null;
  const b = exactObject(v, ["gas", "periodType", "periodLength"], path);
  return { gas: u64(b.gas, `${path}.gas`), periodType: expectString(b.periodType, `${path}.periodType`), periodLength: u64(b.periodLength, `${path}.periodLength`) };
}

function gasFunc(v: Json | undefined, path: string): GasFunc {
  if (v === null) return null;
  const f = exactObject(v, ["kind", "params"], path);
  const kind = expectString(f.kind, `${path}.kind`);
  const at = `${path}.params`;
  if (kind === "stored_delta") {
    if (f.params === null) return { kind, params: null };
    const p = exactObject(f.params, ["gasPerUnit", "items", "valueField", "idField", "scopeFields"], at);
    return { kind, params: { gasPerUnit: u64(p.gasPerUnit, `${at}.gasPerUnit`), items: expectString(p.items, `${at}.items`), valueField: expectString(p.valueField, `${at}.valueField`), idField: expectString(p.idField, `${at}.idField`), scopeFields: strings(p.scopeFields, `${at}.scopeFields`) } };
  }
  if (kind === "stored_bytes") {
    if (f.params === null) return { kind, params: null };
    const p = exactObject(f.params, ["gasPerUnit", "unit"], at);
    return { kind, params: { gasPerUnit: u64(p.gasPerUnit, `${at}.gasPerUnit`), unit: expectString(p.unit, `${at}.unit`) } };
  }
  if (kind !== "repeated_len") throw new Error(`${path}.kind: unknown gas function ${kind}`);
  if (f.params === null) return { kind, params: null };
  const p = exactObject(f.params, ["gasPerUnit", "field"], at);
  return { kind, params: { gasPerUnit: u64(p.gasPerUnit, `${at}.gasPerUnit`), field: expectString(p.field, `${at}.field`) } };
}

/** The suite's FeeParams; each entry's `at` is its Go index (the flat path names only the port's refusals, not Go's error). */
function feeParams(v: Json | undefined, path: string): FeeParams | null {
  if (v === null) return null;
  const o = exactObject(v, ["minGasPriceNgonka", "enabledFeeGroups", "groups"], path);
  const groups = o.groups === null ? [] : expectArray(o.groups, `${path}.groups`);
  return {
    minGasPriceNgonka: u64(o.minGasPriceNgonka, `${path}.minGasPriceNgonka`),
    enabledFeeGroups: strings(o.enabledFeeGroups, `${path}.enabledFeeGroups`),
    groups: groups.map((g, i): FeeGroup | null => {
      const at = `${path}.groups[${i}]`;
      if (g === null) return null;
      const x = exactObject(g, ["name", "minGasPrice", "base", "msgs"], at);
      const msgs = x.msgs === null ? [] : expectArray(x.msgs, `${at}.msgs`);
      return {
        at,
        name: expectString(x.name, `${at}.name`),
        minGasPrice: u64(x.minGasPrice, `${at}.minGasPrice`),
        base: periodBase(x.base, `${at}.base`),
        msgs: msgs.map((m, j): MsgGasRule | null => {
          const mat = `${at}.msgs[${j}]`;
          if (m === null) return null;
          const r = exactObject(m, ["typeUrl", "base", "func"], mat);
          return { at: mat, typeUrl: expectString(r.typeUrl, `${mat}.typeUrl`), base: periodBase(r.base, `${mat}.base`), func: gasFunc(r.func, `${mat}.func`) };
        }),
      };
    }),
  };
}

export const suites: SuiteTable = {
  v0216_fee_params_validate: {
    run: (input) => {
      const i = exactObject(input, ["feeParams"], "input");
      const v = validateFeeParams(feeParams(i.feeParams, "input.feeParams"));
      if (v === null) return { valid: true };
      if ("unjudged" in v) throw new Error(`not judged by the port: ${v.unjudged.detail}`);
      throw new GoError(v.refusal.rule);
    },
  },
};
