/**
 * Proposal devshard #2078 (not in the Go source at 85835b31): who is at fault for a context-length
 * refusal. Today every accepted timeout charges the executor (`Missed++`). Under the proposal the
 * timeout still resolves the record, but the executor is charged only when the request fits the
 * governance limit of its model:
 *
 *   at fault  ⇔  promptTokens + maxTokens ≤ limit(model)        (vLLM accepts equality)
 *             ∨  a sibling record that served the same prompt shows it was servable within the
 *                limit: sibling.inputTokens + record.maxTokens ≤ limit(model)
 *
 * A sibling served by a host with a raised local limit (sibling.inputTokens + maxTokens > limit)
 * excuses nothing and condemns nothing. `promptTokens` is the verifiers' own token count (the
 * evidence carried by the timeout); without evidence, or without a governance limit for the model,
 * the host is at fault exactly as today.
 */
import type { InferenceRecord } from "./inference-record.js";
import { Status } from "./inference-record.js";

/** Which tally rule the state machine runs. */
export type TallyRule =
  | { kind: "current" }
  | {
      kind: "context-aware";
      /** Governance max context length per model id (model args), in tokens. */
      modelLimits: ReadonlyMap<string, bigint>;
    };

export const CURRENT_RULE: TallyRule = { kind: "current" };

/** The verdict on one timeout, with the reason in words. */
export interface FaultVerdict {
  atFault: boolean;
  reason: string;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `sibling` served the prompt (it reached Finish and was not invalidated). */
function served(sibling: InferenceRecord): boolean {
  return sibling.status === Status.Finished || sibling.status === Status.Challenged || sibling.status === Status.Validated;
}

/**
 * Proposal #2078: is the executor of `rec` at fault for the timeout? `siblings` are the other live
 * records (id → record), scanned in ascending id order.
 */
export function contextLengthFault(
  rule: TallyRule,
  id: bigint,
  rec: InferenceRecord,
  promptTokens: bigint | undefined,
  siblings: ReadonlyMap<bigint, InferenceRecord>,
): FaultVerdict {
  if (rule.kind === "current") return { atFault: true, reason: "today's rule charges every accepted timeout to the executor" };
  const limit = rule.modelLimits.get(rec.model);
  if (limit === undefined) return { atFault: true, reason: `no governance limit for model ${JSON.stringify(rec.model)}: charged as today` };
  if (promptTokens === undefined) return { atFault: true, reason: "no prompt-token evidence in the timeout: charged as today" };
  const total = promptTokens + rec.maxTokens;
  if (total <= limit) return { atFault: true, reason: `request fits the governance limit (${promptTokens} + ${rec.maxTokens} = ${total} ≤ ${limit})` };
  const ids = [...siblings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const sid of ids) {
    if (sid === id) continue;
    const s = siblings.get(sid)!;
    if (!served(s) || rec.promptHash.length === 0 || !bytesEqual(s.promptHash, rec.promptHash)) continue;
    const st = s.inputTokens + rec.maxTokens;
    if (st <= limit) {
      return { atFault: true, reason: `sibling ${sid} served the same prompt within the limit (${s.inputTokens} + ${rec.maxTokens} = ${st} ≤ ${limit})` };
    }
  }
  return { atFault: false, reason: `request exceeds the governance limit (${promptTokens} + ${rec.maxTokens} = ${total} > ${limit}): refusal excused` };
}
