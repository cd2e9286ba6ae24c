/**
 * What the dumps hold besides the one epoch a command answers, said instead of read silently: the
 * epochs they hold root groups of (when several, which one is answered and how to pick another),
 * answers of an epoch no root group in them names (read by nothing that settles), and files that are
 * no answer these commands read. Answers are placed by the epoch their content names, whatever their
 * file names.
 */
import { basename } from "node:path";
import type { DumpGap, DumpUse } from "./dump-gap.js";
import type { RestDump } from "./read-rest-dump.js";

/** What one epoch's answers are, and their files. */
interface EpochAnswers {
  kinds: Set<string>;
  files: Set<string>;
}

/** Each epoch the dumps hold any answer of (root or per-model groups, summaries, exclusions, events), ascending. */
export function epochsHeld(dumps: readonly RestDump[]): Map<bigint, EpochAnswers> {
  const held = new Map<bigint, EpochAnswers>();
  const add = (e: bigint, kind: string, files: readonly string[]): void => {
    let h = held.get(e);
    if (h === undefined) held.set(e, (h = { kinds: new Set(), files: new Set() }));
    h.kinds.add(kind);
    for (const f of files) h.files.add(f);
  };
  for (const d of dumps) {
    for (const [e, f] of d.roots) add(e, "root group", [f.file]);
    for (const [e, list] of d.models) add(e, `per-model group${list.length === 1 ? "" : "s"}`, list.map((m) => m.file));
    for (const [e, rows] of d.summaries) add(e, "performance summaries", rows.files);
    for (const [e, f] of d.exclusions) add(e, "excluded participants", [f.file]);
    for (const [e, f] of d.confirmationPocEvents) add(e, "confirmation PoC events", [f.file]);
  }
  return new Map([...held].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Up to `n` file names (without their directory) and how many more. */
function someFiles(files: Iterable<string>, n = 3): string {
  const all = [...files].map((f) => basename(f));
  return all.length > n ? `${all.slice(0, n).join(", ")} and ${all.length - n} more` : all.join(", ");
}

const listed = (xs: readonly bigint[]): string => (xs.length === 1 ? `${xs[0]}` : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`);

/**
 * The notes of a settlement of `epoch` from `dumps` (printed in every output, never a lack):
 * - the dumps hold root groups of several epochs and `chosen` says why this one was answered (absent:
 *   --epoch named it, and nothing is said);
 * - answers of epochs the dumps hold no root group of: no settlement reads them (a sampler's history
 *   epoch N−1 is read only by the preserved-set readers, which these notes are not for);
 * - files recognised as no REST answer these commands read (ignored).
 */
export function dumpContentGaps(dumps: readonly RestDump[], epoch: bigint, chosen?: string): DumpGap[] {
  const gaps: DumpGap[] = [];
  const SETTLEMENT: DumpUse[] = ["settle", "miss-test"];
  const held = epochsHeld(dumps);
  const roots = [...held].filter(([, h]) => h.kinds.has("root group")).map(([e]) => e);
  if (chosen !== undefined && roots.length > 1) {
    const settled = roots.filter((e) => held.get(e)!.kinds.has("performance summaries"));
    const what = `the dumps hold the root groups of epochs ${listed(roots)}${settled.length === roots.length ? "" : ` (with performance summaries: ${settled.length === 0 ? "none" : listed(settled)})`}`;
    gaps.push({
      input: "the epoch to answer (--epoch N)",
      assumption: `${what}: this is epoch ${epoch}, ${chosen}; each epoch is read from its own answers`,
      flag: "--epoch N",
      rowsAffected: 0,
      uses: SETTLEMENT,
      warning: true,
      brief: `${what}: this is epoch ${epoch}, ${chosen}`,
    });
  }
  const stray = [...held].filter(([, h]) => !h.kinds.has("root group"));
  if (stray.length > 0) {
    const each = stray.map(([e, h]) => `epoch ${e} (${[...h.kinds].join(", ")}: ${someFiles(h.files)})`).join("; ");
    const line = `answers of ${stray.length === 1 ? "an epoch" : "epochs"} the dumps hold no root group of, which settling epoch ${epoch} does not read: ${each}`;
    gaps.push({ input: `answers of epoch ${stray.map(([e]) => e).join(", ")}`, assumption: line, rowsAffected: 0, uses: SETTLEMENT, warning: true, brief: line });
  }
  const files = dumps.flatMap((d) => d.files);
  const unread = files.filter((f) => f.kind === null).map((f) => f.file);
  if (unread.length > 0) {
    const of = `${unread.length} of the ${files.length} .json files`;
    gaps.push({
      input: "files that are no REST answer these commands read",
      assumption: `${of} are ignored (not a shape of epoch group data, performance summaries, excluded participants, params, confirmation PoC events or a stored preserved snapshot): ${unread.join(", ")}`,
      rowsAffected: 0,
      warning: true,
      brief: `${of} are no answer these commands read, ignored: ${someFiles(unread)}`,
    });
  }
  return gaps;
}
