/** `gonka-spec verify --node URL --height H` or `verify --snapshot FILE`: recompute the preserved set and diff it with the chain's stored snapshot. */
import { InputError } from "../../errors.js";
import { isJsonObject } from "../../json-input.js";
import { PRESERVED_VERSION_OPTIONS, preservedRulesForChoice } from "../../preserved/preserved-rules.js";
import { samplePreservedForEpisode, type PreservedNodesSnapshot } from "../../preserved/sample-preserved-for-episode.js";
import { preservedStateOfSnapshot } from "../../preserved/snapshot-state.js";
import { diffPreserved, modelDifferences, nodeCount, nodeSetOf, parseStoredPreservedSnapshot, type Difference } from "../../preserved/stored-snapshot.js";
import { loadSnapshot, type Snapshot } from "../../snapshot/snapshot.js";
import { resolveChainVersion, versionJson, versionLine } from "../../versions/resolve.js";
import { CHAIN_VERSION_OPTION, chainVersionFlag, chainVersionUsage } from "../chain-version-flag.js";
import type { VersionChoice } from "../../versions/chain-version.js";
import { flagTaken, parse, required, str } from "../args.js";
import { CHAIN_USAGE, readSnapshotSource, requiredNodeUrl, REST_DUMP_PRESERVED_OPTIONS, REST_DUMP_PRESERVED_USAGE } from "../snapshot-source.js";
import { gapInputLines } from "../../sources/rest-dump/dump-gap.js";
import { confirmationPocEvents } from "../../sources/episode-anchor.js";
import { challengeSkipAt, challengeSkipLines } from "../../sources/preserved-inputs.js";
import { stripChallengeSkipFromPreserved } from "../../preserved/strip-challenge-skip-from-preserved.js";
import { jsonDocument } from "../json-output.js";
import type { Command, CliIO } from "../command.js";
import { chainFlags, clientOptions, progressReporter } from "./snapshot.js";
import { groupDigits } from "../../format/numbers.js";

export { diffPreserved, type Difference };

const usage = `Usage:
  gonka-spec verify --node URL --height H [--json] [--chain-version V] [--chain-id ID|any] [--timeout SECONDS] [--batch-size N]
                    (--node: tcp://host:26657, http://... or https://...; --rpc is the same; default $GONKA_NODE)
  gonka-spec verify --snapshot FILE [--json] [--chain-version V]
  gonka-spec verify --rest-dump DIR... [--epoch N] [--json] [--chain-version V]

Reads the chain's stored PreservedNodesSnapshot at height H and every input of
SamplePreservedForEpisode at the same height, recomputes the preserved set with the port (anchor = the
stored episode_anchor_height; epoch = the effective epoch, or the CPoC event's epoch when the anchor is a
confirmation-PoC trigger height) and compares them node by node.
H is the sampling height: the regular PoC start block (poc_start of the next epoch), or the first block
of a confirmation PoC's generation phase. Heights older than the node keeps need an archive node.

With --snapshot FILE (.json or .json.gz), offline: the stored snapshot is the file's
chain.preservedNodesSnapshot (as the chain client writes it, or as the REST API returns it) and the inputs
are its preserved slice; same comparison.

With --rest-dump DIR (repeatable, or a folder of epoch_N dumps), offline: the stored snapshot is the
dumps' saved PreservedNodesSnapshot answer; the inputs are built from the dumps of the epoch it was
sampled from (its anchor is that epoch's next PoC start or one of its confirmation PoC triggers) and
the epoch before; every input the dumps lack is named on stderr (in --json, in notes).
${REST_DUMP_PRESERVED_USAGE}

Reading a node:
${CHAIN_USAGE}

The sampler runs the rules of the chain version at the stored anchor: --chain-version, else the version
recorded with the state (the node's applied upgrade plans), else the gonka-mainnet upgrade table
(docs/versions.md); the output names it and why.
${chainVersionUsage("preserved")}

Exit 0 the port agrees; 1 they differ (every difference is printed); 2 bad input or a chain error.`;


interface Outcome {
  chainId: string;
  height: string;
  anchor: bigint;
  /** What the anchor is, as a code: a regular PoC's start, a confirmation PoC's trigger, or neither. */
  episodeKind: "regular-poc" | "confirmation-poc" | "other";
  episode: string;
  epoch: bigint;
  notes: string[];
  choice: VersionChoice;
  stored: PreservedNodesSnapshot;
  port: PreservedNodesSnapshot;
}

