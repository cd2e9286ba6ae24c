// The validating epoch-input reader (src/misstest/epoch-input.ts) on its own: each refusal's exact line
// (wording, field path, value), what the strict reading refuses and the lenient one (the Go vectors'
// inputs) takes, the grace epoch's optional window, and the reward weights' sign; then the same
// refusals through `gonka-spec miss-test --epoch FILE` (one line on stderr, exit 2), where the typed
// text reader hands these files to this one.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { InputError } from "../../src/errors.js";
import type { Json } from "../../src/go/json.js";
import { parseEpochInput, parseGraceEpoch, parseParticipants, parseValidationParams, type EpochInput } from "../../src/misstest/epoch-input.js";
import { bech32Encode } from "../../src/preserved/bech32.js";

/** A valid gonka address per seed (bech32 of 32 five-bit groups). */
const address = (seed: number): string => bech32Encode("gonka", Array.from({ length: 32 }, (_, i) => (i * 7 + seed) % 32));
const A = address(1);
const B = address(2);
const stats = (inferenceCount: Json, missedRequests: Json): Json => ({ inferenceCount, missedRequests });

/** A small epoch document the strict reader takes, with `over` replacing or adding top-level fields. */
function doc(over: { [k: string]: Json | undefined } = {}): Json {
  const d: { [k: string]: Json } = {
    epoch: 7,
    validationParams: { binomTestP0: { value: 1, exponent: -1 } },
    graceEpoch: null,
    participants: [
      { address: A, currentEpochStats: stats(10, 1) },
      { address: B, currentEpochStats: null },
    ],
    rewards: { [A]: 100, [B]: 200 },
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete d[k];
    else d[k] = v;
  }
  return d;
}

