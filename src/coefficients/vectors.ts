/**
 * Replays of the v0.2.16 controller suites compiled from the release Go (test/vectors/go-v0.2.16/):
 * v0216_coefficients_calculate, v0216_coefficients_freeze, v0216_upgrade_coefficients.
 */
import { compareGoStrings } from "../go/bytes.js";
import { INT64_MAX, INT64_MIN, UINT64_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import type { LegacyDec } from "../go/legacy-dec.js";
import { exactObject, expectArray, expectBoolean, expectObject, expectString, type JsonObject } from "../json-input.js";
import { intField } from "../vectors/spec-suite.js";
import type { SuiteTable } from "../vectors/types.js";
import { calculate } from "./calculate.js";
import { coefficientParamsJson, paramsJson, readCoefficientParams, readParams, readScale, readScales, scaleJson } from "./coefficients-json.js";
import { freeze } from "./freeze.js";
import { governanceCoefficients } from "./governance-coefficients.js";
import { migrateCoefficientsAtUpgrade } from "./migrate-dynamic-coefficient-params.js";

/** model → LegacyDec text, keys in Go's sorted order. */
const decMap = (m: ReadonlyMap<string, LegacyDec>): JsonObject => Object.fromEntries([...m.keys()].sort(compareGoStrings).map((k) => [k, m.get(k)!.toString()]));

/** map[string]int64 as an object (a missing key reads 0 in Go). */
function rawTotals(v: Json | undefined, path: string): Map<string, bigint> {
  const o = expectObject(v, path);
  return new Map(Object.keys(o).map((k) => [k, intField(o[k], `${path}.${k}`, INT64_MIN, INT64_MAX)]));
}

export const suites: SuiteTable = {
  v0216_coefficients_calculate: {
    run: (input) => {
      const i = exactObject(input, ["params", "frozenScales", "previousScales", "previousRawTotals", "currentRawTotals", "participantModelIds", "hasPriorTotals"], "input");
      const params = readParams(i.params, "input.params");
      const r = calculate({
        params,
        frozenScales: readScales(i.frozenScales, "input.frozenScales"),
        previousScales: readScales(i.previousScales, "input.previousScales"),
        previousRawTotals: rawTotals(i.previousRawTotals, "input.previousRawTotals"),
        currentRawTotals: rawTotals(i.currentRawTotals, "input.currentRawTotals"),
        participantModelIds: i.participantModelIds === null ? [] : expectArray(i.participantModelIds, "input.participantModelIds").map((s, k) => expectString(s, `input.participantModelIds[${k}]`)),
        hasPriorTotals: expectBoolean(i.hasPriorTotals, "input.hasPriorTotals"),
      });
      // the legacy path returns Go's nil ClampedModels
      return { effective: decMap(r.effective), scales: r.scales.map(scaleJson), clampedModels: params === null ? null : r.clampedModels };
    },
  },
  v0216_coefficients_freeze: {
    run: (input) => {
      const i = exactObject(input, ["pocParams"], "input");
      const p = readCoefficientParams(i.pocParams, "input.pocParams", false);
      const f = freeze(p);
      // FrozenConfig{} for nil params: nil Scales
      return { frozen: { params: paramsJson(f.params), scales: p === null ? null : f.scales.map(scaleJson) }, governanceCoefficients: decMap(governanceCoefficients(p)) };
    },
  },
  v0216_upgrade_coefficients: {
    run: (input) => {
      const i = exactObject(input, ["pocParams", "initialModelId", "effectiveEpochIndex", "currentEpochScales"], "input");
      const params = readCoefficientParams(i.pocParams, "input.pocParams", true);
      const r = migrateCoefficientsAtUpgrade({
        params,
        initialModelId: expectString(i.initialModelId, "input.initialModelId"),
        effectiveEpochIndex: i.effectiveEpochIndex === null ? null : intField(i.effectiveEpochIndex, "input.effectiveEpochIndex", 0n, UINT64_MAX),
        currentEpochScales: i.currentEpochScales === null ? null : expectArray(i.currentEpochScales, "input.currentEpochScales").map((s, k) => readScale(s, `input.currentEpochScales[${k}]`)),
      });
      return { pocParams: r.params === null ? null : coefficientParamsJson(r.params), currentEpochScales: r.currentEpochScales === null ? null : r.currentEpochScales.map(scaleJson) };
    },
  },
};
