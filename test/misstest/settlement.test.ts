import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { GoError, GoPanic } from "../../src/go/errors.js";
import { parseJson } from "../../src/go/json.js";
import { type ChainDecimal } from "../../src/go/chain-decimal.js";
import { NIL_DEREFERENCE, checkAndPunishForDowntime, checkAndPunishForDowntimeForParticipant, checkAndPunishForDowntimeForParticipants } from "../../src/misstest/check-and-punish-for-downtime.js";
import { decimalToPermilleCeil } from "../../src/misstest/decimal-to-permille-ceil.js";
import { downtimeStep } from "../../src/misstest/downtime-step.js";
import { parseEpochInput, type EpochInput } from "../../src/misstest/epoch-input.js";
import { evaluateEpoch } from "../../src/misstest/evaluate-epoch.js";
import { explainMissedStatTest } from "../../src/misstest/missed-stat-verdict.js";
import { getDynamicP0, type Participant } from "../../src/misstest/get-dynamic-p0.js";
import { hasSignificantMissedValidations } from "../../src/misstest/has-significant-missed-validations.js";
import { settlementValidationParams } from "../../src/misstest/grace-epoch.js";
import { Decimal } from "../../src/go/decimal.js";
import { propertyRuns } from "../helpers/property-runs.js";

const EXAMPLE = join(import.meta.dirname, "..", "..", "examples", "epoch-433.epoch.json");
const dec = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
const stats = (ic: number | bigint, m: number | bigint): Participant => ({
  address: `p${String(ic)}-${String(m)}`,
  currentEpochStats: { inferenceCount: BigInt(ic), missedRequests: BigInt(m) },
});
const permilleOf = (p: ChainDecimal) => Decimal.fromChain(p).toString();

describe("getDynamicP0", () => {
  it("reproduces the chain's TestGetDynamicP0 cases", () => {
    const five = (ic: number, m: number) => Array.from({ length: 5 }, () => stats(ic, m));
    expect(getDynamicP0(five(200, 0), null)).toEqual({ p0: dec(100n, -3), skipPunishment: false });
    const degraded = [stats(220, 30), stats(220, 30), stats(176, 24), stats(132, 18), stats(132, 18)];
    expect(getDynamicP0(degraded, null)).toEqual({ p0: dec(200n, -3), skipPunishment: false });
    expect(getDynamicP0(five(104, 96), null)).toEqual({ p0: dec(500n, -3), skipPunishment: true });
    expect(getDynamicP0([stats(50, 50), stats(50, 50)], null)).toEqual({ p0: dec(100n, -3), skipPunishment: false });
    expect(getDynamicP0(five(200, 0), { binomTestP0: dec(300n, -3) })).toEqual({ p0: dec(300n, -3), skipPunishment: false });
    expect(getDynamicP0(five(200, 0), { binomTestP0: dec(12n, -2) })).toEqual({ p0: dec(200n, -3), skipPunishment: false });
    expect(getDynamicP0(five(6190, 3810), null).skipPunishment).toBe(true); // baseline 381‰
    expect(getDynamicP0(five(124, 76), null)).toEqual({ p0: dec(400n, -3), skipPunishment: false }); // baseline 380‰
    // Governance above 0.5 passes through unchanged and disables the circuit breaker.
    expect(getDynamicP0(five(104, 96), { binomTestP0: dec(6n, -1) })).toEqual({ p0: dec(6n, -1), skipPunishment: false });
  });

  it("is never below the governance p0", () => {
    const participant = fc.record({
      address: fc.constantFrom("a", "b", "c"),
      currentEpochStats: fc.option(fc.record({ inferenceCount: fc.bigInt({ min: 0n, max: 5000n }), missedRequests: fc.bigInt({ min: 0n, max: 5000n }) })),
    });
    const gov = fc.option(fc.record({ value: fc.bigInt({ min: -2000n, max: 2000n }), exponent: fc.integer({ min: -5, max: 0 }) }));
    fc.assert(
      fc.property(fc.array(participant, { maxLength: 12 }), gov, (ps, g) => {
        const r = getDynamicP0(ps, g === null ? null : { binomTestP0: g });
        const chosen = Decimal.fromChain(r.p0);
        if (g !== null) expect(chosen.greaterThanOrEqual(Decimal.fromChain(g))).toBe(true);
        else expect(chosen.greaterThanOrEqual(Decimal.fromChain(dec(100n, -3)))).toBe(true);
      }),
      propertyRuns(500),
    );
  });

  it("decimalToPermilleCeil rounds up to whole permille", () => {
    const cases: [ChainDecimal | null, bigint][] = [
      [null, 0n], [dec(0n, 0), 0n], [dec(5n, -4), 0n], [dec(1n, -3), 1n], [dec(11n, -4), 2n], [dec(1n, -1), 100n],
      [dec(1001n, -4), 101n], [dec(12n, -2), 120n], [dec(5001n, -4), 501n], [dec(-1n, -1), 0n], [dec(1n, 0), 1000n],
    ];
    for (const [p, want] of cases) expect(decimalToPermilleCeil(p)).toBe(want);
  });
});

