/** `gonka-spec proposal`: read, decode and judge a real x/gov proposal. */
import { InputError, describeValue } from "../../errors.js";
import { loadSnapshot } from "../../snapshot/snapshot.js";
import { judgeProposal, type MessageJudgement, type ProposalJudgement, type SettledPayouts } from "../../gov/judge.js";
import type { ParamSet } from "../../gov/param-values.js";
import { paramsFromParamsFile, paramsFromRestDumps, paramsFromSnapshot } from "../../gov/params-in-force.js";
import type { Coin, GovProposal } from "../../gov/proposal.js";
import { loadProposalFile, proposalFromNode } from "../../gov/proposal-source.js";
import { proposalText } from "../../gov/proposal-text.js";
import { settledPayoutsFromRestDumps } from "../../gov/settled-epochs.js";
import { statedEpochs } from "../../gov/stated-figures.js";
import { parseChainVersion } from "../../versions/chain-version.js";
import { parse, str, type Parsed } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument } from "../json-output.js";
import { CHAIN_OPTIONS, CHAIN_USAGE, clientOptions, nodeUrl } from "../snapshot-source.js";
import { statusChangeSection, statusOverridesOfProposal } from "../status-change-side.js";

const usage = `Usage:
  gonka-spec proposal FILE [--params FILE | --snapshot FILE] [--rest-dump DIR...] [--json]
  gonka-spec proposal --node URL --id N [--height H] [--rest-dump DIR...] [--json]

One governance proposal as it is on chain, decoded and said in words: for a parameter update
(/inference.inference.MsgUpdateParams) every parameter that changes, old → new with its unit, the
rule of the port that reads it and whether compare/backtest model it; for transfers
(MsgBatchTransferWithVesting, MsgTransferWithVesting, bank MsgSend/MsgMultiSend) the recipients,
amounts in GNK and ngonka, vesting epochs and the total, beside any total or count the title or
summary states; for a software upgrade the plan's name and height and whether the port has that
version's rules. A message type the port does not decode is named with its size.

  FILE               a saved abci_query answer for /cosmos.gov.v1.Query/Proposal (the node's JSON-RPC
                     answer, base64 protobuf), or the JSON of \`inferenced query gov proposal N -o json\`
                     ({"proposal": {…}}, messages in amino or proto JSON)
  --node URL --id N  read proposal N from a node (--rpc is the same), with the x/inference params in
                     force at the same height when it updates them
  --params FILE      the params in force: \`inferenced query inference params -o json\` (or a REST
                     params answer); default with --node: the node's at the height
  --snapshot FILE    the params in force as a snapshot records them (only what the rules read)
  --rest-dump DIR    saved REST answers of settled epochs (a dump, or a folder of epoch_N dumps;
                     repeatable): where the title names epochs ("epochs 265-276"), what the port's
                     settle paid each recipient in those of them the dumps hold; without --params or
                     --snapshot, the dumps' params.json are the params in force
  --chain-version V  the rules to settle the dumps' epochs with (default: the mainnet upgrade table)
  --epochs FROM..TO  with --rest-dump, the epochs to judge a status-test change over (default: all the
                     dumps hold); with --node URL and a proposal FILE, the epochs read from the node

A change to the in-epoch status tests' parameters (false_positive_rate, bad_participant_invalidation_rate,
invalidation_h_threshold, the downtime test's, quick_failure_threshold, the reputation preserves,
alpha_threshold) is judged over the epochs given (--rest-dump DIR..., or --node URL --epochs FROM..TO):
every participant's updates replayed with its epoch's own params and with the proposal's (gonka-spec
status ADDRESS), who the proposal would have spared or newly excluded, and what each would have been
paid (the same settlement, re-run with those exclusions); a participant whose replay lacks an input is
"unknown", the input named. A params answer saved with the dumps is not the baseline: it is saved after
the epochs, and may already hold the proposal's values (said when it does).
  --json             JSON (schema gonka-spec/proposal@1)
${CHAIN_USAGE}

To see what a parameter update does to the preserved set, the miss test and settlement, run it as B:
  gonka-spec compare --snapshot S --b FILE         gonka-spec backtest --b FILE --rest-dump DIR`;

