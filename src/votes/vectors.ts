/** Go golden-vector suites implemented by this rule family (suite name → adapter). */
import { InputError } from "../errors.js";
import { toBigInt } from "../go/int64.js";
import type { Json } from "../go/json.js";
import type { SuiteTable } from "../vectors/types.js";
import { CURRENT_RULE } from "./context-length-rule.js";
import { statusName } from "./inference-record.js";
import {
  applyChainSessionBindParams,
  applyLiveSessionParams,
  computeVoteThreshold,
  sessionConfigFromEscrow,
  type SessionConfig,
} from "./session-config.js";
import { allInferenceIds, computeStateRoot, computeRestHash, lookupInference } from "./state-machine.js";
import type { EscrowState } from "./escrow-state.js";
import { computeHostStatsHash, toHex } from "./state-hash.js";
import { buildSettlement, settlementStateRoot, verifySettlement } from "./settlement.js";
import { hostStatsList, recordView, stateView } from "./state-view.js";
import { parseTallyFile } from "./tally-file.js";
import { replayTally, sameView, type StepResult } from "./tally-replay.js";
import { expectObject } from "../json-input.js";

const num = (v: Json | undefined, path: string): number => Number(toBigInt(v, path));
const big = (v: Json | undefined, path: string): bigint => toBigInt(v, path);

/** The config JSON shape of the session_bind_config vectors. */
function configJson(c: SessionConfig): Record<string, unknown> {
  return {
    refusal_timeout: c.refusalTimeout,
    execution_timeout: c.executionTimeout,
    token_price: c.tokenPrice,
    create_devshard_fee: c.createDevshardFee,
    fee_per_nonce: c.feePerNonce,
    vote_threshold: c.voteThreshold,
    validation_rate: c.validationRate,
    inference_seal_grace_nonces: c.inferenceSealGraceNonces,
    inference_seal_grace_seconds: c.inferenceSealGraceSeconds,
    auto_seal_every_n_nonces: c.autoSealEveryNNonces,
  };
}

/** Vector JSON of one step (the vote_tally_sequences shape); `view` gives each state's summary once (a step's before is the previous step's state). */
function stepJson(r: StepResult, view: (s: EscrowState) => Record<string, unknown>): Record<string, unknown> {
  const state = view(r.state);
  const before = view(r.before);
  const strip = (v: Record<string, unknown>): Record<string, unknown> => {
    const { latest_nonce: _l, state_root: _s, ...rest } = v;
    return rest;
  };
  const out: Record<string, unknown> = { nonce: r.nonce, result: r.error ? "error" : "ok" };
  if (r.error) out.error = { sentinel: r.error.sentinel, message: r.error.message };
  if (r.applied) out.applied = r.applied;
  out.state_changed = !sameView(strip(before), strip(state));
  out.state = state;
  return out;
}

