/** `gonka-spec import-rest DIR... --out FILE`: a snapshot file from directories of saved REST answers. */
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { InputError } from "../../errors.js";
import { writeFileAtomic } from "../../fs/files.js";
import { stringifyJson } from "../../go/json.js";
import { snapshotFromRestDumps } from "../../sources/rest-dump/snapshot-from-rest.js";
import { flagTaken, parse, str } from "../args.js";
import { gapsWithFlagsTaken } from "../../sources/rest-dump/dump-gap.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument } from "../json-output.js";
import { REST_DUMP_PRESERVED_OPTIONS, REST_DUMP_SETTLEMENT_OPTIONS, REST_DUMP_SETTLEMENT_USAGE, restPreservedOptions, restSettlementOptions } from "../snapshot-source.js";
import { groupDigits } from "../../format/numbers.js";

const usage = `Usage:
  gonka-spec import-rest DIR... | --rest-dump DIR... --out FILE [--epoch N] [--live-members all|not-excluded]
                         [--missing-summaries rewarded|unrewarded] [--missing-subgroups empty]
                         [--validation-params group|saved] [--grace-p0 P] [--coin-balances FILE]
                         [--chain-id ID] [--json]

Reads every .json / .json.gz file of each DIR (saved REST answers of x/inference, any file names; a
DIR of epoch_N directories reads each), recognises each by its shape (root and per-model epoch group
data, epoch performance summaries, excluded participants, params, confirmation PoC events, a stored
preserved snapshot) and writes one snapshot file (docs/snapshot.md) with
  - the settlement slice of epoch N and what the chain paid (chain.settlementOutcome), and
  - the preserved slice: the sampler's inputs for the PoC that starts epoch N+1 (sampling epoch N,
    history N-1, anchor N+1's PoC start), with the dumps' stored preserved snapshot, if any
    (chain.preservedNodesSnapshot) and the choices made (chain.conversion).
N is --epoch, else the newest settled epoch of the dumps. A slice whose inputs the dumps lack is left
out and the reason printed. Every input the dumps lack is printed with the assumption made and the
number of rows it could change, and kept in the file. The file is written atomically (a temporary
file, then a rename), never inside a DIR it reads (the next read of that dump would read it too).

  --rest-dump DIR  a directory of saved REST answers, as every command names it (repeatable; the same
                 as DIR)
  --out FILE     where to write the snapshot
  --epoch N      the epoch (default: the newest with performance summaries)
  --live-members all|not-excluded  x/group live members (read by v0.2.13+ samplers), which a dump
                 lacks: every listed member (default) or those not excluded before the anchor
  --missing-summaries rewarded|unrewarded  members of epoch N-1's model subgroups without a
                 performance summary in the dumps (without the flag the preserved slice is left out)
${REST_DUMP_SETTLEMENT_USAGE}
                 (each choice is recorded in the settlement slice, with the parts of the input it fills)
  --chain-id ID  the chain the answers came from (a REST dump does not record it; default gonka-mainnet)
  --json         a JSON summary (schema gonka-spec/import-rest@1)

Exit 0 when written, 2 on bad input (one line naming the file and field).`;

/**
 * The snapshot is not written inside a dump being read: every later read of that dump would read the
 * snapshot too, as one of its files (refused, before anything is read).
 */
function refuseOutInsideDump(out: string, dirs: readonly string[]): void {
  const real = (d: string): string | null => {
    try {
      return realpathSync(d);
    } catch {
      return null; // a directory that is not there: its read names it
    }
  };
  const at = real(dirname(resolve(out)));
  if (at === null) return;
  for (const d of dirs) {
    const dir = real(d);
    if (dir === null) continue;
    const rel = relative(dir, at);
    if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))) {
      throw new InputError(`is inside the dump being read (${d}): a snapshot written there would be read as one of the dump's files next time; write it outside the dump`, `--out ${out}`);
    }
  }
}

export const importRestCommand: Command = {
  name: "import-rest",
  summary: "write a snapshot file from a directory of saved REST answers, naming what the dump lacks",
  usage,
  async run(args: string[], io: CliIO): Promise<number> {
    // DIR as every other command names it too (--rest-dump, repeatable), or as positionals
    const p = parse(args, { out: { type: "string" }, "chain-id": { type: "string" }, json: { type: "boolean" }, ...REST_DUMP_PRESERVED_OPTIONS, ...REST_DUMP_SETTLEMENT_OPTIONS }, true);
    const flagged = p.values["rest-dump"];
    const dirs = [...p.positionals, ...(Array.isArray(flagged) ? flagged.map(String) : typeof flagged === "string" ? [flagged] : [])];
    if (dirs.length === 0) throw new InputError("expected at least one directory of REST answers", "import-rest DIR");
    const takes = (f: string): boolean => flagTaken(p, f);
    const out = str(p, "out");
    if (out === undefined) throw new InputError("missing required option --out FILE");
    refuseOutInsideDump(out, dirs);
    const chainId = str(p, "chain-id");
    const { snapshot, gaps, preserved } = snapshotFromRestDumps(dirs, { ...(chainId !== undefined ? { chainId } : {}), ...restPreservedOptions(p), ...restSettlementOptions(p) });
    writeFileAtomic(out, `${stringifyJson(snapshot, 1)}\n`, "the snapshot");
    const participants = Array.isArray(snapshot.settlement?.participants) ? snapshot.settlement.participants.length : 0;
    const pres = preserved === null ? null : { samplingEpoch: preserved.samplingEpoch, historyEpoch: preserved.historyEpoch, anchor: { height: preserved.anchor.height, source: preserved.anchor.source, explanation: preserved.anchor.explanation }, storedSnapshot: preserved.storedSnapshot !== null };
    if (p.values.json) {
      io.out(
        jsonDocument("import-rest", {
          out,
          epoch: snapshot.settlement?.epoch ?? null,
          height: snapshot.height,
          chainId: snapshot.chainId,
          participants,
          preserved: pres,
          files: (snapshot.chain as { restDump: unknown }).restDump,
          assumptions: gapsWithFlagsTaken(gaps, takes),
        }),
      );
      return 0;
    }
    const settled = snapshot.settlement === undefined ? "no settlement slice" : `settlement of epoch ${String(snapshot.settlement.epoch)}, ${participants} participants`;
    const sampled = preserved === null ? "no preserved slice" : `preserved slice: sampling epoch ${preserved.samplingEpoch}, history ${preserved.historyEpoch}, anchor ${groupDigits(preserved.anchor.height)}${preserved.storedSnapshot !== null ? ", with the chain's stored preserved snapshot" : ""}`;
    io.out(`import-rest: wrote ${out}: ${settled}; ${sampled}; height ${groupDigits(BigInt(snapshot.height))}`);
    if (preserved !== null) io.out(`  ${preserved.anchor.explanation}`);
    io.out("what the dumps lack, and the assumption made:");
    for (const g of gaps) io.out(`  - ${g.input}: ${g.assumption}${g.rowsAffected > 0 ? ` (could change ${g.rowsAffected} rows)` : ""}${g.flag !== undefined && takes(g.flag) ? ` [${g.flag}]` : ""}`);
    return 0;
  },
};
