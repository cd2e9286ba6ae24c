/** `gonka-spec snapshot --rpc URL [--height H] [--epoch N] --out FILE`: chain state at one height → snapshot file. */
import { closeSync, existsSync, openSync, statSync, unlinkSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { InputError } from "../../errors.js";
import { stringifyJson } from "../../go/json.js";
import { jsonDocument } from "../json-output.js";
import type { Progress } from "../../chain/index.js";
import { checkDistinctOutputs, writeFileAtomic } from "../../fs/files.js";
import { serializeSnapshot } from "../../snapshot/snapshot.js";
import { heightFlag, intFlag, parse, required, str } from "../args.js";
import { CHAIN_OPTIONS, clientOptions, requiredNodeUrl } from "../snapshot-source.js";
import type { CliIO, Command } from "../command.js";
import { groupDigits } from "../../format/numbers.js";

const usage = `Usage:
  gonka-spec snapshot --node URL [--height H] [--epoch N] [--anchor A] --out FILE [--record FILE] [--json]
                      [--chain-id ID|any] [--timeout SECONDS] [--budget SECONDS] [--max-response-mb N]
                      [--concurrency N] [--batch-size N]

Reads every input of the rules from a node's CometBFT RPC endpoint (--node tcp://host:26657, http://...
or https://...; --rpc is the same; default: the GONKA_NODE environment variable), each read pinned to ONE block height
(the node's latest, resolved once, unless --height is given), and writes one versioned snapshot file
(docs/snapshot.md): the preserved-set state of the effective epoch, the settlement input of epoch N
(default: the effective epoch - 1, the last settled one), params, PoC events and the chain's stored
preserved snapshot. The file is written to a temporary name and renamed, so --out is never half-written.

  --height H       pin every read to block H (state after H committed); old heights need an archive node
  --epoch N        epoch whose settlement goes into the snapshot (default: effective epoch - 1)
  --record FILE    also write every node answer (JSON lines: path, data_hex, height, value_b64,
                   code, log) for replay by the test node (src/testing/fixture-server.ts)
  --anchor A       preserved.anchorHeight recorded in the file (default: H)
  --chain-id ID    refuse a node of another chain (default gonka-mainnet; "any" accepts every chain)
  --timeout S      deadline of each HTTP request, first byte to last, in seconds (default 30)
  --budget S       total time for everything read from the node, in seconds (default 600)
  --max-response-mb N  largest answer accepted, in MiB (default 64, at most 256), counted as it streams in
                   Only refused/reset connections, timeouts, HTTP 5xx and 429 are retried (4 attempts,
                   backoff 0.2 s doubling); a garbage, HTML or oversized answer is not.
  --concurrency N  queries in flight (default 64)
  --batch-size N   JSON-RPC requests per HTTP request (default 10, CometBFT's default
                   rpc.max_request_batch_size; raise it for nodes configured with a larger limit)
  --json           print a JSON summary on stdout and no progress on stderr

Exit 0 written; 2 bad input or a chain error (unreachable node, timeout, wrong chain id, pruned or
future height, missing epoch group, undecodable response), one line on stderr.`;

function human(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} kB` : `${n} B`;
}

/** Progress reporter on stderr, throttled. */
/** Retries over every query, and the most attempts one query makes (a failed query's error says the same). */
export const retried = (p: Progress): string =>
  p.retries ? `, ${groupDigits(p.retries)} retries over all queries${p.attemptsPerQuery !== undefined ? ` (each query tried at most ${p.attemptsPerQuery} times)` : ""}` : "";

export function progressReporter(io: CliIO, quiet: boolean): { onProgress: (p: Progress) => void; done: (p: Progress) => void } {
  // Quiet for the first 250 ms: short fetches and early errors print no progress noise.
  let last = Date.now();
  return {
    onProgress(p) {
      if (quiet) return;
      const now = Date.now();
      if (now - last < 250) return;
      last = now;
      io.err(`queries ${groupDigits(p.done)}/${groupDigits(p.total)}, ${human(p.httpBytes)}${retried(p)}`);
    },
    done(p) {
      if (!quiet) io.err(`queries ${groupDigits(p.done)}/${groupDigits(p.total)}, ${human(p.httpBytes)}${retried(p)} (done)`);
    },
  };
}

/** The parseArgs options of a command that reads a node (shared with verify). */
export function chainFlags() {
  return { ...CHAIN_OPTIONS, json: { type: "boolean" } } as const;
}

export { clientOptions };

/** Create and remove a temporary file in `dir` (where the atomic write will put its own): InputError when that fails. */
function probeWritable(dir: string, f: string): void {
  const probe = resolve(dir, `.gonka-spec-probe-${process.pid}.tmp`);
  try {
    closeSync(openSync(probe, "wx"));
    unlinkSync(probe);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new InputError(`cannot write in directory ${dir} (${code}); nothing was read from the node`, f);
  }
}

export const snapshotCommand: Command = {
  name: "snapshot",
  summary: "read the chain state the rules need, at one height, into a snapshot file",
  usage,
  async run(args, io) {
    const p = parse(args, { ...chainFlags(), epoch: { type: "string" }, anchor: { type: "string" }, out: { type: "string" }, record: { type: "string" } });
    const rpc = requiredNodeUrl(p);
    const out = required(p, "out");
    // Fail before reading the chain when --out (or --record) cannot be written, or both name one file.
    checkDistinctOutputs([{ flag: "--out", file: out }, { flag: "--record", file: str(p, "record") }]);
    for (const f of [out, str(p, "record")]) {
      if (f === undefined) continue;
      const dir = dirname(resolve(f));
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(`directory ${dir} does not exist`, f);
      if (existsSync(f) && statSync(f).isDirectory()) throw new InputError("is a directory; name a file", f);
      probeWritable(dir, f);
    }
    const epoch = intFlag(p, "epoch");
    if (epoch !== undefined && epoch < 0n) throw new InputError("expected an epoch index >= 0", "--epoch");
    const anchor = heightFlag(p, "anchor");
    const quiet = p.values.json === true;
    const rep = progressReporter(io, quiet);
    const t0 = performance.now();
    const { readSnapshot } = await import("../../chain/index.js"); // CosmJS loads only here
    const { snapshot: snap, client, reader } = await readSnapshot(rpc, { ...clientOptions(p), height: str(p, "height"), epoch, anchorHeight: anchor, onProgress: rep.onProgress });
    const chainId = snap.chainId;
    {
      const text = serializeSnapshot(snap);
      writeFileAtomic(out, text, "the snapshot");
      const record = str(p, "record");
      if (record !== undefined) writeFileAtomic(record, reader.recording().map((r) => JSON.stringify(r)).join("\n") + "\n", "the record");
      rep.done(client.progress);
      const ms = Math.round(performance.now() - t0);
      const pre = snap.preserved as { epoch: { index: bigint } };
      // The chain version the node ran at the height (its applied upgrade plans).
      const cv = snap.chainVersion as { version: string | null; source: string; detail: string } | undefined;
      const chainVersion = cv ? { version: cv.version, source: cv.source, detail: cv.detail } : null;
      if (quiet) {
        io.out(jsonDocument("snapshot", { ok: true, file: out, chainId, height: snap.height, effectiveEpoch: pre.epoch.index, chainVersion, queries: client.progress.done, bytes: client.progress.httpBytes, protobufBytes: client.progress.bytes, retries: client.progress.retries, fileBytes: Buffer.byteLength(text), ms }));
      } else {
        for (const w of (snap.chain as { warnings?: string[] }).warnings ?? []) io.err(`note: ${w}`);
        const v = chainVersion ? `; chain version ${chainVersion.version ?? "unknown"} (${chainVersion.detail})` : "";
        io.out(`wrote ${out}: chain ${chainId}, height ${groupDigits(BigInt(snap.height))}, effective epoch ${pre.epoch.index}${v}; ${groupDigits(client.progress.done)} queries, ${human(client.progress.httpBytes)} in ${ms} ms`);
      }
      return 0;
    }
  },
};
