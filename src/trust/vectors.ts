/**
 * Replays of the v0.2.16 trusted-weight suites compiled from the release Go (test/vectors/go-v0.2.16/):
 * v0216_previous_epoch_cap and v0216_previous_confirmed_weights.
 */
import { compareGoStrings } from "../go/bytes.js";
import { INT64_MAX, INT64_MIN, UINT64_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { exactObject, expectArray, expectBoolean, expectObject, expectString, type JsonObject } from "../json-input.js";
import { readScales } from "../coefficients/coefficients-json.js";
import { resolveTrustWeights } from "../preserved/resolve-trust-weights.js";
import type { SettlementMLNode } from "../settlement/settlement-types.js";
import { chainDecimalField, intField } from "../vectors/spec-suite.js";
import type { SuiteTable } from "../vectors/types.js";
import { getPreviousConfirmedWeights } from "./build-previous-confirmed-weight-caps.js";
import { capWeightsAtFormation } from "./cap-weights-at-formation.js";
import type { PreviousConfirmedWeights, TrustParticipant } from "./trust-types.js";

const int64 = (v: Json | undefined, path: string): bigint => intField(v, path, INT64_MIN, INT64_MAX);
const strings = (v: Json | undefined, path: string): string[] => expectArray(v, path).map((s, i) => expectString(s, `${path}[${i}]`));

/** map[string]int64, keys in Go's sorted order. */
const weightsJson = (m: ReadonlyMap<string, bigint>): JsonObject => Object.fromEntries([...m.keys()].sort(compareGoStrings).map((k) => [k, m.get(k)!]));

/** map[string]int64 (null: Go's nil map, read as empty). */
function weightMap(v: Json | undefined, path: string): Map<string, bigint> {
  if (v === null) return new Map();
  const o = expectObject(v, path);
  return new Map(Object.keys(o).map((k) => [k, int64(o[k], `${path}.${k}`)]));
}

export const suites: SuiteTable = {
  v0216_previous_epoch_cap: {
    run: (input) => {
      const i = exactObject(input, ["participants", "previous", "failed", "usedFallback", "maxIndividualPowerPercentage", "capWeightApplied"], "input");
      const participants = expectArray(i.participants, "input.participants").map((p, k): TrustParticipant | null => {
        if (p === null) return null;
        const o = exactObject(p, ["index", "weight"], `input.participants[${k}]`);
        return { index: expectString(o.index, `input.participants[${k}].index`), weight: int64(o.weight, `input.participants[${k}].weight`), capWeight: 0n };
      });
      let previous: PreviousConfirmedWeights | null = null;
      if (i.previous !== null) {
        const o = exactObject(i.previous, ["epochIndex", "weights", "totalWeight"], "input.previous");
        previous = { epochIndex: intField(o.epochIndex, "input.previous.epochIndex", 0n, UINT64_MAX), weights: weightMap(o.weights, "input.previous.weights"), totalWeight: int64(o.totalWeight, "input.previous.totalWeight") };
      }
      const r = capWeightsAtFormation({
        participants,
        previous,
        failed: i.failed === null ? null : new Set(strings(i.failed, "input.failed")),
        usedFallback: expectBoolean(i.usedFallback, "input.usedFallback"),
        maxIndividualPowerPercentage: chainDecimalField(i.maxIndividualPowerPercentage, "input.maxIndividualPowerPercentage"),
      });
      const pp = r.pipelinePrevious;
      return {
        capWeights: r.participants.map((p) => (p === null ? null : p.capWeight)),
        pipelinePrevious: pp === null ? null : { weights: weightsJson(pp.weights), totalWeight: pp.totalWeight },
        zeroTrustFallbackApplied: r.zeroTrustFallbackApplied,
        trustWeights: weightsJson(resolveTrustWeights(r.participants, expectBoolean(i.capWeightApplied, "input.capWeightApplied"))),
      };
    },
  },
  v0216_previous_confirmed_weights: {
    run: (input) => {
      const i = exactObject(input, ["effectiveEpochIndex", "rootEpochIndex", "rootValidationWeights", "liveMembers", "confirmationWeightScales", "subgroups"], "input");
      const node = (n: Json, path: string): SettlementMLNode | null => (n === null ? null : { nodeId: "", pocWeight: int64(exactObject(n, ["pocWeight"], path).pocWeight, `${path}.pocWeight`), throughput: 0n, timeslotAllocation: [] });
      const r = getPreviousConfirmedWeights(i.effectiveEpochIndex === null ? null : intField(i.effectiveEpochIndex, "input.effectiveEpochIndex", 0n, UINT64_MAX), {
        epochIndex: intField(i.rootEpochIndex, "input.rootEpochIndex", 0n, UINT64_MAX),
        validationWeights: expectArray(i.rootValidationWeights, "input.rootValidationWeights").map((v, k) => {
          if (v === null) return null;
          const p = `input.rootValidationWeights[${k}]`;
          const o = exactObject(v, ["memberAddress", "weight", "confirmationWeight"], p);
          return { memberAddress: expectString(o.memberAddress, `${p}.memberAddress`), weight: int64(o.weight, `${p}.weight`), confirmationWeight: int64(o.confirmationWeight, `${p}.confirmationWeight`), mlNodes: [] };
        }),
        liveMembers: new Set(strings(i.liveMembers, "input.liveMembers")),
        confirmationWeightScales: readScales(i.confirmationWeightScales, "input.confirmationWeightScales"),
        subgroups: (i.subgroups === null ? [] : expectArray(i.subgroups, "input.subgroups")).map((g, k) => {
          const p = `input.subgroups[${k}]`;
          const o = exactObject(g, ["modelId", "validationWeights"], p);
          return {
            modelId: expectString(o.modelId, `${p}.modelId`),
            validationWeights: (o.validationWeights === null ? [] : expectArray(o.validationWeights, `${p}.validationWeights`)).map((w, j) => {
              if (w === null) return null;
              const q = `${p}.validationWeights[${j}]`;
              const wo = exactObject(w, ["memberAddress", "mlNodes"], q);
              return { memberAddress: expectString(wo.memberAddress, `${q}.memberAddress`), mlNodes: (wo.mlNodes === null ? [] : expectArray(wo.mlNodes, `${q}.mlNodes`)).map((n, m) => node(n, `${q}.mlNodes[${m}]`)) };
            }),
          };
        }),
      });
      return r === null ? { weights: null, totalWeight: null } : { weights: weightsJson(r.weights), totalWeight: r.totalWeight };
    },
  },
};