const options = {
  ...CHAIN_OPTIONS,
  id: { type: "string" },
  params: { type: "string" },
  snapshot: { type: "string" },
  "rest-dump": { type: "string", multiple: true },
  "chain-version": { type: "string" },
  epochs: { type: "string" },
  json: { type: "boolean" },
} as const;

function restDumps(p: Parsed): string[] {
  const v = p.values["rest-dump"];
  return Array.isArray(v) ? (v as string[]) : [];
}

function proposalId(p: Parsed): bigint {
  const v = str(p, "id");
  if (v === undefined) throw new InputError("reading a node needs the proposal's id: --id N", "--id");
  if (!/^\s*\d{1,19}\s*$/.test(v)) throw new InputError(`expected a proposal id (a positive integer), got ${describeValue(v)}`, "--id");
  const id = BigInt(v.trim());
  if (id === 0n) throw new InputError("proposal ids start at 1, got 0", "--id");
  return id;
}

/** The proposal and the params in force from the flags. */
async function readInputs(p: Parsed): Promise<{ proposal: GovProposal; inForce: ParamSet | null }> {
  const file = p.positionals[0];
  if (p.positionals.length > 1) throw new InputError(`one proposal at a time, got ${p.positionals.length} files`);
  const paramsFile = str(p, "params");
  const snap = str(p, "snapshot");
  if (paramsFile !== undefined && snap !== undefined) throw new InputError("give the params in force once: --params FILE or --snapshot FILE");
  const given = paramsFile !== undefined ? paramsFromParamsFile(paramsFile) : snap !== undefined ? paramsFromSnapshot(loadSnapshot(snap), snap) : null;
  const url = nodeUrl(p, file === undefined);
  const epochs = str(p, "epochs");
  if (epochs !== undefined && url === undefined && restDumps(p).length === 0) {
    throw new InputError("the epochs to replay are read from --rest-dump DIR or --node URL, and neither is given", `--epochs ${epochs}`);
  }
  if (file !== undefined) {
    // a node beside a proposal FILE serves the epochs a status-test change is judged over (--epochs)
    const epochsFromNode = url !== undefined && str(p, "epochs") !== undefined;
    if (url !== undefined && !epochsFromNode) throw new InputError("give a proposal FILE or --node URL --id N, not both (a FILE with --node URL --epochs FROM..TO judges a status-test change over those epochs)");
    for (const f of ["id", ...(epochsFromNode ? [] : ["height", "chain-id", "timeout", "budget", "max-response-mb", "concurrency", "batch-size"])]) {
      if (p.values[f] !== undefined) throw new InputError(`--${f} only applies when reading a node (--node URL --id N)`);
    }
    const proposal = await loadProposalFile(file);
    return { proposal, inForce: given ?? fromDumps(p) };
  }
  if (url === undefined) throw new InputError("missing the proposal: give a FILE, or --node URL --id N");
  const height = str(p, "height");
  const client = clientOptions(p); // the chain flags are checked first, as in every command that reads a node
  const r = await proposalFromNode(url, proposalId(p), { client, withParams: given === null, ...(height !== undefined ? { height } : {}) });
  return { proposal: r.proposal, inForce: given ?? r.params ?? fromDumps(p) };
}

function fromDumps(p: Parsed): ParamSet | null {
  const dirs = restDumps(p);
  return dirs.length === 0 ? null : paramsFromRestDumps(dirs);
}

/** With --rest-dump, what settlement paid in the dumps' epochs, when the proposal transfers coins for epochs its title or summary names. */
function settled(p: Parsed, proposal: GovProposal): SettledPayouts | null {
  const dirs = restDumps(p);
  const flag = str(p, "chain-version");
  if (flag !== undefined) {
    if (dirs.length === 0) throw new InputError("--chain-version only applies to the epochs of --rest-dump");
    parseChainVersion(flag);
  }
  const transfers = proposal.messages.some((m) => m.kind === "transfers" || (m.kind === "exec-legacy-content" && m.content?.kind === "transfers"));
  const named = statedEpochs(proposal.title) ?? statedEpochs(proposal.summary);
  if (dirs.length === 0 || !transfers || named === null) return null;
  const wanted = new Set<bigint>();
  for (let e = named.from; e <= named.to; e++) wanted.add(e);
  return settledPayoutsFromRestDumps(dirs, wanted, flag);
}