export const suites: SuiteTable = {
  compute_vote_threshold: {
    run(input) {
      const o = expectObject(input, "input");
      return { vote_threshold: computeVoteThreshold(big(o.group_size, "group_size"), big(o.factor, "factor")) };
    },
  },

  session_bind_config: {
    run(input) {
      const o = expectObject(input, "input");
      const n = big(o.group_size, "group_size");
      const e = expectObject(o.escrow_fields, "escrow_fields");
      const l = expectObject(o.live_params, "live_params");
      const fromEscrow = sessionConfigFromEscrow(n, {
        tokenPrice: big(e.token_price, "token_price"),
        createDevshardFee: big(e.create_devshard_fee, "create_devshard_fee"),
        feePerNonce: big(e.fee_per_nonce, "fee_per_nonce"),
        inferenceSealGraceNonces: num(e.inference_seal_grace_nonces, "inference_seal_grace_nonces"),
        inferenceSealGraceSeconds: num(e.inference_seal_grace_seconds, "inference_seal_grace_seconds"),
        autoSealEveryNNonces: num(e.auto_seal_every_n_nonces, "auto_seal_every_n_nonces"),
      });
      const live = {
        refusalTimeout: big(l.refusal_timeout, "refusal_timeout"),
        executionTimeout: big(l.execution_timeout, "execution_timeout"),
        validationRate: num(l.validation_rate, "validation_rate"),
        voteThresholdFactor: num(l.vote_threshold_factor, "vote_threshold_factor"),
      };
      const fn = o.fn;
      if (fn !== "ApplyChainSessionBindParams" && fn !== "ApplyLiveSessionParams") throw new InputError(`unknown fn ${String(fn)}`, "fn");
      const config = fn === "ApplyChainSessionBindParams" ? applyChainSessionBindParams(fromEscrow, n, live) : applyLiveSessionParams(fromEscrow, n, live);
      return { config: configJson(config), session_config_from_escrow: configJson(fromEscrow) };
    },
  },

  vote_tally_sequences: {
    run(input) {
      const file = parseTallyFile(input, "input", { strictSlots: false, strictKeys: false, devshardRules: "v2" });
      const id = file.inferenceId!;
      const r = replayTally(file, CURRENT_RULE);
      const views = new Map<EscrowState, Record<string, unknown>>();
      const view = (s: EscrowState): Record<string, unknown> => {
        let v = views.get(s);
        if (!v) views.set(s, (v = stateView(s, id)));
        return v;
      };
      return { state_after_setup: view(r.afterSetup), steps: r.steps.map((s) => stepJson(s, view)) };
    },
  },

  settle_host_stats: {
    run(input) {
      const o = expectObject(input, "input");
      const file = parseTallyFile(input, "input", { strictSlots: false, strictKeys: false, devshardRules: "v2" });
      const r = replayTally(file, CURRENT_RULE);
      const st = r.steps.length > 0 ? r.steps[r.steps.length - 1]!.state : r.afterSetup;
      const ids = allInferenceIds(st);
      const counts: Record<string, number> = {};
      for (const id of ids) {
        const name = statusName(lookupInference(st, id)!.record.status);
        counts[name] = (counts[name] ?? 0) + 1;
      }
      const signerSlots = (Array.isArray(o.settlement_signer_slots) ? o.settlement_signer_slots : []).map((s, i) => num(s, `settlement_signer_slots[${i}]`));
      const sigs = new Map<number, string | null>(signerSlots.map((s) => [s, file.group[s] ?? `unknown-slot-${s}`]));
      const payload = buildSettlement(file.escrowId, st, sigs, st.latestNonce);
      const verdict = verifySettlement(payload, file.group, st.warmKeys);
      const verify: Record<string, unknown> = { required: verdict.required, signed_weight: verdict.signedWeight, signer_slots: signerSlots };
      if (verdict.error) {
        verify.result = "error";
        verify.error = verdict.error.message;
      } else {
        verify.result = "ok";
        verify.state_root = toHex(verdict.stateRoot!);
      }
      return {
        diff_results: r.steps.map((s) => {
          const d: Record<string, unknown> = { nonce: s.nonce, result: s.error ? "error" : "ok" };
          if (s.error) d.error = { sentinel: s.error.sentinel, message: s.error.message };
          if (s.applied) d.applied = s.applied;
          return d;
        }),
        phase: st.phase,
        latest_nonce: st.latestNonce,
        finalize_nonce: st.finalizeNonce,
        balance: st.balance,
        fees: st.fees,
        host_stats: hostStatsList(st, false),
        records: ids.map((id) => recordView(st, id)),
        status_counts: counts,
        sealed_acc_hex: st.sealedAcc ? toHex(st.sealedAcc) : "",
        host_stats_hash: toHex(computeHostStatsHash(st.hostStats)),
        rest_hash: toHex(computeRestHash(st)),
        state_root: toHex(computeStateRoot(st)),
        settlement_state_root: toHex(settlementStateRoot(payload)),
        verify_settlement: verify,
      };
    },
  },
};
