/**
 * `--b FILE` and `--b-proposal N` of compare and backtest: B is a hand-written proposal file, or a
 * real governance proposal (a saved node answer, the JSON `inferenced query gov proposal N -o json`
 * prints, or proposal N read from the node the command reads) with its MsgUpdateParams applied to the
 * params in force. The gov code (and CosmJS, for protobuf answers) loads only when B is a real proposal.
 */
import { InputError, describeValue } from "../errors.js";
import type { RealProposalB } from "../compare/model.js";
import type { ProposalParams } from "../compare/params.js";
import type { ParamSet } from "../gov/param-values.js";
import type { GovProposal } from "../gov/proposal.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { str, type Parsed } from "./args.js";
import { clientOptions, nodeUrl } from "./snapshot-source.js";

export const B_PROPOSAL_OPTION = { "b-proposal": { type: "string" } } as const;

export const B_PROPOSAL_USAGE = `  --b FILE         B may also be a real governance proposal: a saved abci_query answer for
                   /cosmos.gov.v1.Query/Proposal, or \`inferenced query gov proposal N -o json\` (amino or
                   proto JSON); B is then the params in force with its MsgUpdateParams applied, and every
                   change B does not model is named in the notes
  --b-proposal N   B is proposal N read from the node (--node), at the height the state is read`;

/** B before the params in force are known. */
export type PendingB = { kind: "file"; proposal: ProposalParams; file: string } | { kind: "real"; gov: GovProposal; file: string } | { kind: "node"; id: bigint };

/** Read `--b FILE` / `--b-proposal N` (the node read waits for the height: resolveB). Undefined when neither is given. */
export async function readB(p: Parsed): Promise<PendingB | undefined> {
  const file = str(p, "b");
  const id = str(p, "b-proposal");
  if (file !== undefined && id !== undefined) throw new InputError("give --b FILE or --b-proposal N, not both");
  if (id !== undefined) {
    if (!/^\s*\d{1,19}\s*$/.test(id) || BigInt(id.trim()) === 0n) throw new InputError(`expected a proposal id (a positive integer), got ${describeValue(id)}`, "--b-proposal");
    const files = p.values.snapshot !== undefined || p.values["rest-dump"] !== undefined;
    if (files || nodeUrl(p) === undefined) throw new InputError("--b-proposal N reads proposal N from the node the state is read from: give --node URL (or --b FILE with a saved proposal)", "--b-proposal");
    return { kind: "node", id: BigInt(id.trim()) };
  }
  if (file === undefined) return undefined;
  const { readSideFile } = await import("../gov/proposal-side.js");
  const s = await readSideFile(file);
  return s.kind === "file" ? { kind: "file", proposal: s.proposal, file } : { kind: "real", gov: s.gov, file };
}

export interface ResolvedB {
  proposal: ProposalParams;
  /** Where B came from (the file, or "proposal N at URL@H"). */
  where: string;
  /** Notes about a real proposal as a whole. */
  notes: string[];
  /** The real proposal itself (its MsgUpdateParams sets every status parameter too: judged by the status replay). */
  gov?: GovProposal;
  /** A real proposal's changes that B does not model, and the values the chain refuses, one line each. */
  changeNotes: string[];
  /** A real proposal: every change it makes and every value the chain refuses; null for a proposal file. */
  view: RealProposalB | null;
}

/**
 * B with the params in force known: `inForce()` gives them for a proposal file (the state's); a
 * proposal read from the node is judged against the node's params at `height`; its Params against
 * Params.Validate of `executesOn` (the state's version; default the newest ported).
 */
export async function resolveB(b: PendingB, p: Parsed, height: string | undefined, inForce: () => Promise<ParamSet | null>, executesOn?: ChainVersion): Promise<ResolvedB> {
  if (b.kind === "file") return { proposal: b.proposal, where: b.file, notes: [], changeNotes: [], view: null };
  const { realProposalSide } = await import("../gov/proposal-side.js");
  let gov: GovProposal;
  let params: ParamSet | null;
  let where: string;
  if (b.kind === "node") {
    const { proposalFromNode } = await import("../gov/proposal-source.js");
    const url = nodeUrl(p)!;
    const r = await proposalFromNode(url, b.id, { client: clientOptions(p), withParams: true, ...(height !== undefined ? { height } : {}) });
    gov = r.proposal;
    params = r.params;
    where = r.proposal.label;
  } else {
    gov = b.gov;
    params = await inForce();
    where = b.file;
  }
  if (params === null && gov.messages.some((m) => m.kind === "update-params")) {
    throw new InputError(`the params in force are not in the inputs, so proposal ${gov.id}'s changes cannot be told from the values it keeps`, where);
  }
  const side = realProposalSide(gov, params ?? { source: "none", complete: false, values: new Map(), unknown: [] }, where, executesOn);
  return { proposal: side.proposal, where, notes: side.notes, changeNotes: side.changeNotes, view: side.view, gov };
}

/** The params in force of the state a command read: the dumps' params answer with --rest-dump, else what the snapshot records. */
export async function stateParamsInForce(p: Parsed, snapshot: Snapshot, label: string): Promise<ParamSet | null> {
  const { paramsFromRestDumps, paramsFromSnapshot } = await import("../gov/params-in-force.js");
  const v = p.values["rest-dump"];
  const dirs = Array.isArray(v) ? (v as string[]) : typeof v === "string" ? [v] : [];
  return (dirs.length > 0 ? paramsFromRestDumps(dirs) : null) ?? paramsFromSnapshot(snapshot, label);
}
