/** `gonka-spec preserved`: the preserved set per model, today's rule and/or the demand-based proposal. */
import { InputError, describeValue } from "../../errors.js";
import { parseDemand, checkRate, type DemandInput } from "../../preserved/demand.js";
import { parseOverrides, runPreservedRules, type RuleModelResult, type RuleResult, type RuleSelection } from "../../preserved/compare-rules.js";
import { choice, flagTaken, parse, readJsonFile, str, type Parsed, heightValue } from "../args.js";
import { gapInputLines } from "../../sources/rest-dump/dump-gap.js";
import { jsonDocument, wantsJson } from "../json-output.js";
import { readSnapshotSource, REST_DUMP_PRESERVED_OPTIONS, REST_DUMP_PRESERVED_USAGE, SNAPSHOT_SOURCE_OPTIONS, SNAPSHOT_SOURCE_USAGE } from "../snapshot-source.js";
import type { CliIO, Command } from "../command.js";
import { challengeSkipJson, challengeSkipLines, preservedInputs, storedSetCheck, type PreservedInputs } from "../../sources/preserved-inputs.js";
import { versionJson, versionLine } from "../../versions/resolve.js";
import { CHAIN_VERSION_OPTION, chainVersionFlag, chainVersionUsage } from "../chain-version-flag.js";
import { groupDigits } from "../../format/numbers.js";

const usage = `Usage:
  gonka-spec preserved --snapshot FILE|--rpc URL [--height H]|--rest-dump DIR... [--anchor H] [--rule current|demand|both] [--demand FILE]
                       [--rate N] [--set epoch_params.poc_slot_allocation=0.25 ...] [--json]

The preserved set of a PoC episode per model: target and achieved weight, node count, the smallest
preserved node, PoC capacity against peak demand, and the preserved participants and nodes.
${SNAPSHOT_SOURCE_USAGE}
${REST_DUMP_PRESERVED_USAGE}
  --rule current   today's chain rule, bit-exact (SamplePreservedForEpisode; the default)
  --rule demand    the proposal: target max(slot allocation x W, D), D = ceil(peak x 10000 / rate),
                   filled largest node first over the same eligible set
  --rule both      both side by side
  --anchor H       episode anchor height (default: the anchor the chain uses: with --rpc, the stored
                   snapshot's anchor while a PoC runs, else the next PoC's start; for a snapshot
                   file, its preserved.anchorHeight); the output names it and where it came from
  --demand FILE    peak in-flight requests per model ({"peakInFlightRequests": {...}}; default: the
                   snapshot's demand slice)
  --rate N         PoC requests per 10,000 weight (default: the demand input's, else 10)
  --set K=V        parameter override; supported: epoch_params.poc_slot_allocation (a decimal in [0, 1];
                   also poc_slot_allocation, EpochParams.PocSlotAllocation, PocSlotAllocation)
  --list N         list at most N participants (or changed nodes) per model in the text (default: all)
${chainVersionUsage("preserved")}
  --json           schemas/preserved.schema.json (gonka-spec/preserved@1): one shape for every --rule,
                   {anchor, rules: [{rule, models: [...]}], chainStored, warnings}
Exit 0 on success, 2 on bad input.`;

/** The sampler's inputs (src/sources/preserved-inputs.ts), shared with `check`. */
export type PreservedInput = PreservedInputs;

/** Read the snapshot source and `--anchor` (default: the anchor the chain uses, see src/sources/episode-anchor.ts). */
export async function loadPreservedInput(p: Parsed, io?: CliIO, json = false): Promise<PreservedInputs> {
  const source = await readSnapshotSource(p, { uses: "preserved", ...(io !== undefined ? { warn: (l: string) => io.err(l) } : {}) });
  const a = str(p, "anchor");
  const input = preservedInputs(source, { ...(a !== undefined ? { anchor: anchorFlag(a) } : {}), chainVersion: chainVersionFlag(p) });
  // (text only: --json lists them in its warnings)
  if (io !== undefined && !json) for (const l of [...input.anchorWarnings, ...input.versionLacks]) io.err(`warning: ${l}`);
  return input;
}

function anchorFlag(text: string): bigint {
  return heightValue(text, "--anchor"); // an int64 ≥ 0, one check for every height flag
}

/** The demand input: --demand FILE, else the snapshot's demand slice, else none. */
export function loadDemand(p: Parsed, input: PreservedInputs): DemandInput | undefined {
  const f = str(p, "demand");
  if (f !== undefined) return parseDemand(readJsonFile(f), f);
  if (input.snapshot.demand !== undefined) return parseDemand(input.snapshot.demand, `${input.file}: demand`);
  return undefined;
}