/** Run the sampler under the chosen version's rules and print the comparison; the exit code. */
function compareAndReport(io: CliIO, json: boolean, snap: Snapshot, label: string, o: Omit<Outcome, "choice" | "port">, p: ReturnType<typeof parse>): number {
  const choice = resolveChainVersion(chainVersionFlag(p), snap, { height: o.anchor, ...PRESERVED_VERSION_OPTIONS });
  const rules = preservedRulesForChoice(choice);
  const state = preservedStateOfSnapshot(snap, label);
  const sampled = samplePreservedForEpisode(state, o.anchor, { explain: false, rules }).snapshot;
  // v0.2.16: a confirmation PoC's caller leaves the epoch's challenge targets out after sampling (#1811)
  const skip = o.episodeKind === "confirmation-poc" ? challengeSkipAt(snap, state, o.anchor, rules) : undefined;
  const port = stripChallengeSkipFromPreserved(sampled, skip?.targets ?? new Set());
  if (skip !== undefined && skip.targets.size > 0) {
    const leftOut = sampled.modelPreservedNodes.flatMap((m) => m.participants.filter((p) => skip.targets.has(p.participantId)).map((p) => ({ modelId: m.modelId, participantId: p.participantId, nodeIds: p.nodeIds })));
    o.notes.push(...challengeSkipLines(skip, leftOut));
  } else if (o.episodeKind === "confirmation-poc" && rules.confirmationChallengeSkip && state.pocChallengeTargets === undefined) {
    o.notes.push(`the input holds no PoC challenge records of epoch ${o.epoch}: the chain leaves their targets out of a confirmation PoC's set (#1811, v0.2.16), the port cannot`);
  }
  const chainSet = nodeSetOf(o.stored);
  const portSet = nodeSetOf(port);
  const diffs = diffPreserved(chainSet, portSet);
  const models = modelDifferences(o.stored, port);
  const agree = diffs.length === 0 && models.onlyOnChain.length === 0 && models.onlyInPort.length === 0 && port.episodeAnchorHeight === o.anchor;
  const chainNodes = nodeCount(chainSet);
  const portNodes = nodeCount(portSet);
  const onlyOnChain = diffs.reduce((n, d) => n + d.onlyOnChain.length, 0);
  const onlyInPort = diffs.reduce((n, d) => n + d.onlyInPort.length, 0);
  if (json) {
    io.out(
      jsonDocument("verify", {
        agree,
        chainId: o.chainId,
        height: o.height,
        chainVersion: versionJson(choice),
        episodeAnchorHeight: o.anchor,
        episodeKind: o.episodeKind,
        episode: o.episode,
        epoch: o.epoch,
        chainNodes,
        portNodes,
        matchingNodes: chainNodes - onlyOnChain,
        onlyOnChainNodes: onlyOnChain,
        onlyInPortNodes: onlyInPort,
        differences: diffs,
        modelsOnlyOnChain: models.onlyOnChain,
        modelsOnlyInPort: models.onlyInPort,
        notes: o.notes,
      }),
    );
  } else {
    io.out(`chain ${o.chainId}, height ${groupDigits(BigInt(o.height))}: ${o.episode}, epoch ${o.epoch}`);
    io.out(versionLine(choice));
    for (const n of o.notes) io.out(`note: ${n}`);
    if (agree) {
      io.out(`agree: the port reproduces the stored PreservedNodesSnapshot (${groupDigits(chainNodes)} nodes over ${o.stored.modelPreservedNodes.length} models)`);
    } else {
      io.out(
        `DIFFER: ${diffs.length} participant(s) differ: ${chainNodes - onlyOnChain} of the chain's ${chainNodes} nodes reproduced, ${onlyOnChain} only on chain, ${onlyInPort} only in the port (port ${portNodes} nodes)`,
      );
      for (const d of diffs) {
        io.out(`  ${d.modelId} ${d.participantId}: only on chain [${d.onlyOnChain.join(", ")}]; only in port [${d.onlyInPort.join(", ")}]`);
      }
      if (models.onlyOnChain.length > 0 || models.onlyInPort.length > 0) {
        io.out(`  model entries: only on chain [${models.onlyOnChain.join(", ")}]; only in port [${models.onlyInPort.join(", ")}]`);
      }
    }
  }
  return agree ? 0 : 1;
}