describe("checkAndPunishForDowntime and the downtime step", () => {
  it("zeroes failures, keeps passes, keeps on Go errors, panics on nil p0", () => {
    expect(checkAndPunishForDowntime(0n, 0n, 500n, dec(1n, -1))).toBe(500n);
    expect(checkAndPunishForDowntime(1497n, 749n, 1000n, dec(100n, -3))).toBe(0n);
    expect(checkAndPunishForDowntime(1497n, 748n, 1000n, dec(500n, -3))).toBe(1000n);
    expect(checkAndPunishForDowntime(100n, 10n, 1000n, dec(1n, 0))).toBe(1000n); // p0 = 1: error → kept
    expect(checkAndPunishForDowntime(1000n, 1n, 1000n, dec(6n, -1))).toBe(0n);
    expect(checkAndPunishForDowntime(1n << 63n, 0n, 7n, dec(1n, -1))).toBe(7n); // int(uint64) wraps negative → error → kept
    expect(checkAndPunishForDowntime(0n, 0n, 7n, null)).toBe(7n);
    expect(() => checkAndPunishForDowntime(1n, 0n, 7n, null)).toThrow(GoPanic);
  });

  it("per participant: total = served + missed; with no requests the reward stays, even with no p0; with requests and no p0, Go's nil dereference", () => {
    const p = (address: string, ic: bigint, missed: bigint): Participant => ({ address, currentEpochStats: { inferenceCount: ic, missedRequests: missed } });
    expect(checkAndPunishForDowntimeForParticipant(p("a", 748n, 749n), 1000n, dec(100n, -3))).toBe(0n);
    expect(checkAndPunishForDowntimeForParticipant(p("a", 749n, 748n), 1000n, dec(500n, -3))).toBe(1000n);
    const rewards = new Map([["a", 5n], ["b", 6n]]);
    checkAndPunishForDowntimeForParticipants([p("a", 0n, 0n), p("b", 0n, 0n), p("c", 0n, 0n)], rewards, null);
    expect([...rewards]).toEqual([["a", 5n], ["b", 6n], ["c", 0n]]);
    expect(() => checkAndPunishForDowntimeForParticipants([p("a", 0n, 0n), p("b", 3n, 0n)], new Map([["b", 6n]]), null)).toThrow(new GoPanic(NIL_DEREFERENCE));
    const paid = new Map([["a", 5n], ["b", 6n]]);
    checkAndPunishForDowntimeForParticipants([p("a", 748n, 749n), p("b", 749n, 748n)], paid, dec(500n, -3));
    expect([...paid]).toEqual([["a", 0n], ["b", 6n]]);
  });

  it("the punishment keeps the reward on the test's Go error only: a panic inside the test goes through, as in Go", () => {
    const p = (address: string, ic: bigint, missed: bigint): Participant => ({ address, currentEpochStats: { inferenceCount: ic, missedRequests: missed } });
    const erring = () => {
      throw new GoError("invalid input");
    };
    const panicking = () => {
      throw new GoPanic("exponent overflows an int32!");
    };
    const kept = new Map([["a", 5n]]);
    checkAndPunishForDowntimeForParticipants([p("a", 3n, 1n)], kept, dec(1n, -1), erring);
    expect([...kept]).toEqual([["a", 5n]]);
    expect(() => checkAndPunishForDowntimeForParticipants([p("a", 3n, 1n)], new Map([["a", 5n]]), dec(1n, -1), panicking)).toThrow(new GoPanic("exponent overflows an int32!"));
  });

  it("grace epochs (p0 0.5) spare 50 missed of 100; without grace they are zeroed", () => {
    const one = [{ address: "h", currentEpochStats: { inferenceCount: 50n, missedRequests: 50n } }];
    const w = new Map([["h", 1000n]]);
    const grace = settlementValidationParams(null, { binomTestP0: dec(5n, -1) });
    expect(downtimeStep(one, grace, w).weights.get("h")).toBe(1000n);
    expect(downtimeStep(one, settlementValidationParams(null, null), w).weights.get("h")).toBe(0n);
    // A grace entry without a p0 changes nothing.
    expect(settlementValidationParams({ binomTestP0: dec(4n, -1) }, { binomTestP0: null })).toEqual({ binomTestP0: dec(4n, -1) });
  });

  it("the claim path uses the raw governance p0 (0.12 takes the direct path), 0.10 by default", () => {
    expect(hasSignificantMissedValidations(14n, 100n, null)).toBe(false);
    expect(hasSignificantMissedValidations(15n, 100n, null)).toBe(true);
    expect(hasSignificantMissedValidations(1n, 400n, { binomTestP0: dec(12n, -2) })).toBe(true); // direct path underflow
  });
});