function smallestText(m: RuleModelResult): string {
  return m.smallestNode ? `weight ${groupDigits(m.smallestNode.pocWeight)} (${m.smallestNode.participant} ${m.smallestNode.nodeId})` : "-";
}

function capacityText(m: RuleModelResult): string {
  const cap = `capacity ${groupDigits(m.capacityRequests)} requests`;
  return m.peakInFlight === null ? `${cap} (no demand figure)` : `${cap} for a peak of ${groupDigits(m.peakInFlight)} → ${m.capacityToDemand}× demand`;
}

function printRule(io: CliIO, r: RuleResult, list: number): void {
  for (const m of r.models) {
    io.out(`${m.modelId}`);
    io.out(`  target weight ${groupDigits(m.targetWeight)} of ${groupDigits(m.totalWeight)}${m.demandWeight !== null && r.rule === "demand" ? ` (slot allocation ${groupDigits(m.fractionTarget)}, demand ${groupDigits(m.demandWeight)})` : ""}; preserved weight ${groupDigits(m.achievedWeight)} in ${groupDigits(m.nodeCount)} nodes of ${groupDigits(m.participants.length)} participants`);
    if (m.cappedByEligibility) {
      io.out(`  capped by eligibility: only ${groupDigits(m.eligibleWeight)} is eligible; short ${groupDigits(m.shortfallWeight)} weight${m.shortfallRequests !== null ? ` and ${groupDigits(m.shortfallRequests)} requests at peak` : ""}`);
    }
    io.out(`  smallest preserved node ${smallestText(m)}; ${capacityText(m)}`);
    for (const p of m.participants.slice(0, list)) io.out(`    ${p.address}  ${p.nodeIds.join(", ")}`);
    if (m.participants.length > list) io.out(`    ... and ${groupDigits(m.participants.length - list)} more participants (--list N)`);
  }
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
}

function printBoth(io: CliIO, current: RuleResult, demand: RuleResult, list: number): void {
  const head = ["model / rule", "target (weight)", "preserved (weight)", "nodes", "smallest (weight)", "capacity (requests)", "peak (requests)", "cap/demand", "short (weight)", "short (requests)"];
  const rows: string[][] = [];
  current.models.forEach((c, i) => {
    const d = demand.models[i]!;
    rows.push([c.modelId, "", "", "", "", "", "", "", "", ""]);
    for (const [name, m] of [["  current", c], ["  demand", d]] as const) {
      rows.push([name, groupDigits(m.targetWeight), groupDigits(m.achievedWeight), String(m.nodeCount), m.smallestNode ? groupDigits(m.smallestNode.pocWeight) : "-", groupDigits(m.capacityRequests), m.peakInFlight === null ? "-" : groupDigits(m.peakInFlight), m.capacityToDemand ?? "-", groupDigits(m.shortfallWeight), m.shortfallRequests === null ? "-" : groupDigits(m.shortfallRequests)]);
    }
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[1] === "" && i === 0 ? 0 : r[i]!.length))));
  io.out(pad(head, widths));
  for (const r of rows) io.out(r[1] === "" ? r[0]! : pad(r, widths));
  io.out("");
  current.models.forEach((c, i) => {
    const d = demand.models[i]!;
    const keys = (m: RuleModelResult) => new Set(m.participants.flatMap((p) => p.nodeIds.map((n) => `${p.address} ${n}`)));
    const a = keys(c);
    const b = keys(d);
    const onlyCurrent = [...a].filter((k) => !b.has(k));
    const onlyDemand = [...b].filter((k) => !a.has(k));
    if (onlyCurrent.length + onlyDemand.length === 0) {
      io.out(`${c.modelId}: the same ${a.size} nodes under both rules`);
      return;
    }
    // --list 0: counts only, one line per model (the demo's section 1)
    io.out(`${c.modelId}: ${groupDigits(onlyCurrent.length)} nodes only under current, ${groupDigits(onlyDemand.length)} only under demand${list === 0 ? " (--list N lists them)" : ""}`);
    for (const k of onlyCurrent.slice(0, list)) io.out(`  - ${k}`);
    for (const k of onlyDemand.slice(0, Math.max(0, list - onlyCurrent.length))) io.out(`  + ${k}`);
    if (list > 0 && onlyCurrent.length + onlyDemand.length > list) io.out(`  ... and ${groupDigits(onlyCurrent.length + onlyDemand.length - list)} more nodes (--list N)`);
  });
}

