// bech32 conversion, Go's pdqsort order, and the allocation queue's equivalence with the literal loop.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goSortFunc } from "../../src/go/slices-sort.js";
import { bech32Decode, bech32Encode, convertBits, isBech32, operatorAddressToAccAddress } from "../../src/preserved/bech32.js";
import { allocationQueue, getSmallestUnallocatedMLNode } from "../../src/preserved/sample-preserved-for-model.js";
import type { MLNodeInfo } from "../../src/preserved/state.js";

describe("bech32", () => {
  it("converts the upstream guardian valoper address to its account address", () => {
    expect(operatorAddressToAccAddress("gonkavaloper1gcrlrhvw8kd7zr6pl92rxnc6j20chatkcx6w4t")).toBe("gonka1gcrlrhvw8kd7zr6pl92rxnc6j20chatkyxtfzx");
    expect(operatorAddressToAccAddress("GONKAVALOPER1GCRLRHVW8KD7ZR6PL92RXNC6J20CHATKCX6W4T")).toBe("gonka1gcrlrhvw8kd7zr6pl92rxnc6j20chatkyxtfzx");
  });

  it("fails like the SDK on bad addresses", () => {
    expect(operatorAddressToAccAddress("")).toEqual({ error: "empty address string is not allowed" });
    expect(operatorAddressToAccAddress("   ")).toEqual({ error: "empty address string is not allowed" });
    expect(operatorAddressToAccAddress("not-bech32")).toEqual({ error: "decoding bech32 failed: invalid separator index -1" });
    expect(operatorAddressToAccAddress("gonka1epr7dvlglcxeq9k3725w2u34j4py4alagsvhvk")).toEqual({ error: "invalid Bech32 prefix; expected gonkavaloper, got gonka" });
    expect(operatorAddressToAccAddress("cosmosvaloper1gcrlrhvw8kd7zr6pl92rxnc6j20chatkh0glq8")).toEqual({
      error: "decoding bech32 failed: invalid checksum (expected 38czfh got h0glq8)",
    });
    expect(operatorAddressToAccAddress("gonkaValoper1gcrlrhvw8kd7zr6pl92rxnc6j20chatkcx6w4t")).toEqual({ error: "decoding bech32 failed: string not all lowercase or all uppercase" });
  });

  it("decodes what it encodes (any hrp, any bytes)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), fc.uint8Array({ minLength: 1, maxLength: 40 }), (hrp, bytes) => {
        const five = convertBits([...bytes], 8, 5, true) as number[];
        const d = bech32Decode(bech32Encode(hrp, five));
        expect(d).toEqual({ hrp, data: five });
        expect(convertBits(five, 5, 8, false)).toEqual([...bytes]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("goSortFunc (Go's pdqsort)", () => {
  it("sorts like any sort when the order is total", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 300 }), (xs) => {
        expect(goSortFunc([...xs], (a, b) => a - b)).toEqual([...xs].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps equal elements as a permutation of the input, sorted by key", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 200 }), (keys) => {
        const items = keys.map((k, i) => ({ k, i }));
        const out = goSortFunc([...items], (a, b) => a.k - b.k);
        expect(out.map((x) => x.k)).toEqual([...keys].sort((a, b) => a - b));
        expect(new Set(out.map((x) => x.i)).size).toBe(items.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe("allocationQueue", () => {
  it("takes nodes in the order repeated getSmallestUnallocatedMLNode calls would", () => {
    const node = fc.record({ nodeId: fc.constantFrom("a", "b", "c", "d", "B"), pocWeight: fc.bigInt({ min: -3n, max: 5n }), throughput: fc.constant(0n), timeslotAllocation: fc.constant([] as boolean[]) });
    fc.assert(
      fc.property(fc.array(node, { maxLength: 10 }), (nodes: MLNodeInfo[]) => {
        const sorted = [...nodes].sort((x, y) => (x.nodeId < y.nodeId ? -1 : x.nodeId > y.nodeId ? 1 : 0));
        const taken = new Set<string>();
        const literal: string[] = [];
        for (;;) {
          const r = getSmallestUnallocatedMLNode(sorted, taken);
          if (!r) break;
          taken.add(r.node.nodeId);
          literal.push(`${r.node.nodeId}:${r.node.pocWeight}`);
        }
        expect(allocationQueue(nodes).map((n) => `${n.nodeId}:${n.pocWeight}`)).toEqual(literal);
      }),
      { numRuns: 300 },
    );
  });
});

describe("compareGoStrings", () => {
  it("orders like Go: by UTF-8 bytes", async () => {
    const { compareGoStrings } = await import("../../src/go/bytes.js");
    const str = fc.string({ unit: fc.constantFrom("a", "b", "A", "é", "\uFF5E", "\u{1F600}", "\u{10000}", "\uE000", "") as fc.Arbitrary<string>, maxLength: 6 });
    fc.assert(
      fc.property(str, str, (a, b) => {
        const c = Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
        expect(compareGoStrings(a, b)).toBe(c);
      }),
      { numRuns: 500 },
    );
  });
});

describe("isBech32 (the table checksum, two symbols per step)", () => {
  it("accepts exactly what bech32Decode accepts, on valid addresses and one-symbol edits of them", () => {
    const symbols = "qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZ1bio-~é";
    fc.assert(
      fc.property(
        fc.constantFrom("gonka", "gonkavaloper", "cosmos", "a"),
        fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 0, maxLength: 60 }),
        fc.nat(100),
        fc.nat(symbols.length - 1),
        fc.constantFrom("none", "replace", "insert", "delete", "upper"),
        (hrp, five, at, sym, edit) => {
          let s = bech32Encode(hrp, five);
          const i = at % s.length;
          if (edit === "replace") s = s.slice(0, i) + symbols[sym] + s.slice(i + 1);
          else if (edit === "insert") s = s.slice(0, i) + symbols[sym] + s.slice(i);
          else if (edit === "delete") s = s.slice(0, i) + s.slice(i + 1);
          else if (edit === "upper") s = s.toUpperCase();
          const valid = !("error" in bech32Decode(s));
          expect(isBech32(s)).toBe(valid);
          if (edit === "none" || edit === "upper") expect(valid).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
