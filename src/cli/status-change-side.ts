/**
 * `proposal` and `backtest` on a change of the status tests' parameters: the change replayed over the
 * epochs the command was given (--rest-dump DIR..., or --node URL --epochs FROM..TO), each participant
 * against its epoch's own params, who it spares or newly excludes and what they would have been paid.
 */
import { InputError } from "../errors.js";
import { STATUS_PARAMETERS, statusParamPath } from "../compare/status-params.js";
import type { ParamSet } from "../gov/param-values.js";
import type { GovProposal } from "../gov/proposal.js";
import { statusParamValue, type StatusOverrides } from "../status-replay/status-overrides.js";
import { judgeStatusChange } from "../status-replay/judge-status-change.js";
import { changeLines, statusChangeJson, statusChangeLines } from "../status-replay/status-change-report.js";
import { parseEpochRange } from "../sources/epochs.js";
import { str, type Parsed } from "./args.js";
import type { CliIO } from "./command.js";
import { clientOptions, nodeUrl } from "./snapshot-source.js";

/** The status parameters a proposal's last MsgUpdateParams sets (it replaces the whole Params: every one of them). */
export function statusOverridesOfProposal(gov: GovProposal): StatusOverrides | null {
  const updates = gov.messages.flatMap((m) => (m.kind === "update-params" ? [m.params] : m.kind === "exec-legacy-content" && m.content?.kind === "update-params" ? [m.content.params] : []));
  const last: ParamSet | undefined = updates.at(-1);
  if (last === undefined) return null;
  // a reader that names what the message leaves out (nil in Go, the zero value in the set) gives `absent`
  const absent = (last as ParamSet & { absent?: Set<string> }).absent;
  const out: StatusOverrides = {};
  for (const q of STATUS_PARAMETERS) {
    const path = statusParamPath(q);
    if (absent !== undefined && (absent.has(path) || absent.has(q.message))) {
      out[q.key] = null;
      continue;
    }
    const v = last.values.get(path)?.value.text;
    if (v !== undefined) out[q.key] = statusParamValue(v, `proposal ${gov.id}: ${path}`);
  }
  return out;
}

export interface StatusChangeSection {
  lines: string[];
  json: object;
  /** The change sets at least one status parameter to another value than the first epoch's own. */
  changed: boolean;
}

/** The section over the command's epochs, or null when it was given none to replay. */
export async function statusChangeSection(p: Parsed, overrides: StatusOverrides, io: CliIO, options: { versionFlag?: string; rows?: number } = {}): Promise<StatusChangeSection | null> {
  if (Object.keys(overrides).length === 0) return null;
  const v = p.values["rest-dump"];
  const dirs = Array.isArray(v) ? (v as string[]) : typeof v === "string" ? [v] : [];
  const ep = str(p, "epochs");
  const range = ep === undefined ? null : parseEpochRange(ep);
  const { statusEpochsFromRestDumps, statusEpochsFromNode } = await import("../gov/status-change-epochs.js");
  let epochs;
  let notes: string[] = [];
  const chainId = str(p, "chain-id");
  if (dirs.length > 0) {
    ({ epochs, notes } = statusEpochsFromRestDumps(dirs, overrides, { ...(options.versionFlag !== undefined ? { versionFlag: options.versionFlag } : {}), ...(chainId !== undefined ? { chainId } : {}), range }));
  } else {
    const url = nodeUrl(p, false);
    if (url === undefined || range === null) return null;
    const list: bigint[] = [];
    for (let e = range.from; e <= range.to; e++) list.push(e);
    if (list.length > 50) throw new InputError(`the status replay reads every participant's updates of each epoch: at most 50 epochs at a time, got ${list.length}`, "--epochs");
    const height = str(p, "height");
    epochs = await statusEpochsFromNode(url, list, { ...clientOptions(p), ...(height !== undefined ? { height } : {}), ...(options.versionFlag !== undefined ? { versionFlag: options.versionFlag } : {}), onEpochMembers: (e, n) => io.err(`status: replaying epoch ${e}'s ${n} participants from ${url}`) });
  }
  if (epochs.length === 0) return null;
  const judged = judgeStatusChange(epochs, overrides);
  const first = epochs[0]!.participants[0];
  const baseline = first === undefined ? null : first.source.input.paramsAt(first.source.facts.heights.effective ?? 0n);
  const changes = changeLines(baseline, overrides);
  const allNotes = [...(baseline !== null ? [`"from" values are epoch ${epochs[0]!.epoch}'s own params (${baseline.source})`] : []), ...notes];
  return { lines: statusChangeLines(judged, changes, allNotes, options.rows !== undefined ? { rows: options.rows } : {}), json: statusChangeJson(judged, changes, allNotes), changed: changes.some((c) => c.changed) };
}
