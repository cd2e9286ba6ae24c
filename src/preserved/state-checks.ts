/**
 * The checks of the preserved-set state that do not depend on how it is written: a weight that must
 * not be negative, a member address, a node or member listed twice, root members that are not bech32,
 * a genesis guardian that is not a valoper address, a model listed twice, an int64 sum that wraps.
 * Both readers run them, each naming its own fields: parsePreservedState (the snapshot's `preserved`
 * slice, state.ts) and the REST reader (saved REST answers, sources/rest-dump/preserved-from-rest.ts),
 * so that an answer is refused, or warned about, alike whichever way it reached the sampler.
 */
import { InputError, describeValue } from "../errors.js";
import { checkedInt64, int64SumOverflow, plainInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { bech32Warning, operatorAddressToAccAddress } from "./bech32.js";
import { type JsonPath, checkAddressText, expectString, isAddressText, pathAt, pathText, repeatedIds } from "../json-input.js";
import type { MLNodeInfo, SubGroupState, ValidationWeight } from "./state-types.js";

/** Element `i` of the list at `p` (`i` < 0: `p` itself), for the paths of errors and warnings. */
export const elem = (p: JsonPath, i: number): JsonPath => (i < 0 ? p : pathAt(p, i));

/** The field names a reader writes in its paths (the snapshot's camelCase, or a REST answer's snake_case). */
export interface StateFieldNames {
  memberAddress: string;
  nodeId: string;
}

export const STATE_FIELDS: StateFieldNames = { memberAddress: "memberAddress", nodeId: "nodeId" };

export class StateChecks {
  readonly warnings: string[] = [];
  constructor(
    readonly lenient: boolean,
    readonly names: StateFieldNames = STATE_FIELDS,
  ) {}

  /** An int64 at `key` of element `i` of `p`, which must not be negative unless lenient (then a warning). */
  weight(v: Json | undefined, p: JsonPath, i: number, key: string, what: string): bigint {
    return this.nonNegative(plainInt64(v) ?? checkedInt64(v, pathText(pathAt(elem(p, i), key))), p, i, key, what);
  }

  /** `x` (read at `key` of element `i` of `p`): refused when negative unless lenient (then a warning). */
  nonNegative(x: bigint, p: JsonPath, i: number, key: string, what: string): bigint {
    if (x < 0n) {
      const path = pathText(pathAt(elem(p, i), key));
      if (!this.lenient) throw new InputError(`${what} must not be negative, got ${x}`, path);
      this.warnings.push(`${path}: negative ${what} ${x} (Go uses it as is)`);
    }
    return x;
  }

  /** A member address at `key` of element `i` of `p`: control characters, empty or overlong addresses refused unless lenient (then a warning). */
  address(v: Json | undefined, p: JsonPath, i: number, key: string): string {
    if (typeof v === "string" && isAddressText(v)) return v;
    const path = pathText(pathAt(elem(p, i), key));
    const a = expectString(v, path);
    try {
      checkAddressText(a, path);
    } catch (e) {
      if (!this.lenient) throw e;
      this.warnings.push(`${(e as Error).message} (Go uses it as is)`);
    }
    return a;
  }

  /** Node `i` of the list at `p` is null (a nil pointer). */
  nilNode(p: JsonPath, i: number): null {
    this.warnings.push(`${pathText(elem(p, i))}: null node entry (Go drops nil nodes)`);
    return null;
  }

  /** A node id listed twice in one member's nodes (the list at `p`). */
  nodeRepeats(list: readonly (MLNodeInfo | null)[], p: JsonPath): void {
    repeatedIds(
      list.length,
      (i) => list[i]?.nodeId ?? null,
      (i, id) => this.warnings.push(`${pathText(p)}[${i}].${this.names.nodeId}: duplicate node id ${describeValue(id)} (Go keeps the heaviest, then highest throughput, then first)`),
    );
  }

  /** A member listed twice in one model subgroup (the list at `p`, without its null entries). */
  memberRepeats(list: readonly ValidationWeight[], p: JsonPath): void {
    repeatedIds(
      list.length,
      (i) => list[i]!.memberAddress,
      (i, a) => this.warnings.push(`${pathText(p)}[${i}].${this.names.memberAddress}: duplicate member ${describeValue(a)} (Go: the last entry's nodes win, VP = last positive VP)`),
    );
  }

  /** The root group's members (the list at `p`): addresses not bech32 (unless lenient), a member listed twice. */
  rootMembers(weights: readonly (ValidationWeight | null)[], p: string): void {
    const at = (i: number): string => `${p}[${i}].${this.names.memberAddress}`;
    if (!this.lenient) {
      const w = bech32Warning(weights.map((x) => x?.memberAddress ?? ""), at, "root group members");
      if (w !== undefined) this.warnings.push(w);
    }
    repeatedIds(
      weights.length,
      (i) => weights[i]?.memberAddress ?? null,
      (i, a) => this.warnings.push(`${at(i)}: member ${describeValue(a)} listed twice in the root group (the chain lists each member once; Go reads both entries as they are)`),
    );
  }

  /** Genesis guardians (the list at `p`) that are not gonkavaloper addresses: Go skips them. */
  guardians(list: readonly string[], p: string): void {
    list.forEach((a, i) => {
      const conv = operatorAddressToAccAddress(a);
      if (typeof conv !== "string") this.warnings.push(`${p}[${i}]: ${describeValue(a)} is not a gonkavaloper address (${conv.error}); Go skips it, so it is not excluded`);
    });
  }

  /** A model listed twice in the root group's sub-group models (the list at `p`). */
  modelRepeats(models: readonly string[], p: string): void {
    repeatedIds(
      models.length,
      (i) => models[i]!,
      (i, m) => this.warnings.push(`${p}[${i}]: model ${describeValue(m)} listed twice (Go emits its preserved entry twice)`),
    );
  }

  /**
   * Go adds the root weights, and per model the node PoC weights and the voting power, in int64 and
   * wraps without a word; the port keeps the wrap (it is what the chain computes) but says so: a
   * target of "-922,337,…" must not look like an answer. `rootAt` and `modelAt(m)` name the groups.
   */
  sums(rootWeights: readonly (ValidationWeight | null)[], rootAt: string, byModel: ReadonlyMap<string, SubGroupState>, modelAt: (model: string) => string): void {
    const note = (values: bigint[], where: string, what: string): void => {
      const o = int64SumOverflow(values);
      if (o !== undefined) this.warnings.push(`${where}: ${what} adds up to ${o.exact}, past int64 (9223372036854775807): Go's int64 sums wrap silently, and every result that uses such a sum follows Go's wrap (a negative total or target is that wrap, not a real value)`);
    };
    note(rootWeights.map((vw) => vw?.weight ?? 0n), rootAt, "the root group's weight");
    for (const [m, g] of byModel) {
      const nodeWeights: bigint[] = [];
      for (const vw of g.validationWeights) for (const n of vw.mlNodes) if (n !== null) nodeWeights.push(n.pocWeight);
      note(nodeWeights, modelAt(m), "the model's node PoC weight");
      note(g.validationWeights.map((vw) => vw.votingPower), modelAt(m), "the model's voting power");
    }
  }
}
