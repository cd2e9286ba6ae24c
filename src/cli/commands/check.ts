/** `gonka-spec check ADDRESS`: will my nodes be preserved at this anchor, why, and how likely over anchors. */
import { InputError, describeValue } from "../../errors.js";
import { stringifyJson } from "../../go/json.js";
import { checkAddressAtAnchor } from "../../preserved/check-address.js";
import { preservationProbability } from "../../preserved/check-probability.js";
import { parse, str } from "../args.js";
import type { Command } from "../command.js";
import { group, loadPreservedInput } from "./preserved.js";
import { SNAPSHOT_SOURCE_OPTIONS, SNAPSHOT_SOURCE_USAGE } from "../snapshot-source.js";

const DEFAULT_ANCHORS = 10_000;
const MAX_ANCHORS = 1_000_000;

const usage = `Usage:
  gonka-spec check ADDRESS --snapshot FILE|--rpc URL [--height H] [--anchor H] [--anchors N] [--json]

For a node operator: at anchor H, is ADDRESS (gonka1... or its gonkavaloper1... address) preserved,
which of its nodes, and why each node is or is not; then, over N consecutive anchors H, H+1, ...
(default ${group(DEFAULT_ANCHORS)}; the anchor only changes the shuffle seed), the probability of being
preserved, per model, as an exact count k/N shown as a percentage.
${SNAPSHOT_SOURCE_USAGE}
  --anchor H    episode anchor height (default: the snapshot's preserved.anchorHeight, else its height)
  --anchors N   number of anchors for the probability (1..${group(MAX_ANCHORS)})
  --json        {address, anchorHeight, preservedAtAnchor, nodes: [{modelId, nodeId, pocWeight, preserved,
                reason, code}], probability, preservedCount, anchorsEvaluated, probabilityByModel}
Exit 0 on success, 2 on bad input (including an address the snapshot does not know).`;

function anchorsFlag(text: string | undefined): number {
  if (text === undefined) return DEFAULT_ANCHORS;
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > MAX_ANCHORS) {
    throw new InputError(`expected a number of anchors between 1 and ${MAX_ANCHORS}, got ${describeValue(text)}`, "--anchors");
  }
  return Number(t);
}

export const checkCommand: Command = {
  name: "check",
  summary: "will ADDRESS be preserved: its nodes and reasons at an anchor, and the probability over anchors",
  usage,
  async run(args, io) {
    const p = parse(args, { ...SNAPSHOT_SOURCE_OPTIONS, anchor: { type: "string" }, anchors: { type: "string" }, json: { type: "boolean" } }, true);
    if (p.positionals.length !== 1) {
      throw new InputError(p.positionals.length === 0 ? "missing ADDRESS (gonka-spec check ADDRESS --snapshot FILE)" : `expected one ADDRESS, got ${p.positionals.length}: ${p.positionals.join(" ")}`);
    }
    const anchors = anchorsFlag(str(p, "anchors"));
    const input = await loadPreservedInput(p);
    const at = checkAddressAtAnchor(input.state, p.positionals[0]!, input.anchor);
    const prob = preservationProbability(input.state, at.address, { first: input.anchor, count: anchors });

    if (p.values.json) {
      io.out(
        stringifyJson(
          {
            address: at.address,
            anchorHeight: at.anchorHeight,
            preservedAtAnchor: at.preservedAtAnchor,
            nodes: at.models.flatMap((m) => m.nodes.map((n) => ({ modelId: m.modelId, ...n }))),
            probability: prob.probability,
            preservedCount: prob.preservedCount,
            anchorsEvaluated: prob.anchorsEvaluated,
            firstAnchor: prob.firstAnchor,
            probabilityByModel: prob.models,
            warnings: at.warnings,
          },
          2,
        ),
      );
      return 0;
    }

    for (const w of at.warnings) io.err(`warning: ${w}`);
    const nodes = at.models.flatMap((m) => m.nodes);
    const kept = nodes.filter((n) => n.preserved).length;
    io.out(`${at.address} at anchor ${at.anchorHeight}: ${at.preservedAtAnchor ? "PRESERVED" : "not preserved"} (${kept} of ${nodes.length} nodes)`);
    if (at.models.length === 0) io.out("  no nodes in any model subgroup of this snapshot");
    for (const m of at.models) {
      io.out(`  ${m.modelId}`);
      const w = Math.max(...m.nodes.map((n) => n.nodeId.length));
      const ww = Math.max(...m.nodes.map((n) => group(n.pocWeight).length));
      for (const n of m.nodes) io.out(`    ${n.nodeId.padEnd(w)}  ${group(n.pocWeight).padStart(ww)}  ${n.preserved ? "preserved    " : "not preserved"}  ${n.reason}`);
    }
    io.out("");
    io.out(`Over ${group(prob.anchorsEvaluated)} anchors (${prob.firstAnchor} to ${prob.firstAnchor + BigInt(prob.anchorsEvaluated - 1)}): preserved at ${group(prob.preservedCount)} (${prob.probability})`);
    for (const m of prob.models) io.out(`  ${m.modelId}: ${group(m.preservedCount)} / ${group(m.anchorsEvaluated)} (${m.probability})`);
    return 0;
  },
};
