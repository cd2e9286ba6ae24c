import { describe, expect, it } from "vitest";
import { parseJson } from "../../src/go/json.js";
import { firstDifference } from "../../src/vectors/compare.js";

describe("vector output comparison", () => {
  it("integers compare by value whether number or bigint; everything else exactly", () => {
    expect(firstDifference({ a: 1, b: [2n, "x"] }, { a: 1n, b: [2, "x"] })).toBeNull();
    expect(firstDifference({ a: 1 }, { a: 2 })).toBe("output.a: expected 1, got 2");
    expect(firstDifference({ a: [1, 2] }, { a: [1] })).toBe("output.a: expected 2 items, got 1");
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toBe("output.b: unexpected field");
    expect(firstDifference({ a: "1" }, { a: 1 })).toMatch(/output\.a: expected/);
  });

  it("an expected Go error or panic matches any error or panic of the same kind, not the other", () => {
    expect(firstDifference({ error: "invalid input" }, { error: "ours" })).toBeNull();
    expect(firstDifference({ panic: "nil pointer" }, { panic: "ours" })).toBeNull();
    expect(firstDifference({ error: "x" }, { panic: "x" })).toMatch(/expected Go error/);
    expect(firstDifference({ panic: "x" }, { passed: true })).toMatch(/expected Go panic/);
  });

  it('a map key named "__proto__" is compared like any other key', () => {
    const expected = parseJson('{"weights": {"__proto__": 5, "a": 1}}');
    const same = parseJson('{"weights": {"__proto__": 5, "a": 1}}');
    const other = parseJson('{"weights": {"__proto__": 6, "a": 1}}');
    expect(firstDifference(expected, same)).toBeNull();
    expect(firstDifference(expected, other)).toBe("output.weights.__proto__: expected 5, got 6");
  });
});
