/**
 * NewStateMachine's session and tokenCost (escrow-state.ts): the tag a session gets without one, the
 * creation fee it refuses, and the two uint64 overflows of a cost, each with its sentinel and Go text.
 */
import { describe, expect, it } from "vitest";
import { UINT64_MAX } from "../../src/go/int64.js";
import { DevshardError } from "../../src/votes/devshard-errors.js";
import { DEVSHARD_RULES } from "../../src/votes/devshard-rules.js";
import { defaultSessionConfig } from "../../src/votes/session-config.js";
import { applyLocal, computeStateRoot, newEscrowState, tokenCost } from "../../src/votes/state-machine.js";

const G3 = ["gonka1a", "gonka1b", "gonka1a"];
const params = { escrowId: "escrow-1", config: defaultSessionConfig(3), group: G3, balance: 20_000n, userAddress: "gonka1user" };

function thrown(f: () => unknown): DevshardError {
  try {
    f();
  } catch (e) {
    if (e instanceof DevshardError) return e;
    throw e;
  }
  throw new Error("expected a DevshardError");
}

describe("newEscrowState (state.NewStateMachine)", () => {
  it("a session without a tag is a v2 session: the tag hashed into the root and the rules it selects", () => {
    const st = newEscrowState(params);
    expect(st.session.stateRootAndProtocolVersion).toBe("v2");
    expect(st.session.rules).toBe(DEVSHARD_RULES.v2);
    expect(computeStateRoot(st)).toEqual(computeStateRoot(newEscrowState({ ...params, stateRootAndProtocolVersion: "v2" })));
    expect(st.session.addressToSlots.get("gonka1a")).toEqual([0, 2]);
    expect(st.session.addressToSlotCount.get("gonka1a")).toBe(2);
    expect(st.balance).toBe(10_000n);
    expect(st.fees).toBe(10_000n);
  });

  it("refuses an escrow below the creation fee with ErrInsufficientBalance and Go's text", () => {
    const e = thrown(() => newEscrowState({ ...params, balance: 9_999n }));
    expect(e.sentinel).toBe("ErrInsufficientBalance");
    expect(e.message).toBe("insufficient escrow balance: create devshard fee 10000 exceeds escrow amount 9999");
    expect(newEscrowState({ ...params, balance: 10_000n }).balance).toBe(0n);
  });
});

describe("tokenCost (state.tokenCost)", () => {
  it("is (a + b) * price", () => {
    expect(tokenCost(3n, 4n, 5n)).toBe(35n);
    expect(tokenCost(UINT64_MAX, 0n, 1n)).toBe(UINT64_MAX);
  });

  it("refuses a token sum past uint64 even at price 0", () => {
    const e = thrown(() => tokenCost(UINT64_MAX, 1n, 0n));
    expect(e.sentinel).toBe("ErrCostOverflow");
    expect(e.message).toBe("cost calculation overflows uint64");
    expect(tokenCost(UINT64_MAX - 1n, 1n, 0n)).toBe(0n);
  });

  it("refuses a product past uint64", () => {
    const half = (UINT64_MAX + 1n) / 2n;
    const e = thrown(() => tokenCost(half, 0n, 2n));
    expect(e.sentinel).toBe("ErrCostOverflow");
    expect(e.message).toBe("cost calculation overflows uint64");
    expect(tokenCost(half - 1n, 0n, 2n)).toBe(UINT64_MAX - 1n);
  });

  it("a start whose reserved cost overflows fails its diff with ErrCostOverflow", () => {
    const st = newEscrowState({ ...params, config: { ...defaultSessionConfig(3), createDevshardFee: 0n, feePerNonce: 0n, tokenPrice: 2n } });
    const start = { type: "start" as const, inferenceId: 1n, promptHash: Uint8Array.of(1), model: "llama", inputLength: UINT64_MAX / 2n + 1n, maxTokens: 0n, startedAt: 1000n };
    const out = applyLocal(st, 1n, [start]);
    expect(out.error?.sentinel).toBe("ErrCostOverflow");
    expect(out.state).toBe(st);
  });
});