const big = (v: unknown): bigint | undefined =>
  typeof v === "bigint" ? v : typeof v === "number" && Number.isInteger(v) ? BigInt(v) : typeof v === "string" && /^-?\d+$/.test(v) ? BigInt(v) : undefined;


/** verify --snapshot FILE: the stored snapshot and the inputs both come from the file. */
function verifyOffline(file: string, p: ReturnType<typeof parse>, io: CliIO): number {
  return verifySnapshot(loadSnapshot(file), file, p, io);
}

/**
 * verify --rest-dump DIR...: the stored snapshot is the dumps' saved PreservedNodesSnapshot answer, the
 * inputs the preserved slice built from the dumps of its sampling epoch and the one before.
 */
async function verifyRestDump(p: ReturnType<typeof parse>, io: CliIO): Promise<number> {
  const { snapshot, label, read } = await readSnapshotSource(p, { uses: "preserved", warn: (l) => io.err(l) });
  if (snapshot.chain?.preservedNodesSnapshot === undefined || snapshot.chain.preservedNodesSnapshot === null) {
    throw new InputError("the dumps hold no stored preserved snapshot to compare with (the REST answer of /preserved_nodes_snapshot, with snapshot.model_preserved_nodes)", label);
  }
  // the JSON notes: the lacks the text counted, each flag named only where verify takes it
  return verifySnapshot(snapshot, label, p, io, gapInputLines(read, (f) => flagTaken(p, f)));
}

/** Compare the port with the stored snapshot of a loaded snapshot document (a file, or one built from REST dumps). */
function verifySnapshot(snap: Snapshot, file: string, p: ReturnType<typeof parse>, io: CliIO, extraNotes: string[] = []): number {
  const raw = snap.chain?.preservedNodesSnapshot;
  if (raw === undefined || raw === null) {
    throw new InputError("chain.preservedNodesSnapshot: the file carries no stored PreservedNodesSnapshot to compare with (snapshot --node writes it when the chain has one at that height)", file);
  }
  const stored = parseStoredPreservedSnapshot(raw, `${file}: chain.preservedNodesSnapshot`);
  const anchor = stored.episodeAnchorHeight;
  const height = BigInt(snap.height);
  const pre = snap.preserved as { epoch?: { index?: unknown }; anchorHeight?: unknown };
  const epochIndex = big(pre.epoch?.index);
  if (epochIndex === undefined) throw new InputError("preserved.epoch.index: expected the sampling epoch", file);
  const notes: string[] = [];
  let episode: string;
  let episodeKind: Outcome["episodeKind"] = "regular-poc";
  let epoch = epochIndex;
  let preserved = snap.preserved;
  const restAnchor = snap.source === "rest-dump" && isJsonObject(snap.chain?.restDumpAnchor) ? big(snap.chain.restDumpAnchor.height) : undefined;
  if (anchor === height || (restAnchor !== undefined && anchor === restAnchor)) {
    episode = `regular PoC at ${groupDigits(anchor)}`;
  } else {
    const ev = confirmationPocEvents(snap.chain).find((e) => e.triggerHeight === anchor);
    if (ev) {
      episodeKind = "confirmation-poc";
      episode = `confirmation PoC triggered at ${groupDigits(anchor)} (event of epoch ${ev.epochIndex}, generation from ${groupDigits(ev.generationStartHeight)})`;
      epoch = ev.epochIndex;
      preserved = { ...preserved, epoch: { index: ev.epochIndex } };
      if (ev.generationStartHeight !== height && snap.source !== "rest-dump") notes.push(`this confirmation PoC was sampled at its generation start ${groupDigits(ev.generationStartHeight)}; the file's inputs were read at ${groupDigits(height)} and may differ`);
    } else {
      episodeKind = "other";
      episode = `episode anchored at ${groupDigits(anchor)}`;
      notes.push(`the stored snapshot's anchor ${groupDigits(anchor)} is neither the file's height ${groupDigits(height)} nor a CPoC trigger it lists: the inputs read at ${groupDigits(height)} may differ from those sampled`);
    }
  }
  const fileAnchor = big(pre.anchorHeight);
  if (fileAnchor !== undefined && fileAnchor !== anchor && snap.source !== "rest-dump") notes.push(`preserved.anchorHeight is ${groupDigits(fileAnchor)}; the stored snapshot's anchor ${groupDigits(anchor)} is used`);
  const conv = snap.chain?.conversion;
  if (isJsonObject(conv) && snap.source !== "rest-dump") notes.push(`the file's inputs were rebuilt from public dumps; its chain.conversion lists the choices made where the dumps lack an input`);
  if (p.values.json === true) notes.push(...extraNotes);
  return compareAndReport(io, p.values.json === true, { ...snap, preserved }, file, { chainId: snap.chainId, height: snap.height, anchor, episodeKind, episode, epoch, notes, stored }, p);
}