const coinsJson = (cs: Coin[]) => cs.map((c) => ({ denom: c.denom, amount: c.amount }));

function messageJson(m: MessageJudgement): object {
  switch (m.kind) {
    case "update-params":
      return {
        index: m.index,
        kind: m.kind,
        typeUrl: m.typeUrl,
        authority: m.authority,
        paramsInForce: m.inForce,
        set: m.set,
        unchanged: m.unchanged,
        changes: m.changes.map((c) => ({ path: c.path, unit: c.unit, old: c.old, new: c.new, status: c.status, readBy: c.readBy, modelled: c.modelled, ...(c.added !== undefined ? { added: c.added, removed: c.removed } : {}), ...(c.oldNil ? { oldNil: true } : {}), ...(c.newNil ? { newNil: true } : {}) })),
        unknownFields: m.unknownFields,
        refused: m.refused,
        validateVersion: m.validateVersion,
      };
    case "transfers":
      return {
        index: m.index,
        kind: m.kind,
        typeUrl: m.typeUrl,
        sender: m.sender,
        vestingEpochs: m.vestingEpochs,
        recipients: m.outputs.length,
        distinctRecipients: m.distinctRecipients,
        totals: coinsJson(m.totals),
        outputs: m.outputs.map((o) => ({ recipient: o.recipient, coins: coinsJson(o.coins) })),
      };
    case "software-upgrade":
      return { index: m.index, kind: m.kind, typeUrl: m.typeUrl, authority: m.authority, plan: m.plan, rules: m.rules, chainVersion: m.version };
    case "exec-legacy-content":
      return { index: m.index, kind: m.kind, typeUrl: m.typeUrl, authority: m.authority, content: m.content === null ? null : messageJson(m.content) };
    case "unknown":
      return { index: m.index, kind: m.kind, typeUrl: m.typeUrl, size: m.size, sizeUnit: m.sizeUnit };
  }
}

/** The JSON body (schema gonka-spec/proposal@1). */
export function proposalJson(j: ProposalJudgement): object {
  const { messages: _messages, form, height, label, totalDeposit, ...head } = j.proposal;
  return {
    ...head,
    totalDeposit: coinsJson(totalDeposit),
    source: { label, form, height },
    messages: j.messages.map(messageJson),
    stated: j.stated.map((s) => ({ kind: s.kind, where: s.where, text: s.text, stated: s.stated, computed: s.computed, agrees: s.agrees, detail: s.detail })),
    epochs: j.epochs,
    restitution:
      j.restitution === null
        ? null
        : {
            epochs: { from: j.restitution.epochs.from, to: j.restitution.epochs.to },
            available: j.restitution.available,
            missing: j.restitution.missing,
            inputEpochs: j.restitution.inputEpochs,
            versions: j.restitution.versions,
            recipients: j.restitution.rows,
          },
    notes: j.notes,
  };
}

export const proposalCommand: Command = {
  name: "proposal",
  summary: "read, decode and judge a real x/gov proposal: parameter changes, transfers, upgrades, in words",
  usage,
  async run(args: string[], io: CliIO): Promise<number> {
    const p = parse(args, options, true);
    const { proposal, inForce } = await readInputs(p);
    const j = judgeProposal(proposal, inForce, settled(p, proposal));
    const overrides = statusOverridesOfProposal(proposal);
    const flag = str(p, "chain-version");
    const status = overrides === null ? null : await statusChangeSection(p, overrides, io, flag !== undefined ? { versionFlag: flag } : {});
    if (p.values.json) io.out(jsonDocument("proposal", { ...proposalJson(j), statusChange: status?.json ?? null }));
    else io.out([proposalText(j), ...(status === null ? [] : ["", ...status.lines])].join("\n"));
    return 0;
  },
};
