// Which side of max(governance table, dynamic table) set the p0: every branch, with both sides' numbers.
import { describe, expect, it } from "vitest";
import { explainDynamicP0, type Participant } from "../../src/misstest/get-dynamic-p0.js";
import { p0Decision } from "../../src/misstest/p0-decision.js";

/** `n` participants with `missed` of `total` requests each. */
const net = (n: number, missed: bigint, total: bigint): Participant[] =>
  Array.from({ length: n }, (_, i) => ({ address: `p${i}`, currentEpochStats: { inferenceCount: total - missed, missedRequests: missed } }));
const p0 = (value: bigint, exponent: number) => ({ binomTestP0: { value, exponent } });

describe("p0Decision", () => {
  it("governance above the dynamic table (epoch 249's case: 25‰ + 20‰ = 45‰ → 50‰ table, governance 100‰)", () => {
    const d = p0Decision(explainDynamicP0(net(10, 25n, 1000n), p0(1n, -1)), false);
    expect(d).toMatchObject({ decidedBy: "governance", governancePermille: 100n, dynamicTablePermille: 50n, missSharePermille: 25n, targetPermille: 45n });
    expect(d.words).toBe("governance: its 100‰ table is above the dynamic 50‰ table, from network miss share 25‰ + 20‰ margin = 45‰");
  });

  it("the dynamic table above governance", () => {
    const d = p0Decision(explainDynamicP0(net(10, 70n, 1000n), p0(5n, -2)), false);
    expect(d).toMatchObject({ decidedBy: "dynamic-table", governancePermille: 50n, dynamicTablePermille: 100n, targetPermille: 90n });
    expect(d.words).toBe("dynamic table: network miss share 70‰ + 20‰ margin = 90‰ → the 100‰ table, above governance's 50‰");
  });

  it("both sides on the same table", () => {
    expect(p0Decision(explainDynamicP0(net(10, 25n, 1000n), p0(5n, -2)), false).decidedBy).toBe("governance-and-dynamic-table");
  });

  it("the circuit breaker, with the margin capped at 500‰", () => {
    const d = p0Decision(explainDynamicP0(net(10, 600n, 1000n), p0(1n, -1)), false);
    expect(d).toMatchObject({ decidedBy: "circuit-breaker", dynamicTablePermille: 500n, missSharePermille: 600n, targetPermille: 500n });
    expect(d.words).toBe("circuit breaker: network miss share 600‰ + 20‰ margin capped at 500‰ reaches the 500‰ table, so nobody is punished (governance's table 100‰)");
  });

  it("a grace epoch's p0 takes governance's side", () => {
    const d = p0Decision(explainDynamicP0(net(10, 25n, 1000n), p0(3n, -1)), true);
    expect(d.decidedBy).toBe("grace-epoch");
    expect(d.words).toMatch(/^the grace epoch's p0: its 300‰ table is above the dynamic 50‰ table/);
  });

  it("no comparison: too few requests, or governance above 500‰", () => {
    const gate = p0Decision(explainDynamicP0(net(4, 25n, 1000n), p0(1n, -1)), false);
    expect(gate).toMatchObject({ decidedBy: "governance", dynamicTablePermille: null, missSharePermille: null });
    expect(gate.words).toBe("governance: its 100‰ table; no dynamic p0, the network's 4,000 requests from 4 participants are under the minimum of 1,000 requests from 5 participants");
    const high = p0Decision(explainDynamicP0(net(10, 25n, 1000n), p0(6n, -1)), false);
    expect(high).toMatchObject({ decidedBy: "governance", governancePermille: 600n, dynamicTablePermille: null });
  });
});
