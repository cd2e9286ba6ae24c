/** `gonka-spec import-rest DIR --out FILE`: a snapshot file from a directory of saved REST answers. */
import { InputError } from "../../errors.js";
import { writeFileAtomic } from "../../fs/files.js";
import { stringifyJson } from "../../go/json.js";
import { snapshotFromRestDump } from "../../rest-dump/snapshot-from-rest.js";
import { parse, str } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument } from "../json-output.js";

const usage = `Usage:
  gonka-spec import-rest DIR --out FILE [--chain-id ID] [--json]

Reads every .json / .json.gz file of DIR (saved REST answers of x/inference, any file names),
recognises each by its shape (root and per-model epoch group data, epoch performance summaries,
excluded participants, params, confirmation PoC events, a stored preserved snapshot) and writes one
snapshot file (docs/snapshot.md) with the epoch's settlement slice and the chain's recorded outcome
(chain.settlementOutcome). Every input the dump lacks is printed with the assumption made and the
number of rows it could change, and kept in the file (settlement.reward.assumptions). The file is
written atomically (a temporary file, then a rename).

  --out FILE     where to write the snapshot
  --chain-id ID  the chain the answers came from (a REST dump does not record it; default gonka-mainnet)
  --json         a JSON summary (schema gonka-spec/import-rest@1)

Exit 0 when written, 2 on bad input (one line naming the file and field).`;

export const importRestCommand: Command = {
  name: "import-rest",
  summary: "write a snapshot file from a directory of saved REST answers, naming what the dump lacks",
  usage,
  async run(args: string[], io: CliIO): Promise<number> {
    const p = parse(args, { out: { type: "string" }, "chain-id": { type: "string" }, json: { type: "boolean" } }, true);
    if (p.values.help) {
      io.out(usage);
      return 0;
    }
    if (p.positionals.length !== 1) throw new InputError(`expected one directory of REST answers, got ${p.positionals.length} arguments`, "import-rest DIR");
    const dir = p.positionals[0]!;
    const out = str(p, "out");
    if (out === undefined) throw new InputError("missing required option --out FILE");
    const chainId = str(p, "chain-id");
    const { snapshot, gaps } = snapshotFromRestDump(dir, chainId !== undefined ? { chainId } : {});
    writeFileAtomic(out, `${stringifyJson(snapshot, 1)}\n`, "the snapshot");
    const participants = Array.isArray(snapshot.settlement?.participants) ? snapshot.settlement.participants.length : 0;
    if (p.values.json) {
      io.out(jsonDocument("import-rest", { out, epoch: snapshot.settlement?.epoch ?? null, height: snapshot.height, chainId: snapshot.chainId, participants, files: (snapshot.chain as { restDump: unknown }).restDump, assumptions: gaps }));
      return 0;
    }
    io.out(`import-rest: wrote ${out}: epoch ${String(snapshot.settlement?.epoch)}, ${participants} participants, height ${snapshot.height} (settlement height estimated as the epoch's last block + 1)`);
    io.out("what the dump lacks, and the assumption made:");
    for (const g of gaps) io.out(`  - ${g.input}: ${g.assumption}${g.rowsAffected > 0 ? ` (could change ${g.rowsAffected} rows)` : ""}${g.flag !== undefined ? ` [${g.flag}]` : ""}`);
    return 0;
  },
};
