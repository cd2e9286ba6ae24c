/** `gonka-spec check ADDRESS`: will my nodes be preserved at this anchor, why, and how likely over anchors. */
import { InputError, describeValue } from "../../errors.js";
import { checkAddressAtAnchor, type AddressCheck, type CheckedNode } from "../../preserved/check-address.js";
import { preservationProbability, type PreservationProbability } from "../../preserved/check-probability.js";
import { flagTaken, parse, str } from "../args.js";
import { gapInputLines } from "../../sources/rest-dump/dump-gap.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument, wantsJson } from "../json-output.js";
import { loadPreservedInput, type PreservedInput } from "./preserved.js";
import { challengeSkipJson, storedSetCheck } from "../../sources/preserved-inputs.js";
import { versionJson, versionLine } from "../../versions/resolve.js";
import { CHAIN_VERSION_OPTION, chainVersionUsage } from "../chain-version-flag.js";
import { REST_DUMP_PRESERVED_OPTIONS, REST_DUMP_PRESERVED_USAGE, SNAPSHOT_SOURCE_OPTIONS, SNAPSHOT_SOURCE_USAGE } from "../snapshot-source.js";
import { groupDigits } from "../../format/numbers.js";
import { indexAssumptions } from "../../assumptions.js";
import { reasonAssumption } from "../../preserved/assumed-reasons.js";

const DEFAULT_ANCHORS = 10_000;
/** 100,000 anchors take about 4 s on the example snapshot (2 cores), proportionally more on a larger state. */
const MAX_ANCHORS = 100_000;
/** Anchors evaluated per step of the probability loop; progress goes to stderr after PROGRESS_AFTER_MS. */
const CHUNK = 2_000;
const PROGRESS_AFTER_MS = 2_000;

const usage = `Usage:
  gonka-spec check ADDRESS --snapshot FILE|--node URL [--height H]|--rest-dump DIR... [--anchor H] [--anchors N] [--json]

For a node operator: at the PoC's episode anchor, is ADDRESS (gonka1... or its gonkavaloper1...
address) preserved, which of its nodes, and why each other node is not, in words you can act on;
then, over N consecutive anchors H, H+1, ... (default ${groupDigits(DEFAULT_ANCHORS)}; the anchor only changes
the shuffle seed), the probability of being preserved, per model, as an exact count k of N.
${SNAPSHOT_SOURCE_USAGE}
${REST_DUMP_PRESERVED_USAGE}
  --anchor H    episode anchor height. Default: the anchor the chain uses: with --rpc (or a snapshot
                written by 'gonka-spec snapshot'), the stored PreservedNodesSnapshot's anchor while a
                PoC runs, else the next PoC's start from the epoch params; for other snapshot files,
                their preserved.anchorHeight. The output names the anchor and where it came from.
  --anchors N   number of anchors for the probability (1..${groupDigits(MAX_ANCHORS)}; progress on stderr when slow)
  --json        schemas/check.schema.json (gonka-spec/check@1)
${chainVersionUsage("preserved")}
Exit 0 on success, 2 on bad input (including an address the snapshot does not know).`;

function anchorsFlag(text: string | undefined): number {
  if (text === undefined) return DEFAULT_ANCHORS;
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > MAX_ANCHORS) {
    throw new InputError(`expected a number of anchors between 1 and ${MAX_ANCHORS}, got ${describeValue(text)}`, "--anchors");
  }
  return Number(t);
}

/** The probability over `count` anchors in chunks, yielding between them; progress on stderr when slow. */
async function probabilityWithProgress(input: PreservedInput, address: string, count: number, io: CliIO, quiet: boolean): Promise<PreservationProbability> {
  const start = Date.now();
  let total: PreservationProbability | undefined;
  for (let done = 0; done < count; ) {
    const n = Math.min(CHUNK, count - done);
    const part = preservationProbability(input.state, address, { first: input.anchor + BigInt(done), count: n }, input.rules);
    if (total === undefined) total = { ...part, firstAnchor: input.anchor, models: part.models.map((m) => ({ ...m })) };
    else {
      total.preservedCount += part.preservedCount;
      total.models.forEach((m, i) => (m.preservedCount += part.models[i]!.preservedCount));
    }
    done += n;
    total.anchorsEvaluated = done;
    for (const m of total.models) m.anchorsEvaluated = done;
    const ms = Date.now() - start;
    if (!quiet && ms > PROGRESS_AFTER_MS && done < count) io.err(`check: ${groupDigits(done)} of ${groupDigits(count)} anchors (${Math.round(ms / 1000)} s)`);
    if (done < count) await new Promise((r) => setImmediate(r));
  }
  return total!;
}

