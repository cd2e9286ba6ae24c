/**
 * A real governance proposal as the B side of `compare` and `backtest`: B is the params in force with
 * the proposal's MsgUpdateParams applied. Every parameter it changes is listed (`view`, what compare
 * headlines), with its treatment: those compare and backtest vary (PocSlotAllocation, BinomTestP0,
 * vote_threshold_factor) go into B, in the proposal-file format of src/compare/params.ts (validated
 * there); every other change, and every value the params in force do not record (so that whether it
 * changes is unknown), is named, never dropped; so is every value the chain's Params.Validate refuses.
 */
import { InputError } from "../errors.js";
import { parseJson, type Json } from "../go/json.js";
import { parseProposal, loadProposal, type ModelledKeyName, type ProposalParams } from "../compare/params.js";
import { readTextFile } from "../fs/files.js";
import type { ProposalParamChange, RealProposalB } from "../compare/model.js";
import { judgeProposal, type MessageJudgement, type ParamChangeView } from "./judge.js";
import type { ParamSet } from "./param-values.js";
import { catalogLeaves, STATUS_TESTS } from "./params-catalog.js";
import { VALIDATE_VERSION } from "./params-validate.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { changeText, changeWords } from "./proposal-text.js";
import type { GovProposal } from "./proposal.js";
import { isGovProposalDocument, proposalFromDocument } from "./proposal-source.js";

/** The B side as given: a hand-written proposal file, or a real proposal (judged once the params in force are known). */
export type SideSource = { kind: "file"; proposal: ProposalParams; where: string } | { kind: "real"; gov: GovProposal; where: string };

/** `--b FILE`: a real proposal when the file is one of the proposal forms, else a hand-written proposal file. */
export async function readSideFile(file: string): Promise<SideSource> {
  const doc: Json = parseJson(readTextFile(file), file);
  if (isGovProposalDocument(doc)) return { kind: "real", gov: await proposalFromDocument(doc, file), where: file };
  return { kind: "file", proposal: loadProposal(file), where: file };
}

export interface RealSide {
  proposal: ProposalParams;
  /** Notes about B as a whole (several MsgUpdateParams; nothing compare varies changes). */
  notes: string[];
  /** One line per change B does not model, per modelled value the params in force lack, and per refused value (what backtest lists). */
  changeNotes: string[];
  /** Every change B makes, and the values the chain would refuse (what compare headlines). */
  view: RealProposalB;
}

/** The treatment of one change: B runs with it, or not (no rule compare runs varies it; or the params in force lack it). */
function treatmentOf(c: ParamChangeView): ProposalParamChange["treatment"] {
  if (c.status === "not-recorded") return "not-recorded";
  // (a modelled parameter is a scalar of a top-level message: always set by a whole Params)
  return c.modelled !== null ? "modelled" : "not-modelled";
}

/** Why compare's rules cannot run a modelled value (the proposal-file checks of src/compare/params.ts), or null. */
function outOfRange(key: ModelledKeyName, value: string): string | null {
  try {
    parseProposal({ name: "B", [key]: value }, "B");
    return null;
  } catch (e) {
    if (e instanceof InputError) return `${key} ${e.message.slice(e.path!.length + 2)}`;
    throw e;
  }
}

/**
 * B for a real proposal against `inForce`. A proposal without a MsgUpdateParams has nothing to compare:
 * an InputError naming what it does instead.
 */