describe("epoch input and evaluation", () => {
  const example = (): EpochInput => parseEpochInput(parseJson(readFileSync(EXAMPLE, "utf8")), EXAMPLE);

  it("the example epoch zeroes only the 749-of-1497 host, at p0 0.1 (mainnet's) chosen over the 50‰ network table", () => {
    const e = evaluateEpoch(example());
    expect(e.epoch).toBe(433n);
    expect(permilleOf(e.p0)).toBe("0.1");
    expect(e.dynamicP0.reason).toBe("dynamic");
    expect(e.dynamicP0.baselinePermille).toBe(17n);
    expect(e.dynamicP0.selectedTablePermille).toBe(50n);
    expect(e.skipPunishment).toBe(false);
    expect(e.zeroed).toEqual(["gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x"]);
    const host = e.participants[1]!;
    expect(host.total).toBe(1497n);
    expect(host.verdict?.path).toBe("ratio-rule");
    expect(host.verdict?.maxAllowedMissed).toBe(149n);
    expect(host.exact && "criticalValue" in host.exact ? host.exact.criticalValue : null).toBe(169n);
    expect(e.rewards?.get(host.address)).toBe(0n);
  });

  it("evaluateEpoch's rewards equal the Go-faithful downtime step (duplicates and missing weights included), each row's verdict the test of its counts", () => {
    // (now and then a count past int64: Go's int() wraps it negative and the test errs, the reward
    // kept; and zero counts, for rows without requests between tested ones)
    const big = (max: bigint) =>
      fc.oneof({ weight: 7, arbitrary: fc.bigInt({ min: 0n, max }) }, { weight: 2, arbitrary: fc.constant(0n) }, { weight: 1, arbitrary: fc.bigInt({ min: 1n << 63n, max: (1n << 64n) - 1n }) });
    const p = fc.record({
      address: fc.constantFrom("a", "b", "c", "d", "e", "f"),
      currentEpochStats: fc.record({ inferenceCount: big(3000n), missedRequests: big(1500n) }),
    });
    const w = fc.dictionary(fc.constantFrom("a", "b", "c", "x"), fc.bigInt({ min: 0n, max: 10n ** 6n }));
    const gov = fc.option(fc.record({ value: fc.bigInt({ min: 1n, max: 999n }), exponent: fc.constant(-3) }));
    fc.assert(
      fc.property(fc.array(p, { maxLength: 9 }), w, gov, (ps, weights, g) => {
        const input: EpochInput = { epoch: 1n, validationParams: { binomTestP0: g }, graceEpoch: null, participants: ps, rewards: new Map(Object.entries(weights)) };
        const e = evaluateEpoch(input, { exact: false });
        const step = downtimeStep(ps, input.validationParams, input.rewards!);
        expect(e.rewards).toEqual(step.weights);
        expect(e.p0).toEqual(step.p0);
        for (const pe of e.participants) {
          if (pe.outcome === "zeroed") expect(pe.rewardAfter).toBe(0n);
          if (e.skipPunishment || pe.total === 0n) expect(pe.verdict).toBeUndefined();
          else {
            const v = explainMissedStatTest(BigInt.asIntN(64, pe.missed!), BigInt.asIntN(64, pe.total!), Decimal.fromChain(e.p0));
            expect(pe.verdict).toEqual(v);
            expect(pe.outcome).toBe(v.error !== undefined ? "kept-error" : v.passed ? "kept" : "zeroed");
          }
        }
      }),
      propertyRuns(200),
    );
  });

  it("names Go's nil-stats panic, unless the circuit breaker skips the loop", () => {
    const input = example();
    input.participants.push({ address: "ghost", currentEpochStats: null });
    expect(() => evaluateEpoch(input)).toThrow(/participants\[10\].*currentEpochStats null/);
    const outage: EpochInput = {
      ...input,
      participants: [...Array.from({ length: 5 }, () => stats(104, 96)), { address: "ghost", currentEpochStats: null }],
    };
    const e = evaluateEpoch(outage);
    expect(e.skipPunishment).toBe(true);
    expect(e.participants.every((p) => p.outcome === "not-tested")).toBe(true);
  });

  it("rejects bad files with the path and the value", () => {
    const bad = (doc: string) => () => parseEpochInput(parseJson(doc), "f.json");
    expect(bad(`{"participants": []}`)).toThrow(/f\.json\.epoch: missing/);
    expect(bad(`{"epoch": 1, "participants": [{"address": "a", "currentEpochStats": {"inferenceCount": -3, "missedRequests": 0}}]}`)).toThrow(
      /f\.json\.participants\[0\]\.currentEpochStats\.inferenceCount: .*-3/,
    );
    expect(bad(`{"epoch": 1, "participants": [], "validationParams": {"binomTestP0": {"value": 1.5, "exponent": -1}}}`)).toThrow(
      /validationParams\.binomTestP0\.value: expected an integer, got 1\.5/,
    );
    expect(bad(`{"epoch": 1, "participants": [], "rewards": {"a": "x"}}`)).toThrow(/f\.json\.rewards\.a/);
    expect(bad(`{"epoch": 1, "participants": [], "typo": 1}`)).toThrow(/unexpected field "typo"/);
    expect(bad(`{"epoch": 1, "participants": [{"address": "a"}]}`)).toThrow(/participants\[0\]\.currentEpochStats: missing/);
    expect(bad(`[]`)).toThrow(InputError);
  });
});