export const verifyCommand: Command = {
  name: "verify",
  summary: "check the port against the chain's stored preserved snapshot at a height",
  usage,
  async run(args, io) {
    const p = parse(args, { ...chainFlags(), snapshot: { type: "string" }, ...CHAIN_VERSION_OPTION, ...REST_DUMP_PRESERVED_OPTIONS });
    if (p.values["rest-dump"] !== undefined) {
      if (str(p, "height") !== undefined) throw new InputError("--height only applies when reading a node (--node URL)", "--rest-dump");
      return verifyRestDump(p, io);
    }
    for (const f of ["epoch", "live-members", "missing-summaries"]) if (p.values[f] !== undefined) throw new InputError(`--${f} applies to --rest-dump only`);
    const file = str(p, "snapshot");
    if (file !== undefined) {
      if (str(p, "node") !== undefined || str(p, "rpc") !== undefined || str(p, "height") !== undefined) {
        throw new InputError("give --snapshot FILE or --node URL --height H, not both", "--snapshot");
      }
      return verifyOffline(file, p, io);
    }
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
      if (!stored) throw new InputError(`the chain has no PreservedNodesSnapshot stored at height ${groupDigits(reader.height)}`);
      const anchor = stored.episodeAnchorHeight;
      const snap = await buildSnapshot(reader, { chainId, anchorHeight: anchor, participants: false }); // the preserved slice is all verify reads
      rep.done(client.progress);
      const chainSlice = snap.chain as { confirmationPocEvents: { triggerHeight: bigint; epochIndex: bigint; generationStartHeight: bigint }[] };
      const preserved = snap.preserved as { epoch: { index: bigint } };
      let episode: string;
      let episodeKind: Outcome["episodeKind"] = "regular-poc";
      const notes: string[] = [];
      if (anchor === BigInt(reader.height)) {
        episode = `regular PoC at ${groupDigits(anchor)}`;
      } else {
        const ev = chainSlice.confirmationPocEvents.find((e) => e.triggerHeight === anchor);
        if (ev) {
          episodeKind = "confirmation-poc";
          episode = `confirmation PoC triggered at ${groupDigits(anchor)} (event of epoch ${ev.epochIndex}, generation from ${groupDigits(ev.generationStartHeight)})`;
          preserved.epoch = { index: ev.epochIndex };
          if (ev.generationStartHeight !== BigInt(reader.height)) {
            notes.push(`this confirmation PoC was sampled at its generation start ${groupDigits(ev.generationStartHeight)}; inputs read at ${groupDigits(reader.height)} may differ: re-run with --height ${ev.generationStartHeight}`);
          }
        } else {
          episodeKind = "other";
          episode = `episode anchored at ${groupDigits(anchor)}`;
          notes.push(`the stored snapshot's anchor ${groupDigits(anchor)} is neither height ${groupDigits(reader.height)} nor a CPoC trigger of epoch ${preserved.epoch.index}: it was sampled at an earlier block, and inputs read at ${groupDigits(reader.height)} may differ; a regular PoC is sampled at its anchor: re-run with --height ${anchor}`);
        }
      }
      return compareAndReport(io, quiet, snap, "chain state", { chainId, height: snap.height, anchor, episodeKind, episode, epoch: preserved.epoch.index, notes, stored }, p);
    } finally {
      client.disconnect();
    }
  },
};
