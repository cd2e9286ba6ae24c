/**
 * What a source assumed for an input it lacks, said so that no answer presents the assumption's effect
 * as a participant's own cause. Shared by every rule family's explanations (settlement's zero causes,
 * the preserved set's node reasons): a family names the parts of its input each explanation reads; a
 * source names the parts each of its assumptions fills, and whose. An explanation that reads a part an
 * assumption filled (one that could change a row) is not computable from the inputs: the answer says so,
 * names the lack, and states what the assumption gave instead.
 */

/** The parts of a rule's input an assumption fills, and whose values they are. */
export interface AssumedInput {
  /** Part names of the rule family that reads them (settlement: SettlementPart, preserved: PreservedPart). */
  parts: readonly string[];
  /** The participants whose values were assumed (absent: every participant's, or a value shared by all). */
  addresses?: readonly string[];
}

/** An assumption as every source names it (DumpGap, SettlementAssumption). */
export interface NamedAssumption {
  input: string;
  assumption: string;
  /** The lack in a few words. */
  brief?: string;
  /** How many answer rows it could change (0: the source holds the value, or one the chain is known to have written). */
  rowsAffected: number;
  /** Not a lack: an input held in a form the chain would not write, read as Go reads it. */
  warning?: true;
  fills?: AssumedInput;
}

/** What one explanation reads: parts of the participant's own input, and parts every participant shares. */
export interface PartsRead {
  own: readonly string[];
  network: readonly string[];
}

/** The assumptions that could change a row and name what they fill, each with its participants as a set. */
export interface AssumptionIndex<A extends NamedAssumption> {
  items: readonly { assumption: A; parts: readonly string[]; whose: ReadonlySet<string> | null }[];
}

/** Index a source's assumptions once (an epoch has thousands of rows, each with its explanations). */
export function indexAssumptions<A extends NamedAssumption>(assumptions: readonly A[]): AssumptionIndex<A> {
  const items = assumptions
    .filter((a) => a.warning !== true && a.rowsAffected > 0 && a.fills !== undefined && a.fills.parts.length > 0)
    .map((a) => ({ assumption: a, parts: a.fills!.parts, whose: a.fills!.addresses === undefined ? null : new Set(a.fills!.addresses) }));
  return { items };
}

/**
 * The first assumption an explanation of `address` rests on: one that could change a row (a warning or
 * an assumption of 0 rows does not) and fills a part the explanation reads, for this participant (own)
 * or for anyone (network). Undefined: the explanation follows from the inputs as held.
 */
export function assumptionUnder<A extends NamedAssumption>(reads: PartsRead, address: string, index: AssumptionIndex<A>): A | undefined {
  for (const { assumption, parts, whose } of index.items) {
    for (const part of parts) {
      if (reads.network.includes(part)) return assumption;
      if (reads.own.includes(part) && (whose === null || whose.has(address))) return assumption;
    }
  }
  return undefined;
}

/** The lack in words, for "not computable: LACK". */
export function lackText(a: NamedAssumption): string {
  return a.brief ?? `${a.input}: ${a.assumption}`;
}
