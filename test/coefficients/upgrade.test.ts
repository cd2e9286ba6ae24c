// The v0.2.16 upgrade's first coefficient configuration from mainnet's v0.2.15 scales (release notes at
// gonka-ai/gonka@136041c8: MiniMax fixed at 0.3024; GLM 0.558–0.682, difficulty 2.668169014084; DeepSeek
// 0.2214–0.2706, 1.541666666666; equal targets), and the controller's first two epochs after it, which the
// maintainers' memo read on mainnet at epoch 420 (MiniMax 0.3024, DeepSeek 0.2706).
import { describe, expect, it } from "vitest";
import { calculate } from "../../src/coefficients/calculate.js";
import { legacyScale, type CoefficientParams, type ConfirmationWeightScale } from "../../src/coefficients/confirmation-weight-scale.js";
import { freeze } from "../../src/coefficients/freeze.js";
import { migrateCoefficientsAtUpgrade } from "../../src/coefficients/migrate-dynamic-coefficient-params.js";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import { GoError, GoPanic } from "../../src/go/errors.js";

const MINIMAX = "MiniMaxAI/MiniMax-M2.7";
const GLM = "zai-org/GLM-5.3-Flash";
const DEEPSEEK = "deepseek-ai/DeepSeek-V4-Flash-0731";
const dec = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });

/** v0.2.15's PocParams on mainnet: three models with their weight scale factors. */
const v0215: CoefficientParams = {
  dynamicCoefficientParams: null,
  weightScaleFactor: dec(1n, 0),
  models: [
    { modelId: MINIMAX, weightScaleFactor: dec(3024n, -4), dynamicCoefficient: null },
    { modelId: GLM, weightScaleFactor: dec(62n, -2), dynamicCoefficient: null },
    { modelId: DEEPSEEK, weightScaleFactor: dec(246n, -3), dynamicCoefficient: null },
  ],
};
/** The upgrade epoch's scales (v0.2.15 wrote those of models with voting power; GLM had none). */
const upgradeEpoch: ConfirmationWeightScale[] = [legacyScale(MINIMAX, dec(3024n, -4)), legacyScale(DEEPSEEK, dec(246n, -3))];

