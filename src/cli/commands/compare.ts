/** `gonka-spec compare`: what a parameter proposal changes, A against B, on one snapshot. */
import { compareProposals, DEFAULT_ANCHORS } from "../../compare/build.js";
import { defaultEngines } from "../../compare/default-engines.js";
import { loadProposal } from "../../compare/params.js";
import { renderCompareText, TERMINAL_ROWS } from "../../compare/text.js";
import { InputError } from "../../errors.js";
import { writeFileAtomic } from "../../fs/files.js";
import { preservedInputs } from "../../sources/preserved-inputs.js";
import { jsonDocument, wantsJson } from "../json-output.js";
import { renderReport } from "../../report/html.js";
import { flagTaken, heightFlag, intFlag, parse, str } from "../args.js";
import type { Command } from "../command.js";
import { groupDigits } from "../../format/numbers.js";
import { gapInputLines } from "../../sources/rest-dump/dump-gap.js";
import { readSnapshotSource, REST_DUMP_PRESERVED_OPTIONS, REST_DUMP_PRESERVED_USAGE, SNAPSHOT_SOURCE_OPTIONS, SNAPSHOT_SOURCE_USAGE } from "../snapshot-source.js";
import { preservedRulesForChoice } from "../../preserved/preserved-rules.js";
import { versionJson, versionLine } from "../../versions/resolve.js";
import { CHAIN_VERSION_OPTION, chainVersionFlag, chainVersionUsage } from "../chain-version-flag.js";
import { B_PROPOSAL_OPTION, B_PROPOSAL_USAGE, readB, resolveB, stateParamsInForce } from "../proposal-b-side.js";

/**
 * The most anchors of the probability: 20,000 take about 3 s on the example snapshot (2 cores; both
 * proposals, every operator whose preserved nodes change), proportionally more on a larger state.
 */
const MAX_COMPARE_ANCHORS = 20_000;

const usage = `Usage:
  gonka-spec compare --snapshot FILE|--node URL [--height H]|--rest-dump DIR... --a A.json --b B.json
                     [--anchor H] [--anchors N] [--rows N] [--brief] [--replay] [--html OUT] [--json]
  gonka-spec compare --snapshot FILE --b PROPOSAL.json    (a real governance proposal; A: the params in force)
  gonka-spec compare --node URL [--height H] --b-proposal N

Runs two parameter proposals (A and B) over the same chain state and reports what changes: per model
the target and achieved preserved weight, node count, smallest preserved node and PoC capacity ÷
expected demand; per operator the preserved nodes and weight gained and lost (with the probability
of being preserved over N anchors, default ${DEFAULT_ANCHORS}, at most ${groupDigits(MAX_COMPARE_ANCHORS)}; 0 skips it); each participant's miss-test
verdict and reward at stake under each p0 (when the snapshot has a settlement slice); the miss-test
boundary curves; the slots a vote resolution needs; and, on a generated snapshot or with --replay, the
epoch-433 replay with the per-host cap at each proposal's rate, with its cost in requests refused. The
header names the input of each part. With a real proposal as B, "What changes" lists every parameter
it changes (those compare does not model too), under a warning when the chain would refuse its Params.

A proposal file sets any of PocSlotAllocation ("0.25"), PoCMaxConcurrentPer10000Weight (10),
BinomTestP0 ("0.10"), vote_threshold_factor (50), preserved_rule (current|demand) and demand (a path
or an object), plus a name; see docs/compare.md and examples/proposal-a.json. A parameter may also
be written with the chain's snake_case name (poc_slot_allocation, binom_test_p0, ...) or its Go name.

${SNAPSHOT_SOURCE_USAGE}
${REST_DUMP_PRESERVED_USAGE}
${B_PROPOSAL_USAGE}
  --rows N     rows of the per-operator and miss-test tables in the terminal (default ${TERMINAL_ROWS})
  --brief      only the parts a first reading needs (no parameter table, curves or vote table)
  --replay     also the epoch-433 replay (the built-in scenario of the gateway, not this chain state):
               on by default only for a generated snapshot (the bundled example)
  --html OUT   also write a self-contained HTML report (inline SVG charts, no network)
  --json       the comparison model: schemas/compare.schema.json (gonka-spec/compare@1; deltas are B − A)
${chainVersionUsage("preserved", "miss-test", "settlement")}
               (the preserved sampler runs that version's rules at the anchor; the output names it)`;

