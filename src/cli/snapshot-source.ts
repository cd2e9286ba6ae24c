/**
 * The flags of a chain-state source: `--snapshot FILE`, `--rest-dump DIR...` or `--node URL
 * [--height H]`, each checked once here and read by src/sources/source.ts (the chain client is
 * imported only when a node is read).
 */
import { InputError, describeValue } from "../errors.js";
import { countFlag, flagTaken, readJsonFile, secondsFlag, str, type Parsed } from "./args.js";
import { checkedInt64 } from "../go/int64.js";
import { parseDecimalText } from "../go/chain-decimal.js";
import { isJsonObject } from "../json-input.js";
import { checkP0 } from "../misstest/epoch-input.js";
import type { RestSettlementOptions } from "../sources/rest-dump/settlement-from-rest.js";
import { gapLine, gapsRead, gapSummary, gapWarnings, type DumpGap, type DumpUse } from "../sources/rest-dump/dump-gap.js";
import { CHAIN_VERSIONS, type ChainVersion } from "../versions/chain-version.js";
import type { RestPreservedOptions } from "../sources/rest-dump/preserved-from-rest.js";
import { readNodeSource, readRestDumpSource, readSnapshotFileSource, type Source } from "../sources/source.js";

/** The environment variable naming the node when no --node/--rpc is given (like inferenced's node config). */
export const NODE_ENV = "GONKA_NODE";

/** The flags of every command that reads a node (inferenced's names; --rpc is the older name of --node). */
export const CHAIN_OPTIONS = {
  node: { type: "string" },
  rpc: { type: "string" },
  height: { type: "string" },
  "chain-id": { type: "string" },
  timeout: { type: "string" },
  budget: { type: "string" },
  "max-response-mb": { type: "string" },
  concurrency: { type: "string" },
  "batch-size": { type: "string" },
} as const;

/** The parseArgs options of a snapshot source. */
export const SNAPSHOT_SOURCE_OPTIONS = {
  snapshot: { type: "string" },
  "rest-dump": { type: "string" },
  verbose: { type: "boolean" },
  ...CHAIN_OPTIONS,
} as const;

/** Usage lines for the chain flags. */
export const CHAIN_USAGE = `  --node URL       the node's CometBFT RPC: tcp://host:26657, http://... or https://... (--rpc is the
                   same; default: the ${NODE_ENV} environment variable); every read pinned to
  --height H       one height (default: the latest block, resolved once)
  --chain-id ID    the chain the node must serve (default gonka-mainnet; "any" accepts every chain)
  --timeout S      deadline of each HTTP request, first byte to last, in seconds (default 30)
  --budget S       total time for everything read from the node, in seconds (default 600)
  --max-response-mb N  largest answer accepted, in MiB (default 64, at most 256), counted as it streams in
                   (only refused/reset connections, timeouts, HTTP 5xx and 429 are retried)
  --batch-size N   JSON-RPC requests per HTTP request (default 10, CometBFT's rpc.max_request_batch_size)
  --concurrency N  queries in flight (default 64)`;

/** Usage lines for the options above. */
export const SNAPSHOT_SOURCE_USAGE = `  --snapshot FILE  a snapshot file (gonka-spec snapshot writes one; examples/mainnet-like.snapshot.json)
  --rest-dump DIR  instead: a directory of saved REST answers (any file names), or a folder of such
                   directories (epoch_N); one line on stderr says how many inputs the dump lacks that
                   these rules read (--verbose: each, with the assumption made)
${CHAIN_USAGE}`;


/**
 * A node URL as the chain client takes it: `tcp://host:port` (CometBFT's and inferenced's spelling)
 * becomes `http://host:port`; http and https pass; anything else is an InputError naming `where`.
 */
