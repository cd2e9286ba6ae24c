/** What a REST dump lacks: one input, the assumption made for it, and who reads it. */
import { InputError } from "../../errors.js";
import type { AssumedInput } from "../../assumptions.js";
import { atLeast, type ChainVersion } from "../../versions/chain-version.js";
import { mainnetVersionAt } from "../../versions/upgrade-table.js";

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
  /** Only rules of this version and later read the input (absent: every version). */
  readFrom?: ChainVersion;
  /** The height whose rules read it (the anchor, the settlement), to place in the upgrade table. */
  atHeight?: bigint;
  /** Not a lack: the dump holds the input, in a form the chain would not write (read as Go reads it); said in every output, not only --verbose. */
  warning?: true;
  /** The parts of the rule's input it fills, and whose (src/assumptions.ts): an explanation reading them is not computable. */
  fills?: AssumedInput;
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

/**
 * Whether the command printing a gap takes its flag (`--anchor H`: "anchor"); absent, every flag is taken.
 * A gap's flag is named only to a command that takes it: every flag a message suggests exists there.
 */
export type TakesFlag = (flag: string) => boolean;

/** " [FLAG]" when the gap has a flag the command takes, else "". */
function flagText(g: DumpGap, takes: TakesFlag | undefined): string {
  return g.flag !== undefined && (takes === undefined || takes(g.flag)) ? ` [${g.flag}]` : "";
}

/** One warning line: the brief form when there is one, else the input and its assumption. */
export function gapLine(g: DumpGap, takes?: TakesFlag): string {
  return `${g.brief ?? `${g.input}: ${g.assumption}`}${flagText(g, takes)}`;
}

/** The warning lines of a source's gaps: what it holds in a form the chain would not write (printed in every output). */
export function gapWarnings(gaps: readonly DumpGap[], takes?: TakesFlag): string[] {
  return gaps.filter((g) => g.warning === true).map((g) => `warning: ${gapLine(g, takes)}`);
}

/** The full lines of a source's gaps, for a JSON warnings or notes array. */
export function gapInputLines(gaps: readonly DumpGap[] | undefined, takes?: TakesFlag): string[] {
  return (gaps ?? []).map((g) => `${g.warning === true ? "rest dump holds" : "rest dump lacks"} ${g.input}: ${g.assumption}${flagText(g, takes)}`);
}

/** The gaps as a JSON list names them, each flag kept only where the command takes it. */
export function gapsWithFlagsTaken<G extends { flag?: string }>(gaps: readonly G[], takes?: TakesFlag): G[] {
  return gaps.map((g) => {
    if (g.flag === undefined || takes === undefined || takes(g.flag)) return g;
    const { flag: _dropped, ...rest } = g;
    void _dropped;
    return rest as G;
  });
}

/**
 * True when the rules that will run read the input of `g`: always, unless the gap names the first
 * version that reads it; then the version given (`--chain-version`), else the mainnet upgrade table's
 * version at the gap's height.
 */
export function gapReadByRules(g: DumpGap, version: ChainVersion | undefined): boolean {
  if (g.readFrom === undefined) return true;
  if (version !== undefined) return atLeast(version, g.readFrom);
  if (g.atHeight === undefined) return true;
  try {
    return atLeast(mainnetVersionAt(g.atHeight).version, g.readFrom);
  } catch {
    return true; // a height the table cannot place: say it
  }
}

/**
 * What a source lacks, in one line for people: how many inputs, the rows they could change at most,
 * and where the list is (`--verbose`, the JSON). Empty gaps: null.
 */
export function gapSummary(all: readonly DumpGap[], what = "the rest dump"): string | null {
  const gaps = all.filter((g) => g.warning !== true);
  if (gaps.length === 0) return null;
  const rows = gaps.reduce((m, g) => Math.max(m, g.rowsAffected), 0);
  return `${what} lacks ${gaps.length} input${gaps.length === 1 ? "" : "s"} these rules read; each is filled with a named assumption${rows > 0 ? ` (one could change up to ${rows} rows)` : ""}: --verbose lists them`;
}

/**
 * The gaps a reader of `uses` prints, once each: those that matter to it and that the rules of `version`
 * read (else the upgrade table's version at the gap's height). The text's one line and the JSON's
 * warnings list both come from this list, so their counts agree.
 */
export function gapsRead(all: readonly DumpGap[], uses: readonly DumpUse[], version: ChainVersion | undefined): DumpGap[] {
  const seen = new Set<string>();
  return all.filter((g) => {
    if (!uses.some((u) => gapMatters(g, u)) || !gapReadByRules(g, version) || seen.has(gapLine(g))) return false;
    seen.add(gapLine(g));
    return true;
  });
}