export const compareCommand: Command = {
  name: "compare",
  summary: "what a parameter proposal changes: A against B on one snapshot",
  usage,
  async run(args, io) {
    const p = parse(args, {
      ...SNAPSHOT_SOURCE_OPTIONS,
      a: { type: "string" },
      b: { type: "string" },
      ...B_PROPOSAL_OPTION,
      anchor: { type: "string" },
      anchors: { type: "string" },
      html: { type: "string" },
      rows: { type: "string" },
      brief: { type: "boolean" },
      replay: { type: "boolean" },
      json: { type: "boolean" },
      ...CHAIN_VERSION_OPTION,
      ...REST_DUMP_PRESERVED_OPTIONS,
    });
    const rows = intFlag(p, "rows");
    if (rows !== undefined && (rows < 0n || rows > 1_000_000n)) throw new InputError(`expected 0..1000000 rows, got ${rows}`, "--rows");
    const pendingB = await readB(p);
    if (pendingB === undefined) throw new InputError("missing required option --b (or --b-proposal N)");
    const fileA = str(p, "a");
    if (pendingB.kind === "file" && fileA === undefined) {
      throw new InputError("missing --a A.json: B is a proposal file, so A is one too; --a is optional when B is a real x/gov proposal (--b with a saved proposal, or --b-proposal N), A then being the params in force");
    }
    const anchors = intFlag(p, "anchors");
    if (anchors !== undefined && (anchors < 0n || anchors > BigInt(MAX_COMPARE_ANCHORS))) throw new InputError(`expected 0..${MAX_COMPARE_ANCHORS} anchors, got ${anchors}`, "--anchors");
    const anchor = heightFlag(p, "anchor"); // an int64 ≥ 0, the check every height flag gets
    // A real proposal's A, when not given, is the params in force: every value from the state.
    const a = fileA !== undefined ? loadProposal(fileA) : { name: "params in force" };
    // The preserved set and the miss test both run: a REST dump's lacks for either are named.
    const source = await readSnapshotSource(p, { uses: ["preserved", "miss-test"], warn: (l) => io.err(l) });
    const { snapshot, label } = source;
    // The anchor the chain uses (the stored snapshot's while a PoC runs, else the next PoC's start), as check and preserved.
    const { state, anchorInfo: episode, version } = preservedInputs(source, { ...(anchor !== undefined ? { anchor } : {}), chainVersion: chainVersionFlag(p) });
    // A real B's Params judged by Params.Validate of the state's version: what B would meet on this chain.
    const b = await resolveB(pendingB, p, snapshot.height, () => stateParamsInForce(p, snapshot, label), version.version);
    // The epoch-433 replay is a built-in scenario, not this state: part of a comparison on a generated example, else only when asked.
    const replay = p.values.replay === true || snapshot.source === "generated";
    const model = compareProposals({ snapshot, a, b: b.proposal, state, ...(b.view !== null ? { bProposal: b.view } : {}) }, defaultEngines({ preservedRules: preservedRulesForChoice(version), settlementVersion: version.version }), {
      anchor: episode.height,
      ...(anchors !== undefined ? { anchors: Number(anchors) } : {}),
      whereA: fileA ?? `${label} (params in force)`,
      whereB: b.where,
      simulate: replay,
    });
    model.notes.push(...b.notes);
    if (!replay) model.notes.push("The epoch-433 replay (the gateway's built-in incident scenario, not this chain state) is not part of a comparison on real data: --replay adds it.");
    const html = str(p, "html");
    if (html !== undefined) {
      writeFileAtomic(html, renderReport(model), "the report");
    }
    if (p.values.json || wantsJson(args)) io.out(jsonDocument("compare", { ...model, notes: [...model.notes, ...gapInputLines(source.lacks, (f) => flagTaken(p, f))], chainVersion: versionJson(version) }));
    else {
      io.out(versionLine(version));
      io.out(renderCompareText(model, { ...(rows !== undefined ? { rows: Number(rows) } : {}), brief: p.values.brief === true }));
      if (html !== undefined) io.out(`\nHTML report written to ${html}`);
    }
    return 0;
  },
};