const ratio = (k: number, n: number): number => (n === 0 ? 0 : k / n);

/** k of n as "82.48 % (8,248 of 10,000 anchors)", truncated to two decimals on integers. */
function percent(k: number, n: number): string {
  const bp = Math.floor((k * 10_000) / n);
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, "0")} % (${groupDigits(k)} of ${groupDigits(n)} anchors)`;
}

/** Terms explained once, the first time the output uses them. */
const TERMS: Record<string, string> = {
  fill: "The fill: per model the chain gives each drawn participant its lightest remaining node, one node per participant per round (round 1, round 2, ...), until the preserved weight reaches the target (slot allocation × the model's weight); \"target met\" means the fill stopped before a node's turn.",
  iqr: "The IQR cap: a per-model upper limit on node weight, Q3 + 1.5 × (Q3 − Q1) of all the model's node weights; heavier nodes are outliers and never preserved.",
  voting: "Kept for voting: a large participant (together, the top 75 % of voting power) keeps its heaviest nodes (above its 25 % weight threshold) voting; only lighter ones can be preserved. A participant's only node is always its heaviest.",
  sampled: "Drawn: each PoC the chain draws about half of the eligible participants per model (a shuffle seeded by the epoch, the anchor and the model); the rest are not preserved at that anchor.",
};

/** One node's status in words an operator can act on; `terms` collects the explanations used. */
function nodeReason(n: CheckedNode, onlyNode: boolean, terms: Set<string>): string {
  const g = (t: string) => t.replace(/\b\d{4,}\b/g, (d) => groupDigits(BigInt(d)));
  switch (n.code) {
    case "preserved":
      terms.add("fill");
      return `preserved: taken in round ${n.round ?? "?"} of the fill`;
    case "kept_for_voting":
      terms.add("voting");
      return onlyNode
        ? "kept for voting: it is this participant's only node, so under today's rule it cannot be preserved"
        : `kept for voting: ${g(n.reason.replace(/^kept for voting \([^)]*\): /, ""))}`;
    case "count_cut":
      terms.add("voting");
      return g(n.reason);
    case "above_outlier_cap":
      terms.add("iqr");
      return `above the IQR cap: ${g(n.reason.replace(/^above the outlier cap: /, ""))}`;
    case "not_sampled":
      terms.add("sampled");
      return `not drawn at this anchor (${g(n.reason.replace(/^participant not sampled at this anchor \((.*)\)$/, "$1"))}); see the probability below`;
    case "no_history":
      return `${n.reason}: only participants rewarded in the previous epoch for this model can be drawn; eligible again after a rewarded epoch`;
    case "target_met":
      terms.add("fill");
      return `target met: the fill reached the model's target before this node's turn (${g(n.reason.replace(/^not reached: target met \(/, "").replace(/\)$/, ""))})`;
    case "voting_cap":
      return "stopped by the 34 % cap: preserving it would leave the participant without a voting node while the non-voting power already preserved is near 34 % of the total";
    case "guardian":
      return "genesis guardian: never preserved";
    case "challenge_target":
      return `left out: ${n.reason.replace(/^sampled \((round \d+|round \?) of the fill\), then left out: /, "drawn ($1 of the fill), but ")}`;
    default:
      return g(n.reason);
  }
}

function headline(at: AddressCheck, kept: number, total: number): string {
  if (kept === 0) return total === 1 ? "NOT preserved: its only node is not preserved" : `NOT preserved: none of its ${groupDigits(total)} nodes`;
  // Counted in nodes, as the lines below it; the probability over anchors counts anchors with at least one.
  if (kept * 2 < total) return `${groupDigits(kept)} of its ${groupDigits(total)} nodes preserved (${groupDigits(total - kept)} are not)`;
  return `${groupDigits(kept)} of its ${groupDigits(total)} nodes preserved`;
}

/** The address's sampled nodes a confirmation PoC's challenge strip left out, per model. */
function leftOutOf(at: AddressCheck): { modelId: string; participantId: string; nodeIds: string[] }[] {
  return at.models
    .map((m) => ({ modelId: m.modelId, participantId: at.address, nodeIds: m.nodes.filter((n) => n.code === "challenge_target").map((n) => n.nodeId) }))
    .filter((l) => l.nodeIds.length > 0);
}

export const checkCommand: Command = {
  name: "check",
  summary: "will ADDRESS be preserved: its nodes and reasons at an anchor, and the probability over anchors",
  usage,
  async run(args, io) {
    const p = parse(args, { ...SNAPSHOT_SOURCE_OPTIONS, anchor: { type: "string" }, anchors: { type: "string" }, json: { type: "boolean" }, ...CHAIN_VERSION_OPTION, ...REST_DUMP_PRESERVED_OPTIONS }, true);
    if (p.positionals.length !== 1) {
      throw new InputError(p.positionals.length === 0 ? "missing ADDRESS (gonka-spec check ADDRESS --snapshot FILE)" : `expected one ADDRESS, got ${p.positionals.length}: ${p.positionals.join(" ")}`);
    }
    const json = p.values.json === true || wantsJson(args);
    const anchors = anchorsFlag(str(p, "anchors"));
    const input = await loadPreservedInput(p, io, json);
    const skip = input.challengeSkip;
    const at = checkAddressAtAnchor(input.state, p.positionals[0]!, input.anchor, input.rules, skip?.targets);
    const stored = storedSetCheck(input);
    const prob = await probabilityWithProgress(input, at.address, anchors, io, json);
    if (at.challengeTarget) {
      // every anchor of this confirmation PoC leaves the target out: nothing preserved at any of them
      prob.preservedCount = 0;
      for (const m of prob.models) m.preservedCount = 0;
    }
    const warnings = [...at.warnings, ...(stored?.warning !== undefined ? [stored.warning] : []), ...(skip?.doubt !== undefined ? [skip.doubt] : [])];
    // a reason reading an input the source assumed for this participant is not computable (src/preserved/assumed-reasons.ts)
    const index = indexAssumptions(input.restAssumptions);
    const assumed = new Map(at.models.flatMap((m) => m.nodes.map((n) => [n, reasonAssumption(n.code, at.address, index)] as const)));
    const nodes = at.models.flatMap((m) => m.nodes.map((n) => ({ modelId: m.modelId, ...n })));
    const kept = nodes.filter((n) => n.preserved).length;
    const chainNodes = stored
      ? [...stored.stored.nodes].flatMap(([modelId, byP]) => (byP.get(at.address) ?? []).map((nodeId) => ({ modelId, nodeId })))
      : null;

    if (json) {
      io.out(
        jsonDocument("check", {
          address: at.address,
          anchor: { height: input.anchor, source: input.anchorInfo.source },
          chainVersion: versionJson(input.version),
          preservedAtAnchor: at.preservedAtAnchor,
          nodeCount: nodes.length,
          preservedNodeCount: kept,
          nodes: at.models.flatMap((m) =>
            m.nodes.map((n) => {
              const nc = assumed.get(n);
              return { modelId: m.modelId, nodeId: n.nodeId, pocWeight: n.pocWeight, preserved: n.preserved, code: n.code, ...(n.round !== undefined ? { round: n.round } : {}), ...(nc !== undefined ? { notComputable: nc } : {}) };
            }),
          ),
          chainStored: stored ? { anchorHeight: stored.stored.episodeAnchorHeight, nodes: chainNodes, agreesWithPort: stored.warning === undefined } : null,
          // v0.2.16: the anchor is a confirmation PoC's; challengeTarget: this address is one of the hosts it leaves out
          challengeTarget: at.challengeTarget,
          confirmationPocSkip: skip ? challengeSkipJson(skip, leftOutOf(at)) : null,
          probability: {
            firstAnchor: prob.firstAnchor,
            anchorsEvaluated: prob.anchorsEvaluated,
            preservedCount: prob.preservedCount,
            probability: ratio(prob.preservedCount, prob.anchorsEvaluated),
            byModel: prob.models.map((m) => ({ modelId: m.modelId, preservedCount: m.preservedCount, probability: ratio(m.preservedCount, m.anchorsEvaluated) })),
          },
          warnings: [...warnings, ...input.anchorWarnings, ...gapInputLines(input.restAssumptions, (f) => flagTaken(p, f)), ...input.versionLacks],
        }),
      );
      return 0;
    }

    for (const w of warnings) io.err(`warning: ${w}`);
    const terms = new Set<string>();
    io.out(`${at.address}`);
    io.out(`  at anchor ${groupDigits(input.anchor)}: ${headline(at, kept, nodes.length)}`);
    io.out(`  (${input.anchorInfo.explanation.replace(/^anchor \d+(: | )/, "").replace(/^\((.*)\)$/, "$1")})`);
    io.out(`  ${versionLine(input.version)}`);
    if (at.challengeTarget) {
      io.out(`  a PoC challenge of epoch ${skip!.event.epochIndex} targets this host: during this confirmation PoC (triggered at block ${groupDigits(skip!.event.triggerHeight)}) none of its nodes is preserved, they all run PoC, and nobody is preserved in its place (#1811, v0.2.16)`);
    } else if (skip) {
      const n = skip.targets.size;
      io.out(`  confirmation PoC triggered at block ${groupDigits(skip.event.triggerHeight)}: ${n === 0 ? "no host has a PoC challenge record" : `${groupDigits(n)} host${n === 1 ? " has" : "s have"} a PoC challenge record, none of whose nodes is preserved (#1811); this host is not one of them`} (epoch ${skip.event.epochIndex})`);
    }
    if (chainNodes !== null) {
      io.out(
        `  the chain's stored PreservedNodesSnapshot for this anchor preserves ${groupDigits(chainNodes.length)} of its nodes${chainNodes.length > 0 ? `: ${chainNodes.map((n) => n.nodeId).join(", ")}` : ""}${stored!.warning === undefined ? " (the port agrees)" : " (the port's set differs: see the warning)"}`,
      );
    }
    if (at.models.length === 0) io.out("  no nodes in any model subgroup of this snapshot");
    for (const m of at.models) {
      io.out(`  ${m.modelId}`);
      const w = Math.max(...m.nodes.map((n) => n.nodeId.length));
      const ww = Math.max(...m.nodes.map((n) => groupDigits(n.pocWeight).length));
      for (const n of m.nodes) {
        const nc = assumed.get(n);
        const reason = nodeReason(n, m.nodes.length === 1, terms);
        io.out(`    ${n.nodeId.padEnd(w)}  weight ${groupDigits(n.pocWeight).padStart(ww)}  ${nc === undefined ? reason : `not computable: ${nc.lack} (what that assumption gives: ${reason})`}`);
      }
    }
    io.out("");
    const last = prob.firstAnchor + BigInt(prob.anchorsEvaluated - 1);
    io.out(`Over ${groupDigits(prob.anchorsEvaluated)} anchors (${groupDigits(prob.firstAnchor)} to ${groupDigits(last)}): at least one node preserved at ${percent(prob.preservedCount, prob.anchorsEvaluated)}`);
    for (const m of prob.models) io.out(`  ${m.modelId}: at least one node at ${percent(m.preservedCount, m.anchorsEvaluated)}`);
    if (at.challengeTarget) io.out(`  (the PoC challenge leaves this host out at every anchor of a confirmation PoC of epoch ${skip!.event.epochIndex})`);
    if (terms.size > 0) {
      io.out("");
      for (const t of ["fill", "voting", "iqr", "sampled"]) if (terms.has(t)) io.out(TERMS[t]!);
    }
    return 0;
  },
};