export function realProposalSide(gov: GovProposal, inForce: ParamSet, where: string, executesOn: ChainVersion = VALIDATE_VERSION): RealSide {
  const unknown = gov.messages.flatMap((m) => (m.kind === "unknown" ? [m] : m.kind === "exec-legacy-content" && m.content?.kind === "unknown" ? [m.content] : []));
  if (unknown.length > 0) {
    const u = unknown[0]!;
    throw new InputError(`proposal ${gov.id} holds a message the port does not decode (${u.typeUrl}, ${u.size} ${u.sizeUnit}): what it does cannot be modelled, so B would not be the proposal (gonka-spec proposal shows every message)`, where);
  }
  const updates = gov.messages.filter((m) => m.kind === "update-params");
  if (updates.length === 0) {
    const kinds = gov.messages.map((m) => m.typeUrl).join(", ") || "no messages";
    throw new InputError(`proposal ${gov.id} has no /inference.inference.MsgUpdateParams, so there are no parameters to set as B (it holds ${kinds}); see gonka-spec proposal`, where);
  }
  // Messages execute in order: the last MsgUpdateParams is what remains in force.
  const last = updates.at(-1)!;
  const judged = judgeProposal({ ...gov, messages: [last] }, inForce, null, executesOn).messages[0] as Extract<MessageJudgement, { kind: "update-params" }>;
  const doc: { [k: string]: Json } = { name: `proposal ${gov.id}${gov.title ? `: ${gov.title}` : ""}` };
  const notes: string[] = [];
  const changeNotes: string[] = [];
  if (updates.length > 1) notes.push(`proposal ${gov.id} holds ${updates.length} MsgUpdateParams; the last one is what would remain in force and is B`);
  const notRecorded: string[] = [];
  const changes: ProposalParamChange[] = [];
  let factor: bigint | undefined;
  for (const c of judged.changes) {
    const treatment = treatmentOf(c);
    changes.push({ path: c.path, unit: c.unit, old: c.old, new: c.new, treatment, modelled: c.modelled, readBy: c.readBy, ...changeWords(c) });
    if (treatment === "not-recorded") {
      // Whether it changes is unknown: B keeps the state's value, as A does (named below, never dropped).
      if (c.modelled !== null) changeNotes.push(`not compared: proposal ${gov.id} sets ${c.path} to ${changeText(c)}, which the params in force (${inForce.source}) do not record; A and B both run with the state's value`);
      else notRecorded.push(c.path);
    } else if (treatment === "modelled") {
      // the chain's own range of vote_threshold_factor is a uint32 (0 gives N/2; Params.Validate refuses 0 and above 100: named in `refused`)
      if (c.modelled === "vote_threshold_factor") factor = BigInt(c.new!);
      else {
        const why = outOfRange(c.modelled!, c.new!);
        if (why === null) doc[c.modelled!] = c.new;
        else {
          changes[changes.length - 1] = { ...changes.at(-1)!, treatment: "not-runnable", why };
          changeNotes.push(`not compared: proposal ${gov.id} sets ${c.path} ${changeText(c)}, which compare cannot run (${why}); A and B both run with the state's value`);
        }
      }
    } else changeNotes.push(c.readBy === STATUS_TESTS ? `not modelled on one state: proposal ${gov.id} changes ${c.path} ${changeText(c)} (read by ${c.readBy}; compare runs the value in force)` : `not modelled: proposal ${gov.id} changes ${c.path} ${changeText(c)}${c.readBy ? ` (read by ${c.readBy}; compare and backtest run it with the value in force)` : " (read by no rule of the port)"}`);
  }
  if (notRecorded.length > 0) {
    const shown = notRecorded.slice(0, 5).join(", ");
    changeNotes.push(`not modelled: ${notRecorded.length} parameter${notRecorded.length === 1 ? "" : "s"} the proposal sets that the params in force (${inForce.source}) do not record, so whether they change is unknown: ${shown}${notRecorded.length > 5 ? ", …" : ""}`);
  }
  for (const r of judged.refused) {
    changeNotes.push(`refused by the chain: proposal ${gov.id} sets ${r.path} to ${r.value === null ? "nothing (left out)" : r.value === "" ? '""' : r.value}: ${r.rule} (Params.Validate ${judged.validateVersion}); its MsgUpdateParams would fail when executed${r.kept ? "; the params in force hold the same value" : ""}`);
  }
  if (!Object.keys(doc).some((k) => k !== "name") && factor === undefined) notes.push(`proposal ${gov.id} changes none of the parameters compare and backtest vary on one state: B equals the params in force${changes.some((c) => c.readBy === STATUS_TESTS && c.treatment === "not-modelled") ? " (its changes of the status tests' parameters are judged over settled epochs: backtest and proposal replay each participant)" : ""}`);
  const proposal = parseProposal(doc, `${where} (proposal ${gov.id}'s MsgUpdateParams)`);
  if (factor !== undefined) proposal.voteThresholdFactor = factor;
  const sets: NonNullable<ProposalParams["sets"]> = {};
  for (const leaf of catalogLeaves()) if (leaf.field.modelled !== undefined) sets[leaf.field.modelled] = last.params.values.get(leaf.path)!.value.text;
  proposal.sets = sets;
  const view: RealProposalB = { id: gov.id, title: gov.title, inForce: inForce.source, changes, validateVersion: judged.validateVersion, refused: judged.refused };
  return { proposal, notes, changeNotes, view };
}