describe("the v0.2.16 upgrade's coefficient configuration, from v0.2.15's mainnet params", () => {
  const r = migrateCoefficientsAtUpgrade({ params: v0215, initialModelId: MINIMAX, effectiveEpochIndex: 418n, currentEpochScales: upgradeEpoch });
  const cfg = (id: string) => r.params!.models!.find((m) => m?.modelId === id)!.dynamicCoefficient!;

  it("gives each model the release notes' range, difficulty and an equal target (the remainder to MiniMax)", () => {
    expect(cfg(MINIMAX)).toEqual({ coeffMin: dec(3024n, -4), coeffMax: dec(3024n, -4), relativeDifficulty: dec(1n, 0), targetShareBps: 3334n });
    expect(cfg(GLM)).toEqual({ coeffMin: dec(558n, -3), coeffMax: dec(682n, -3), relativeDifficulty: dec(2668169014084n, -12), targetShareBps: 3333n });
    expect(cfg(DEEPSEEK)).toEqual({ coeffMin: dec(2214n, -4), coeffMax: dec(2706n, -4), relativeDifficulty: dec(1541666666666n, -12), targetShareBps: 3333n });
    expect(r.params!.dynamicCoefficientParams).toEqual({ targetZoneBps: 500n, stepMin: dec(5n, -3), stepMax: dec(5n, -2), bootstrapStepMax: dec(25n, -2), bootstrapShareBps: 100n });
    expect(r.params!.weightScaleFactor).toBeNull();
    for (const m of r.params!.models!) expect(m!.weightScaleFactor).toBeNull();
  });

  it("keeps the upgrade epoch's weights: its old factors become its effective coefficients, and GLM joins excluded at {0,0}", () => {
    expect(r.currentEpochScales).toEqual([
      { ...legacyScale(MINIMAX, null), effectiveCoefficient: dec(3024n, -4), baseCoefficient: dec(3024n, -4), adaptiveStep: dec(25n, -3) },
      { ...legacyScale(DEEPSEEK, null), effectiveCoefficient: dec(246n, -3), baseCoefficient: dec(246n, -3), adaptiveStep: dec(25n, -3) },
      { ...legacyScale(GLM, null), effectiveCoefficient: dec(0n, 0), excludeFromConfirmation: true, baseCoefficient: dec(62n, -2), adaptiveStep: dec(25n, -3) },
    ]);
  });

  it("then two epochs with DeepSeek below its target: 0.246 → 0.2583 → 0.2706 (its maximum), MiniMax stays 0.3024, as the memo read at epoch 420", () => {
    const frozen = freeze(r.params);
    // MiniMax carries most of the compute, DeepSeek ~10 %, GLM ~5 %: both below target - zone
    const raw = new Map([[MINIMAX, 850_000n], [DEEPSEEK, 100_000n], [GLM, 20_000n]]);
    const step = (previous: (ConfirmationWeightScale | null)[]) =>
      calculate({ params: frozen.params, frozenScales: frozen.scales, previousScales: previous, previousRawTotals: raw, currentRawTotals: raw, participantModelIds: [MINIMAX, DEEPSEEK, GLM], hasPriorTotals: true });
    const e419 = step(r.currentEpochScales!);
    expect(e419.effective.get(DEEPSEEK)!.toString()).toBe("0.258300000000000000");
    expect(e419.effective.get(GLM)!.toString()).toBe("0.651000000000000000");
    expect(e419.effective.get(MINIMAX)!.toString()).toBe("0.302400000000000000");
    const e420 = step(e419.scales);
    expect(e420.effective.get(DEEPSEEK)!.toString()).toBe("0.270600000000000000");
    expect(e420.effective.get(MINIMAX)!.toString()).toBe("0.302400000000000000");
    expect(e420.scales.find((s) => s.modelId === DEEPSEEK)).toMatchObject({ prevSign: 1, adaptiveStep: dec(5n, -2) }); // doubled to 0.1, capped at step_max
  });

  it("refuses what the handler refuses, in its words, and panics where it does", () => {
    const bad = (p: CoefficientParams, initial = MINIMAX, scales: ConfirmationWeightScale[] | null = upgradeEpoch, epoch: bigint | null = 418n) =>
      () => migrateCoefficientsAtUpgrade({ params: p, initialModelId: initial, effectiveEpochIndex: epoch, currentEpochScales: scales });
    expect(bad(v0215, "nope")).toThrow(new GoError('dynamic coefficient migration produced invalid params: delegation initial_model_id "nope" not found in poc_params models'));
    expect(bad(v0215, MINIMAX, upgradeEpoch, null)).toThrow(new GoError("cannot seed coefficient state: effective epoch index not found"));
    expect(bad(v0215, MINIMAX, null)).toThrow(new GoError("cannot seed coefficient state: current epoch 418 has no root epoch group data"));
    const deepseekLow = { ...v0215, models: [...v0215.models!.slice(0, 2), { modelId: DEEPSEEK, weightScaleFactor: dec(1n, -1), dynamicCoefficient: null }] };
    expect(bad(deepseekLow)).toThrow(new GoError(`dynamic coefficient migration model "${DEEPSEEK}": current coefficient +/-10% does not overlap benchmark bounds`));
    expect(bad({ ...v0215, models: [...v0215.models!, null] })).toThrow(new GoError("dynamic coefficient migration produced invalid params: poc_params.models cannot contain nil entries"));
    expect(bad({ ...v0215, models: [...v0215.models!, v0215.models![0]!] })).toThrow(GoPanic);
    // already migrated: only the deprecated factors are cleared
    const again = migrateCoefficientsAtUpgrade({ params: r.params, initialModelId: MINIMAX, effectiveEpochIndex: 418n, currentEpochScales: r.currentEpochScales });
    expect(again.params).toBe(r.params);
    // already migrated with a deprecated factor left over: the factors are cleared, the dynamic configs kept as they are
    const stray = { ...r.params!, weightScaleFactor: dec(1n, 0), models: r.params!.models!.map((m, i) => (i === 0 ? { ...m!, weightScaleFactor: dec(3024n, -4) } : m)) };
    const cleared = migrateCoefficientsAtUpgrade({ params: stray, initialModelId: MINIMAX, effectiveEpochIndex: 418n, currentEpochScales: r.currentEpochScales });
    expect(cleared.params).toEqual(r.params);
    // no effective epoch index: the stored scales are not read (nothing seeded, nothing migrated)
    expect(migrateCoefficientsAtUpgrade({ params: r.params, initialModelId: MINIMAX, effectiveEpochIndex: null, currentEpochScales: upgradeEpoch }).currentEpochScales).toBeNull();
    // only the params-level factor left over: still cleared; no stored scales at the upgrade epoch: none written
    const topOnly = migrateCoefficientsAtUpgrade({ params: { ...r.params!, weightScaleFactor: dec(1n, 0) }, initialModelId: MINIMAX, effectiveEpochIndex: 418n, currentEpochScales: null });
    expect(topOnly.params).toEqual(r.params);
    expect(topOnly.currentEpochScales).toBeNull();
    // a nil entry among the stored scales stays nil (migrateCurrentEffectiveCoefficients skips it)
    const withNil = migrateCoefficientsAtUpgrade({ params: r.params, initialModelId: MINIMAX, effectiveEpochIndex: 418n, currentEpochScales: [null, ...upgradeEpoch] });
    expect(withNil.currentEpochScales).toEqual([null, ...upgradeEpoch.map((s) => ({ ...s, effectiveCoefficient: s.weightScaleFactor, weightScaleFactor: null }))]);
  });
});
