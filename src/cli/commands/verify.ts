/** `gonka-spec verify --node URL --height H`: recompute the preserved set and diff it with the chain's stored snapshot. */
import { InputError } from "../../errors.js";
import { compareGoStrings } from "../../go/bytes.js";
import { stringifyJson } from "../../go/json.js";
import { parsePreservedState } from "../../preserved/state.js";
import { samplePreservedForEpisode } from "../../preserved/sample-preserved-for-episode.js";
import { parse, required, str } from "../args.js";
import { requiredNodeUrl } from "../snapshot-source.js";
import type { Command } from "../command.js";
import { chainFlags, clientOptions, progressReporter } from "./snapshot.js";

const usage = `Usage:
  gonka-spec verify --node URL --height H [--json] [--chain-id ID|any] [--timeout SECONDS] [--batch-size N]
                    (--node: tcp://host:26657, http://... or https://...; --rpc is the same; default $GONKA_NODE)

Reads the chain's stored PreservedNodesSnapshot at height H and every input of
SamplePreservedForEpisode at the same height, recomputes the preserved set with the port (anchor = the
stored episode_anchor_height; epoch = the effective epoch, or the CPoC event's epoch when the anchor is a
confirmation-PoC trigger height) and compares them node by node.
H is the sampling height: the regular PoC start block (poc_start of the next epoch), or the first block
of a confirmation PoC's generation phase. Heights older than the node keeps need an archive node.

Exit 0 the port agrees; 1 they differ (every difference is printed); 2 bad input or a chain error.`;

type NodeSet = Map<string, Map<string, Set<string>>>; // model -> participant -> node ids

function toSet(s: { modelPreservedNodes: { modelId: string; participants: { participantId: string; nodeIds: string[] }[] }[] }): NodeSet {
  const out: NodeSet = new Map();
  for (const m of s.modelPreservedNodes) {
    const pm = out.get(m.modelId) ?? new Map<string, Set<string>>();
    for (const p of m.participants) {
      const ns = pm.get(p.participantId) ?? new Set<string>();
      for (const n of p.nodeIds) ns.add(n);
      pm.set(p.participantId, ns);
    }
    out.set(m.modelId, pm);
  }
  return out;
}

export interface Difference {
  modelId: string;
  participantId: string;
  onlyOnChain: string[];
  onlyInPort: string[];
}

export function diffPreserved(chain: NodeSet, port: NodeSet): Difference[] {
  const diffs: Difference[] = [];
  const models = [...new Set([...chain.keys(), ...port.keys()])].sort(compareGoStrings);
  for (const m of models) {
    const c = chain.get(m) ?? new Map<string, Set<string>>();
    const p = port.get(m) ?? new Map<string, Set<string>>();
    for (const a of [...new Set([...c.keys(), ...p.keys()])].sort(compareGoStrings)) {
      const cn = c.get(a) ?? new Set<string>();
      const pn = p.get(a) ?? new Set<string>();
      const onlyOnChain = [...cn].filter((n) => !pn.has(n)).sort(compareGoStrings);
      const onlyInPort = [...pn].filter((n) => !cn.has(n)).sort(compareGoStrings);
      if (onlyOnChain.length || onlyInPort.length) diffs.push({ modelId: m, participantId: a, onlyOnChain, onlyInPort });
    }
  }
  return diffs;
}

export const verifyCommand: Command = {
  name: "verify",
  summary: "check the port against the chain's stored preserved snapshot at a height",
  usage,
  async run(args, io) {
    const p = parse(args, chainFlags());
    const rpc = requiredNodeUrl(p);
    const height = required(p, "height");
    const quiet = p.values.json === true;
    const rep = progressReporter(io, quiet);
    // CosmJS and the generated protobuf code load only here, not for --help.
    const [{ openPinned }, { buildSnapshot }, { preservedNodesSnapshot }] = await Promise.all([
      import("../../chain/index.js"),
      import("../../chain/build-snapshot.js"),
      import("../../chain/queries.js"),
    ]);
    const { client, reader, chainId } = await openPinned(rpc, { ...clientOptions(p), height, onProgress: rep.onProgress });
    try {
      const stored = await preservedNodesSnapshot(reader);
      if (!stored) throw new InputError(`the chain has no PreservedNodesSnapshot stored at height ${reader.height}`);
      const anchor = stored.episodeAnchorHeight;
      const snap = await buildSnapshot(reader, { chainId, anchorHeight: anchor });
      rep.done(client.progress);
      const chainSlice = snap.chain as { confirmationPocEvents: { triggerHeight: bigint; epochIndex: bigint; generationStartHeight: bigint }[] };
      const preserved = snap.preserved as { epoch: { index: bigint } };
      let episode: string;
      const notes: string[] = [];
      if (anchor === BigInt(reader.height)) {
        episode = `regular PoC at ${anchor}`;
      } else {
        const ev = chainSlice.confirmationPocEvents.find((e) => e.triggerHeight === anchor);
        if (ev) {
          episode = `confirmation PoC triggered at ${anchor} (event of epoch ${ev.epochIndex}, generation from ${ev.generationStartHeight})`;
          preserved.epoch = { index: ev.epochIndex };
          if (ev.generationStartHeight !== BigInt(reader.height)) {
            notes.push(`this confirmation PoC was sampled at its generation start ${ev.generationStartHeight}; inputs read at ${reader.height} may differ: re-run with --height ${ev.generationStartHeight}`);
          }
        } else {
          episode = `episode anchored at ${anchor}`;
          notes.push(`the stored snapshot's anchor ${anchor} is neither height ${reader.height} nor a CPoC trigger of epoch ${preserved.epoch.index}: it was sampled at an earlier block, and inputs read at ${reader.height} may differ; a regular PoC is sampled at its anchor: re-run with --height ${anchor}`);
        }
      }
      const state = parsePreservedState(snap.preserved, "chain state");
      const result = samplePreservedForEpisode(state, anchor, { explain: false });
      const diffs = diffPreserved(toSet(stored), toSet(result.snapshot));
      const agree = diffs.length === 0 && result.snapshot.episodeAnchorHeight === anchor;
      const count = (s: NodeSet) => [...s.values()].reduce((n, m) => n + [...m.values()].reduce((k, x) => k + x.size, 0), 0);
      if (quiet) {
        io.out(stringifyJson({ agree, chainId, height: snap.height, episodeAnchorHeight: anchor, episode, epoch: preserved.epoch.index, chainNodes: count(toSet(stored)), portNodes: count(toSet(result.snapshot)), differences: diffs, notes }, 2));
      } else {
        io.out(`chain ${chainId}, height ${snap.height}: ${episode}, epoch ${preserved.epoch.index}`);
        for (const n of notes) io.out(`note: ${n}`);
        if (agree) {
          io.out(`agree: the port reproduces the stored PreservedNodesSnapshot (${count(toSet(stored))} nodes over ${stored.modelPreservedNodes.length} models)`);
        } else {
          io.out(`DIFFER: ${diffs.length} participant(s) differ (chain ${count(toSet(stored))} nodes, port ${count(toSet(result.snapshot))} nodes)`);
          for (const d of diffs) {
            io.out(`  ${d.modelId} ${d.participantId}: only on chain [${d.onlyOnChain.join(", ")}]; only in port [${d.onlyInPort.join(", ")}]`);
          }
        }
      }
      void str;
      return agree ? 0 : 1;
    } finally {
      client.disconnect();
    }
  },
};