/** The InputError's whole message (path and text), failing the test if `f` returns or throws anything else. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("expected an InputError, the input was accepted");
}
const strict = (d: Json): EpochInput => parseEpochInput(d, "f");
const lenient = (d: Json): EpochInput => parseEpochInput(d, "f", { strict: false });

describe("parseEpochInput: the document and its top-level fields", () => {
  it("reads the small document: epoch, p0, participants in order, rewards in order, no warnings", () => {
    const v = strict(doc());
    expect(v.epoch).toBe(7n);
    expect(v.validationParams).toEqual({ binomTestP0: { value: 1n, exponent: -1 } });
    expect(v.graceEpoch).toBeNull();
    expect(v.participants).toEqual([
      { address: A, currentEpochStats: { inferenceCount: 10n, missedRequests: 1n } },
      { address: B, currentEpochStats: null },
    ]);
    expect([...v.rewards!]).toEqual([
      [A, 100n],
      [B, 200n],
    ]);
    expect("warnings" in v).toBe(false);
  });

  it("refuses a document that is not an object", () => {
    expect(refusal(() => strict(5))).toBe("f: expected an epoch object, got 5");
    expect(refusal(() => strict([]))).toBe("f: expected an epoch object, got []");
    expect(refusal(() => strict(null))).toBe("f: expected an epoch object, got null");
  });

  it("refuses an unknown top-level field, listing the fields the format has", () => {
    expect(refusal(() => strict(doc({ epochs: 7 })))).toBe(
      'f: unexpected field "epochs" (expected epoch, validationParams, graceEpoch, participants, rewards, weights, comment, reward, chain)',
    );
  });

  it("refuses rewards and weights together, takes either alone under its own name", () => {
    expect(refusal(() => strict(doc({ weights: { [A]: 1 } })))).toBe("f: give either rewards or weights (the same thing), not both");
    expect([...strict(doc({ rewards: undefined, weights: { [A]: 5 } })).rewards!]).toEqual([[A, 5n]]);
    expect(strict(doc({ rewards: undefined })).rewards).toBeNull();
    expect(strict(doc({ rewards: null })).rewards).toBeNull();
  });

  it("names the epoch field of a bad epoch", () => {
    expect(refusal(() => strict(doc({ epoch: "seven" })))).toBe('f.epoch: expected an integer, got "seven"');
    expect(refusal(() => strict(doc({ epoch: -1 })))).toBe("f.epoch: -1 does not fit in uint64");
  });

  it("rewards: an object of non-negative integers, each refusal naming its key under rewards or weights", () => {
    expect(refusal(() => strict(doc({ rewards: 5 })))).toBe("f.rewards: expected an object {address: amount}, got 5");
    expect(refusal(() => strict(doc({ rewards: [100] })))).toBe("f.rewards: expected an object {address: amount}, got [100]");
    expect(refusal(() => strict(doc({ rewards: { [A]: -1 } })))).toBe(`f.rewards.${A}: -1 does not fit in uint64`);
    expect(refusal(() => strict(doc({ rewards: { [A]: "-5" } })))).toBe(`f.rewards.${A}: -5 does not fit in uint64`);
    expect(refusal(() => strict(doc({ rewards: { [A]: 1.5 } })))).toBe(`f.rewards.${A}: expected an integer, got 1.5`);
    expect(refusal(() => strict(doc({ rewards: undefined, weights: { [A]: -1 } })))).toBe(`f.weights.${A}: -1 does not fit in uint64`);
    expect(refusal(() => strict(doc({ rewards: undefined, weights: 5 })))).toBe("f.weights: expected an object {address: amount}, got 5");
    // 0, a digit string and a value past int64 are read exactly
    const r = strict(doc({ rewards: { [A]: 0, [B]: "18446744073709551615" } })).rewards!;
    expect([...r]).toEqual([
      [A, 0n],
      [B, 18446744073709551615n],
    ]);
  });
});

describe("the participant list", () => {
  it("refuses a list that is not an array, and an entry that is not an object", () => {
    expect(refusal(() => strict(doc({ participants: undefined })))).toBe("f.participants: expected an array of participants, got undefined");
    expect(refusal(() => strict(doc({ participants: { [A]: null } })))).toBe(`f.participants: expected an array of participants, got {"${A}":null}`);
    expect(refusal(() => strict(doc({ participants: [{ address: A, currentEpochStats: null }, 5] })))).toBe("f.participants[1]: expected a participant object, got 5");
    expect(refusal(() => strict(doc({ participants: [[A]] })))).toBe(`f.participants[0]: expected a participant object, got ["${A}"]`);
  });

  it("refuses an address that is not a string, naming the entry's address field", () => {
    const ps = [{ address: A, currentEpochStats: null }, { address: 5, currentEpochStats: null }];
    expect(refusal(() => strict(doc({ participants: ps })))).toBe("f.participants[1].address: expected a string, got 5");
    expect(refusal(() => strict(doc({ participants: [{ currentEpochStats: null }] })))).toBe("f.participants[0].address: expected a string, got undefined");
  });

  it("refuses stats that are neither an object nor null", () => {
    const with_ = (s: Json): Json => doc({ participants: [{ address: A, currentEpochStats: null }, { address: B, currentEpochStats: s }] });
    expect(refusal(() => strict(with_(5)))).toBe("f.participants[1].currentEpochStats: expected an object or null, got 5");
    expect(refusal(() => strict(with_([1, 2])))).toBe("f.participants[1].currentEpochStats: expected an object or null, got [1,2]");
    expect(refusal(() => strict(with_("none")))).toBe('f.participants[1].currentEpochStats: expected an object or null, got "none"');
  });

  it("strict: no unknown participant or stats field, no participant twice; lenient (the Go vectors' inputs) takes them as given", () => {
    const extra = [{ address: A, currentEpochStats: stats(3, 1), weight: 9 }];
    expect(refusal(() => parseParticipants(extra, "ps", { strict: true }))).toBe('ps[0]: unknown field "weight" (expected address, currentEpochStats, status, coinBalance)');
    expect(parseParticipants(extra, "ps")).toEqual([{ address: A, currentEpochStats: { inferenceCount: 3n, missedRequests: 1n } }]);

    const extraStats = [{ address: A, currentEpochStats: { inferenceCount: 3, missedRequests: 1, validated: 2 } }];
    expect(refusal(() => parseParticipants(extraStats, "ps", { strict: true }))).toBe('ps[0].currentEpochStats: unknown field "validated" (expected inferenceCount, missedRequests)');
    expect(parseParticipants(extraStats, "ps", { strict: false })).toEqual([{ address: A, currentEpochStats: { inferenceCount: 3n, missedRequests: 1n } }]);

    const twice = [
      { address: A, currentEpochStats: stats(3, 1) },
      { address: A, currentEpochStats: stats(5, 2) },
    ];
    expect(refusal(() => parseParticipants(twice, "ps", { strict: true }))).toBe(
      `ps[1].address: "${A}" is listed twice (also ps[0]): a participant is settled once per epoch, and a second row would count its requests twice`,
    );
    expect(parseParticipants(twice, "ps")).toEqual([
      { address: A, currentEpochStats: { inferenceCount: 3n, missedRequests: 1n } },
      { address: A, currentEpochStats: { inferenceCount: 5n, missedRequests: 2n } },
    ]);
    // the same through parseEpochInput: strict by default, lenient when asked
    expect(lenient(doc({ participants: twice, rewards: null })).participants).toHaveLength(2);
    expect(refusal(() => strict(doc({ participants: extra })))).toBe('f.participants[0]: unknown field "weight" (expected address, currentEpochStats, status, coinBalance)');
  });

  it("only the strict reading warns of addresses that are not bech32", () => {
    const ps = [
      { address: A, currentEpochStats: null },
      { address: "host-b", currentEpochStats: null },
    ];
    const w = strict(doc({ participants: ps, rewards: null })).warnings;
    expect(w).toHaveLength(1);
    expect(w![0]).toMatch(/^1 of 2 participant addresses are not valid bech32 \(the chain holds only valid addresses; each is used as given\): first f\.participants\[1\]\.address "host-b" \(/);
    const v = lenient(doc({ participants: ps, rewards: null }));
    expect("warnings" in v).toBe(false);
    expect(v.participants.map((p) => p.address)).toEqual([A, "host-b"]);
  });
});

describe("validationParams", () => {
  it("refuses a value that is neither an object nor null, and names the p0 of a bad decimal", () => {
    expect(refusal(() => strict(doc({ validationParams: 5 })))).toBe("f.validationParams: expected an object or null, got 5");
    expect(refusal(() => strict(doc({ validationParams: [] })))).toBe("f.validationParams: expected an object or null, got []");
    expect(refusal(() => strict(doc({ validationParams: { binomTestP0: 0.1 } })))).toBe('f.validationParams.binomTestP0: expected a decimal {"value": int, "exponent": int}, got 0.1');
    expect(strict(doc({ validationParams: null })).validationParams).toBeNull();
    expect(strict(doc({ validationParams: {} })).validationParams).toEqual({ binomTestP0: null });
  });

  it("strict: binomTestP0 is its only field and lies in (0, 1); lenient reads both as given", () => {
    const extra = { binomTestP0: { value: 1, exponent: -1 }, binomTestP1: 3 };
    expect(refusal(() => strict(doc({ validationParams: extra })))).toBe('f.validationParams: unknown field "binomTestP1" (expected binomTestP0)');
    expect(parseValidationParams(extra, "vp")).toEqual({ binomTestP0: { value: 1n, exponent: -1 } });
    const one = { binomTestP0: { value: 1, exponent: 0 } };
    expect(refusal(() => parseValidationParams(one, "vp", { strict: true }))).toMatch(/^vp\.binomTestP0: p0 1 is outside \(0, 1\)/);
    expect(parseValidationParams(one, "vp", { strict: false })).toEqual({ binomTestP0: { value: 1n, exponent: 0 } });
    expect(lenient(doc({ validationParams: one })).validationParams).toEqual({ binomTestP0: { value: 1n, exponent: 0 } });
  });
});

describe("graceEpoch", () => {
  it("refuses a value that is neither an object nor null, and names its fields' errors", () => {
    expect(refusal(() => strict(doc({ graceEpoch: "soon" })))).toBe('f.graceEpoch: expected an object or null, got "soon"');
    expect(refusal(() => strict(doc({ graceEpoch: [3000] })))).toBe("f.graceEpoch: expected an object or null, got [3000]");
    expect(refusal(() => strict(doc({ graceEpoch: { binomTestP0: "0.5" } })))).toBe('f.graceEpoch.binomTestP0: expected a decimal {"value": int, "exponent": int}, got "0.5"');
    expect(refusal(() => strict(doc({ graceEpoch: { upgradeProtectionWindow: "soon" } })))).toBe('f.graceEpoch.upgradeProtectionWindow: expected an integer, got "soon"');
    expect(refusal(() => strict(doc({ graceEpoch: { upgradeProtectionWindow: -3 } })))).toBe("f.graceEpoch.upgradeProtectionWindow: -3 does not fit in uint64");
  });

  it("reads the window when given (number or digit string), and leaves it out when absent or null", () => {
    const p0 = { value: 5, exponent: -1 };
    expect(strict(doc({ graceEpoch: { binomTestP0: p0, upgradeProtectionWindow: 3000 } })).graceEpoch).toStrictEqual({ binomTestP0: { value: 5n, exponent: -1 }, upgradeProtectionWindow: 3000n });
    expect(parseGraceEpoch({ upgradeProtectionWindow: "42" }, "g")).toStrictEqual({ binomTestP0: null, upgradeProtectionWindow: 42n });
    expect(parseGraceEpoch({ upgradeProtectionWindow: 0 }, "g")).toStrictEqual({ binomTestP0: null, upgradeProtectionWindow: 0n });
    for (const g of [{ binomTestP0: p0 }, { binomTestP0: p0, upgradeProtectionWindow: null }] as Json[]) {
      const v = strict(doc({ graceEpoch: g })).graceEpoch!;
      expect(v).toStrictEqual({ binomTestP0: { value: 5n, exponent: -1 } });
      expect("upgradeProtectionWindow" in v).toBe(false);
    }
    expect(parseGraceEpoch({ upgradeProtectionWindow: null }, "g")).toStrictEqual({ binomTestP0: null });
    expect(parseGraceEpoch(null, "g")).toBeNull();
    expect(parseGraceEpoch(undefined, "g")).toBeNull();
  });

  it("strict: only binomTestP0 and upgradeProtectionWindow, a p0 in (0, 1); lenient reads both as given", () => {
    const extra = { binomTestP0: { value: 5, exponent: -1 }, epoch: 9 };
    expect(refusal(() => strict(doc({ graceEpoch: extra })))).toBe('f.graceEpoch: unknown field "epoch" (expected binomTestP0, upgradeProtectionWindow)');
    expect(parseGraceEpoch(extra, "g")).toStrictEqual({ binomTestP0: { value: 5n, exponent: -1 } });
    const zero = { binomTestP0: { value: 0, exponent: 0 }, upgradeProtectionWindow: 10 };
    expect(refusal(() => parseGraceEpoch(zero, "g", { strict: true }))).toMatch(/^g\.binomTestP0: p0 0 is outside \(0, 1\)/);
    expect(lenient(doc({ graceEpoch: zero })).graceEpoch).toStrictEqual({ binomTestP0: { value: 0n, exponent: 0 }, upgradeProtectionWindow: 10n });
  });
});

describe("parseEpochInput: the optional chain", () => {
  it("is read as {chainId, settlementHeight}; absent or null, the input has no chain key at all", () => {
    expect(strict(doc({ chain: { chainId: "gonka-mainnet", settlementHeight: 6_691_329 } })).chain).toStrictEqual({ chainId: "gonka-mainnet", settlementHeight: 6_691_329n });
    expect(strict(doc({ chain: null }))).toStrictEqual(strict(doc()));
    expect(Object.keys(strict(doc()))).toEqual(["epoch", "validationParams", "graceEpoch", "participants", "rewards"]);
  });

  it("refuses a chain id that is not a string and a settlement block outside uint64, naming the field", () => {
    expect(refusal(() => strict(doc({ chain: { chainId: 5, settlementHeight: 1 } })))).toBe("f.chain.chainId: expected the chain id, got 5");
    expect(refusal(() => strict(doc({ chain: { chainId: "gonka-mainnet", settlementHeight: -1 } })))).toBe("f.chain.settlementHeight: -1 does not fit in uint64");
  });
});

describe("gonka-spec miss-test --epoch FILE: the reader's refusals, one line, exit 2", () => {
  const dir = mkdtempSync(join(tmpdir(), "epoch-input-"));
  const cases: [string, Json, string][] = [
    ["not-object", [1], "expected an epoch object, got [1]"],
    ["unknown", doc({ epochs: 7 }), 'unexpected field "epochs" (expected epoch, validationParams, graceEpoch, participants, rewards, weights, comment, reward, chain)'],
    ["both", doc({ weights: { [A]: 1 } }), "give either rewards or weights (the same thing), not both"],
    ["vp", doc({ validationParams: 5 }), ".validationParams: expected an object or null, got 5"],
    ["grace", doc({ graceEpoch: true }), ".graceEpoch: expected an object or null, got true"],
    ["window", doc({ graceEpoch: { upgradeProtectionWindow: "soon" } }), '.graceEpoch.upgradeProtectionWindow: expected an integer, got "soon"'],
    ["no-list", doc({ participants: undefined }), ".participants: expected an array of participants, got undefined"],
    ["entry", doc({ participants: [7] }), ".participants[0]: expected a participant object, got 7"],
    ["address", doc({ participants: [{ address: 7, currentEpochStats: null }] }), ".participants[0].address: expected a string, got 7"],
    ["stats", doc({ participants: [{ address: A, currentEpochStats: 7 }] }), ".participants[0].currentEpochStats: expected an object or null, got 7"],
    ["rewards", doc({ rewards: 7 }), ".rewards: expected an object {address: amount}, got 7"],
    ["negative", doc({ rewards: undefined, weights: { [A]: -7 } }), `.weights.${A}: -7 does not fit in uint64`],
    ["chain", doc({ chain: "gonka-mainnet" }), '.chain: expected an object {chainId, settlementHeight}, got "gonka-mainnet"'],
    ["chain-id", doc({ chain: { chainId: "", settlementHeight: 1 } }), '.chain.chainId: expected the chain id, got ""'],
    ["chain-height", doc({ chain: { chainId: "gonka-mainnet" } }), ".chain.settlementHeight: missing (the block that settled the epoch)"],
    ["chain-key", doc({ chain: { chainId: "gonka-mainnet", settlementHeight: 1, height: 2 } }), '.chain: unknown field "height" (expected chainId, settlementHeight)'],
    // a chain the upgrade table places before the miss test's first version: refused naming the chain version
    ["chain-early", doc({ chain: { chainId: "gonka-mainnet", settlementHeight: 2_500_000 } }), ": chain version: v0.2.9 (gonka-mainnet upgrade table: settlement height 2,500,000"],
  ];
  for (const [name, d, line] of cases) {
    it(name, async () => {
      const f = join(dir, `${name}.json`);
      writeFileSync(f, JSON.stringify(d));
      let out = "";
      let err = "";
      const code = await main(["miss-test", "--epoch", f, "--no-exact"], { out: (t) => void (out += `${t}\n`), err: (t) => void (err += `${t}\n`) });
      expect(code).toBe(2);
      expect(out).toBe("");
      if (name === "chain-early") {
        expect(err).toMatch(/^gonka-spec miss-test: chain version: v0\.2\.9 \(gonka-mainnet upgrade table: settlement height 2,500,000 .*\): the port's miss test starts at v0\.2\.10/);
        return;
      }
      const sep = line.startsWith(".") ? "" : ": ";
      expect(err).toBe(`gonka-spec miss-test: ${f}${sep}${line}\n`);
    });
  }
});