export function normalizeNodeUrl(text: string, where: string): string {
  const t = text.trim();
  const m = /^(tcp|http|https):\/\/([^\s/?#]+)(.*)$/i.exec(t);
  if (m === null || /[\u0000-\u001f\u007f]/.test(t)) {
    throw new InputError(`expected a node URL (tcp://host:port, http://... or https://...), got ${describeValue(text)}`, where);
  }
  const scheme = m[1]!.toLowerCase() === "tcp" ? "http" : m[1]!.toLowerCase();
  return `${scheme}://${m[2]}${m[3]}`;
}

/**
 * The node to read: --node, else --rpc, else $GONKA_NODE; undefined when none is given (and
 * `useEnv` is false or the variable is unset). Both flags at once is an error.
 */
export function nodeUrl(p: Parsed, useEnv = true, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const node = str(p, "node");
  const rpc = str(p, "rpc");
  if (node !== undefined && rpc !== undefined) throw new InputError("give --node or --rpc (the same flag), not both");
  if (node !== undefined) return normalizeNodeUrl(node, "--node");
  if (rpc !== undefined) return normalizeNodeUrl(rpc, "--rpc");
  const e = useEnv ? env[NODE_ENV] : undefined;
  if (e !== undefined && e.trim() !== "") return normalizeNodeUrl(e, NODE_ENV);
  return undefined;
}

/** The node to read, required: a clear error names the flags and the variable. */
export function requiredNodeUrl(p: Parsed): string {
  const u = nodeUrl(p);
  if (u === undefined) throw new InputError(`missing --node URL (or --rpc URL, or the ${NODE_ENV} environment variable)`);
  return u;
}

/** The chain client options of the chain flags, validated (one validation for every command). */
export function clientOptions(p: Parsed): { expectedChainId?: string; timeoutMs?: number; budgetMs?: number; maxResponseBytes?: number; concurrency?: number; batchSize?: number } {
  const chainId = str(p, "chain-id");
  if (chainId !== undefined && (chainId.trim() === "" || /[\u0000-\u001f\u007f\s]/.test(chainId) || chainId.length > 128)) {
    throw new InputError(`expected a chain id (letters, digits, '-'; or "any"), got ${describeValue(chainId)}`, "--chain-id");
  }
  const timeoutMs = secondsFlag(p, "timeout");
  const concurrency = p.values.concurrency === undefined ? undefined : countFlag(p, "concurrency", 1, 1024, 64);
  const batchSize = p.values["batch-size"] === undefined ? undefined : countFlag(p, "batch-size", 1, 10_000, 10);
  const budgetMs = secondsFlag(p, "budget");
  const maxResponseMb = p.values["max-response-mb"] === undefined ? undefined : countFlag(p, "max-response-mb", 1, 256, 64);
  return {
    ...(budgetMs !== undefined ? { budgetMs } : {}),
    ...(maxResponseMb !== undefined ? { maxResponseBytes: maxResponseMb * 1024 * 1024 } : {}),
    ...(chainId !== undefined ? { expectedChainId: chainId } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(batchSize !== undefined ? { batchSize } : {}),
  };
}

/**
 * The flags of a command that reads the preserved slice from REST dumps: --rest-dump repeatable (the
 * sampling epoch and its predecessor may be two dumps), the sampling epoch, and the two choices a dump
 * leaves open. Spread after SNAPSHOT_SOURCE_OPTIONS.
 */
export const REST_DUMP_PRESERVED_OPTIONS = {
  "rest-dump": { type: "string", multiple: true },
  verbose: { type: "boolean" },
  epoch: { type: "string" },
  "live-members": { type: "string" },
  "missing-summaries": { type: "string" },
} as const;

/** Usage lines for REST_DUMP_PRESERVED_OPTIONS. */
export const REST_DUMP_PRESERVED_USAGE = `  with --rest-dump (repeatable, or a folder of epoch_N dumps): the dumps of epochs N-1 and N give the
  sampler's inputs for the PoC that starts epoch N+1 (anchor: N+1's PoC start)
  --epoch N        the sampling epoch N (default: the newest epoch in the dumps)
  --live-members all|not-excluded  the x/group live members (read from v0.2.13), which a dump lacks:
                   every listed member (default), or those not excluded before the anchor
  --missing-summaries rewarded|unrewarded  members of epoch N-1's model subgroups without a
                   performance summary in the dumps (refused unless given)`;

/**
 * The flags of a REST dump's settlement slice: what a dump lacks of it, supplied (coin balances, a grace
 * epoch's p0) or chosen (where binom_test_p0 comes from, a model's missing per-model answer). Every
 * command that reads the slice takes those it reads: settle, import-rest and backtest all four, miss-test
 * the two of the p0 (it reads no per-model groups and no balances).
 */
export const REST_DUMP_SETTLEMENT_OPTIONS = {
  "validation-params": { type: "string" },
  "grace-p0": { type: "string" },
  "coin-balances": { type: "string" },
  "missing-subgroups": { type: "string" },
} as const;

/** The two of REST_DUMP_SETTLEMENT_OPTIONS the miss test reads (its p0). */
export const REST_DUMP_P0_OPTIONS = { "validation-params": REST_DUMP_SETTLEMENT_OPTIONS["validation-params"], "grace-p0": REST_DUMP_SETTLEMENT_OPTIONS["grace-p0"] } as const;

/** Usage lines for REST_DUMP_P0_OPTIONS. */
export const REST_DUMP_P0_USAGE = `  --validation-params group|saved   REST dump only: binom_test_p0 from the epoch group's own copy
                       (default) or from the saved module params
  --grace-p0 P         REST dump only: a punishment grace epoch's p0 for this epoch (no REST query)`;

/** Usage lines for REST_DUMP_SETTLEMENT_OPTIONS. */
export const REST_DUMP_SETTLEMENT_USAGE = `${REST_DUMP_P0_USAGE}
  --coin-balances FILE  REST dump only: {address: coin balance} (the dump has no balances); an address
                       that is not a participant of the epoch is named in a warning (a file naming none
                       is refused), and the participants it leaves out stay named as assumed
  --missing-subgroups empty  REST dump only: a model the root group lists without its per-model answer
                       in the dump is taken as a subgroup without members (refused otherwise); named
                       with the rows it can change, and a zero it decides is "not computable"`;

/** {address: balance} of --coin-balances FILE (int64 each). */
function coinBalances(file: string): Map<string, bigint> {
  const j = readJsonFile(file);
  if (!isJsonObject(j)) throw new InputError(`expected an object {address: balance}, got ${describeValue(j)}`, file);
  // a file naming nobody would leave every balance assumed while the flag says they were given
  if (Object.keys(j).length === 0) throw new InputError(`${file} names no balance (expected {address: coin balance} naming participants of the epoch)`, "--coin-balances");
  return new Map(Object.keys(j).map((k) => [k, checkedInt64(j[k], `${file}: ${k}`)] as const));
}

/** The REST-dump settlement options of the flags the command took (each value checked). */
export function restSettlementOptions(p: Parsed): RestSettlementOptions {
  const out: RestSettlementOptions = {};
  const vp = str(p, "validation-params");
  if (vp !== undefined) {
    if (vp !== "group" && vp !== "saved") throw new InputError(`expected group or saved, got ${describeValue(vp)}`, "--validation-params");
    out.validationParams = vp;
  }
  const g = str(p, "grace-p0");
  if (g !== undefined) {
    // the chain stores a grace epoch's p0 as Decimal{int64, int32}: the bounds every decimal from a user or a file gets
    const graceP0 = parseDecimalText(g, "--grace-p0").toChain();
    checkP0(graceP0, "--grace-p0");
    out.graceP0 = graceP0;
  }
  const cb = str(p, "coin-balances");
  if (cb !== undefined) out.coinBalances = coinBalances(cb);
  const ms = str(p, "missing-subgroups");
  if (ms !== undefined) {
    if (ms !== "empty") throw new InputError(`expected empty, got ${describeValue(ms)}`, "--missing-subgroups");
    out.missingSubgroups = "empty";
  }
  return out;
}

/** The REST-dump-only settlement flags given (refused with another source: a snapshot records its own choice). */
export function refuseRestSettlementFlags(p: Parsed): void {
  const given = Object.keys(REST_DUMP_SETTLEMENT_OPTIONS).filter((f) => p.values[f] !== undefined);
  if (given.length > 0) throw new InputError(`--${given[0]} applies to --rest-dump only (a snapshot records its own choice)`);
}

/** A source as the commands use it (src/sources/source.ts), with a REST dump's gaps under their older name. */
export interface SnapshotSource extends Source {
  /** With --rest-dump: every input the dumps lack (the full list). */
  gaps?: DumpGap[];
  /** With --rest-dump: the lacks these rules read, once each: those the text counts (and a JSON warnings list names). */
  read?: DumpGap[];
}

export interface ReadSourceOptions {
  /**
   * Which slice the command reads, so only its gaps are printed (default "miss-test": settlement's
   * downtime step). "preserved" also requires the preserved slice and reads REST_DUMP_PRESERVED_OPTIONS.
   */
  uses?: DumpUse | DumpUse[];
  /** Where a warning line goes (default stderr). */
  warn?: (line: string) => void;
}

function restDirs(p: Parsed): string[] | undefined {
  const v = p.values["rest-dump"];
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).map(String);
}

/** The REST-dump preserved options from the flags (each value checked). */
export function restPreservedOptions(p: Parsed): RestPreservedOptions {
  const out: RestPreservedOptions = {};
  const e = str(p, "epoch");
  if (e !== undefined) {
    if (!/^\d{1,19}$/.test(e.trim())) throw new InputError(`expected an epoch number, got ${describeValue(e)}`, "--epoch");
    out.epoch = BigInt(e.trim());
  }
  const live = str(p, "live-members");
  if (live !== undefined) {
    if (live !== "all" && live !== "not-excluded") throw new InputError(`expected all or not-excluded, got ${describeValue(live)}`, "--live-members");
    out.liveMembers = live;
  }
  const ms = str(p, "missing-summaries");
  if (ms !== undefined) {
    if (ms !== "rewarded" && ms !== "unrewarded") throw new InputError(`expected rewarded or unrewarded, got ${describeValue(ms)}`, "--missing-summaries");
    out.missingSummaries = ms;
  }
  return out;
}

/** The flags that only tune reading a node (--chain-id also names the chain of saved answers, so it is kept apart). */
const NODE_READ_FLAGS = ["height", "timeout", "budget", "max-response-mb", "concurrency", "batch-size"] as const;

/** Refuse a node-reading flag given with a source that reads no node: it would be ignored silently. */
export function refuseNodeFlags(p: Parsed, options: { chainId?: boolean; to?: string } = {}): void {
  for (const f of [...NODE_READ_FLAGS, ...(options.chainId === true ? ["chain-id"] : [])]) {
    if (p.values[f] !== undefined) throw new InputError(`--${f} only applies when reading a node (${options.to ?? "--node URL"})`);
  }
}

/** The source the flags name: --snapshot FILE, --rest-dump DIR..., or the node (--node/--rpc/$GONKA_NODE) at --height. */
export async function readSnapshotSource(p: Parsed, options: ReadSourceOptions = {}): Promise<SnapshotSource> {
  const file = str(p, "snapshot");
  const height = str(p, "height");
  const dirs = restDirs(p);
  const uses: DumpUse[] = Array.isArray(options.uses) ? options.uses : [options.uses ?? "miss-test"];
  const preserved = uses.includes("preserved");
  if (dirs === undefined && preserved) {
    for (const f of ["live-members", "missing-summaries", "epoch"]) if (p.values[f] !== undefined) throw new InputError(`--${f} applies to --rest-dump only`);
  }
  if (dirs !== undefined) {
    if (file !== undefined || str(p, "node") !== undefined || str(p, "rpc") !== undefined) throw new InputError("give one of --rest-dump DIR, --snapshot FILE or --node URL");
    refuseNodeFlags(p);
    const chainId = str(p, "chain-id");
    // --epoch N picks the epoch of a folder of dumps for every reader (default: the newest settled one).
    const epochNumber = !preserved ? str(p, "epoch") : undefined;
    const source = readRestDumpSource(dirs, {
      // the miss test alone reads no per-model group: a missing one is taken as empty, a lack only settle prints
      // (a reader of more, compare's settlement side, keeps the refusal)
      ...(uses.length === 1 && uses[0] === "miss-test" ? { missingSubgroups: "empty" as const } : {}),
      ...restSettlementOptions(p),
      ...(chainId !== undefined ? { chainId } : {}),
      ...(epochNumber !== undefined && /^\s*\d{1,19}\s*$/.test(epochNumber) ? { epoch: BigInt(epochNumber.trim()) } : {}),
      // a reader of the settlement slice alone (the miss test) needs it: its lack is the refusal, not the preserved slice's too
      ...(preserved ? { ...restPreservedOptions(p), require: "preserved" as const } : { require: "settlement" as const }),
    });
    // Never silent: what the dump lacks of what these rules read, in one line on stderr (stdout stays
    // the answer); --verbose lists each input and its assumption.
    const cv = str(p, "chain-version");
    const version = cv !== undefined && /^v\d+\.\d+\.\d+$/.test(cv.trim()) && (CHAIN_VERSIONS as readonly string[]).includes(cv.trim()) ? (cv.trim() as ChainVersion) : undefined;
    const read = gapsRead(source.lacks, uses, version);
    if (p.values.json !== true) {
      const warn = options.warn ?? ((l: string) => process.stderr.write(`${l}\n`));
      const takes = (f: string): boolean => flagTaken(p, f); // a gap names its flag only to a command that takes it
      for (const l of gapWarnings(read, takes)) warn(l);
      if (p.values.verbose === true) {
        for (const g of read) if (g.warning !== true) warn(`rest dump lacks ${gapLine(g, takes)}`);
      } else {
        const line = gapSummary(read);
        if (line !== null) warn(`note: ${line}`);
      }
    }
    return { ...source, gaps: source.lacks, read };
  }
  refuseRestSettlementFlags(p);
  if (file !== undefined) {
    if (str(p, "node") !== undefined || str(p, "rpc") !== undefined) throw new InputError("give either --snapshot FILE or --rpc URL (--node URL), not both");
    refuseNodeFlags(p, { chainId: true });
    return readSnapshotFileSource(file);
  }
  const url = nodeUrl(p);
  if (url === undefined) throw new InputError(`missing --snapshot FILE or --rpc URL (or --node URL, or the ${NODE_ENV} environment variable)`);
  return readNodeSource(url, { ...clientOptions(p), ...(height !== undefined ? { height } : {}) });
}