export const preservedCommand: Command = {
  name: "preserved",
  summary: "the preserved set per model (today's rule, the demand proposal, or both)",
  usage,
  async run(args, io) {
    const p = parse(args, {
      ...SNAPSHOT_SOURCE_OPTIONS,
      anchor: { type: "string" },
      rule: { type: "string" },
      demand: { type: "string" },
      rate: { type: "string" },
      set: { type: "string", multiple: true },
      list: { type: "string" },
      json: { type: "boolean" },
      ...CHAIN_VERSION_OPTION,
      ...REST_DUMP_PRESERVED_OPTIONS,
    });
    const rule = choice<RuleSelection>(p, "rule", ["current", "demand", "both"], "current");
    const listText = str(p, "list");
    if (listText !== undefined && !/^\d+$/.test(listText.trim())) throw new InputError(`expected a number of entries, got ${describeValue(listText)}`, "--list");
    const list = listText === undefined ? Number.MAX_SAFE_INTEGER : Number(listText.trim());
    const overrides = parseOverrides((p.values.set as string[] | undefined) ?? []);
    const rateText = str(p, "rate");
    const rate = rateText === undefined ? undefined : checkRate(rateText.trim(), "--rate");
    const input = await loadPreservedInput(p, io, p.values.json === true || wantsJson(args));
    const demand = loadDemand(p, input);
    if (rule !== "current" && demand === undefined) {
      throw new InputError(`the demand rule needs peak in-flight requests per model: pass --demand FILE (e.g. examples/demand.json) or add a demand slice to the snapshot`, input.file);
    }
    const skip = input.challengeSkip;
    const r = runPreservedRules(input.state, { anchor: input.anchor, rule, demand, rate, overrides, rules: input.rules, ...(skip ? { challengeSkip: skip.targets } : {}) });
    const stored = storedSetCheck(input);
    const warnings = [...r.warnings, ...(stored?.warning !== undefined ? [stored.warning] : []), ...(skip?.doubt !== undefined ? [skip.doubt] : [])];
    if (p.values.json || wantsJson(args)) {
      const rules = (["current", "demand"] as const).filter((k) => r[k] !== undefined).map((k) => ({ rule: k, models: r[k]!.models }));
      io.out(
        jsonDocument("preserved", {
          anchor: { height: r.anchorHeight, source: input.anchorInfo.source },
          chainVersion: versionJson(input.version),
          epoch: input.state.epoch.index,
          pocSlotAllocation: r.pocSlotAllocation,
          rate: r.rate,
          rules,
          chainStored: stored
            ? { anchorHeight: stored.stored.episodeAnchorHeight, agreesWithPort: stored.warning === undefined, onlyChain: stored.difference.onlyChain, onlyPort: stored.difference.onlyPort, inBoth: stored.difference.both }
            : null,
          confirmationPocSkip: skip ? challengeSkipJson(skip, r.leftOutByChallenge) : null,
          warnings: [...warnings, ...input.anchorWarnings, ...gapInputLines(input.restAssumptions, (f) => flagTaken(p, f)), ...input.versionLacks],
        }),
      );
      return 0;
    }
    for (const w of warnings) io.err(`warning: ${w}`);
    io.out(`Preserved set at anchor ${groupDigits(r.anchorHeight)} (epoch ${groupDigits(input.state.epoch.index)}); slot allocation ${r.pocSlotAllocation}; PoC rate ${r.rate} requests per 10,000 weight`);
    io.out(`  ${versionLine(input.version)}`);
    io.out(`  ${input.anchorInfo.explanation.replace(/^anchor \d+(: | )/, "").replace(/^\((.*)\)$/, "$1")}`);
    if (skip) io.out(`  ${challengeSkipLines(skip, r.leftOutByChallenge)[0]}`);
    if (stored && stored.warning === undefined) io.out(`  the chain's stored PreservedNodesSnapshot for this anchor holds the same ${groupDigits(stored.difference.both)} nodes`);
    if (rule === "both") {
      io.out("");
      printBoth(io, r.current!, r.demand!, list);
    } else {
      io.out(`Rule: ${rule === "current" ? "current (the chain's rule, smallest node first)" : "demand (max(slot allocation x W, D), largest node first)"}`);
      io.out("");
      printRule(io, r[rule]!, list);
    }
    return 0;
  },
};
