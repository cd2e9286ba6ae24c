/** What a REST dump lacks: one input, the assumption made for it, and who reads it. */
import { InputError } from "../../errors.js";

/**
 * The dumps lack an input a slice needs (no answer of that kind, epoch or model), as opposed to an
 * answer they hold being wrong: a snapshot built from the dumps leaves that slice out and says why,
 * whereas a wrong answer is refused whatever slice it belongs to.
 */
export class DumpLacksError extends InputError {}

/** An input the dump lacks, how it was filled, and how many participant rows it could change. */
export interface DumpGap {
  input: string;
  assumption: string;
  /** How to supply it instead (a flag), when there is one. */
  flag?: string;
  rowsAffected: number;
  /** Which readers the input matters to (absent: every reader). A command prints only the gaps of what it reads. */
  uses?: DumpUse[];
  /** The gap in a few words, for one warning line. */
  brief?: string;
}

/**
 * Who reads an input: `settle` (the whole settlement), `miss-test` (settlement's downtime step: the
 * participants, their status, the counts and p0), `preserved` (the preserved-set sampler).
 */
export type DumpUse = "settle" | "miss-test" | "preserved";


/** True when `g` matters to a reader of `use`. */
export function gapMatters(g: DumpGap, use: DumpUse): boolean {
  return g.uses === undefined || g.uses.includes(use);
}

/** One warning line: the brief form when there is one, else the input and its assumption. */
export function gapLine(g: DumpGap): string {
  return `${g.brief ?? `${g.input}: ${g.assumption}`}${g.flag !== undefined ? ` [${g.flag}]` : ""}`;
}

/** The full lines of a source's gaps, for a JSON warnings or notes array. */
export function gapInputLines(gaps: readonly DumpGap[] | undefined): string[] {
  return (gaps ?? []).map((g) => `rest dump lacks ${g.input}: ${g.assumption}${g.flag !== undefined ? ` [${g.flag}]` : ""}`);
}
