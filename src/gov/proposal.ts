/**
 * A cosmos.gov.v1 proposal as gonka-spec reads it, whichever form it came in (the node's protobuf
 * answer, or the JSON `inferenced query gov proposal N -o json` prints in amino or proto form), with
 * every message decoded into what it does: a parameter update, transfers (with vesting), a software
 * upgrade, or a message the port does not know (named with its size, never dropped).
 */
import { InputError, describeValue } from "../errors.js";
import type { GovProposal as GovProposalWire, Any, Coin as CoinWire, Timestamp } from "../chain/gen/proto.js";
import { ProposalStatus } from "../chain/gen/proto.js";
import { DecodeError } from "../chain/wire.js";
import type { Registry } from "@cosmjs/proto-signing";
import { paramsFromBytes, type ParamSet } from "./param-values.js";
import { MESSAGE_TYPES, messageTypeName } from "./registry.js";

/** One coin; `amount` is a cosmos.Int (non-negative here: a transfer amount). */
export interface Coin {
  denom: string;
  amount: bigint;
}

export interface Transfer {
  recipient: string;
  coins: Coin[];
}

export type ProposalMessage =
  | { kind: "update-params"; typeUrl: string; authority: string; params: ParamSet }
  | { kind: "transfers"; typeUrl: string; sender: string; outputs: Transfer[]; vestingEpochs: bigint | null }
  | { kind: "software-upgrade"; typeUrl: string; authority: string; plan: { name: string; height: bigint; info: string } }
  | { kind: "exec-legacy-content"; typeUrl: string; authority: string; content: ProposalMessage | null }
  | { kind: "unknown"; typeUrl: string; size: number; sizeUnit: "bytes" | "JSON characters" };

/** The form the proposal was read in. */
export type ProposalForm = "protobuf" | "amino-json" | "proto-json";

export interface GovProposal {
  id: bigint;
  title: string;
  summary: string;
  metadata: string;
  proposer: string;
  /** The status's proto name, e.g. PROPOSAL_STATUS_VOTING_PERIOD. */
  status: string;
  submitTime: string | null;
  depositEndTime: string | null;
  votingStartTime: string | null;
  votingEndTime: string | null;
  totalDeposit: Coin[];
  /** Filled by the chain only when voting has ended. */
  finalTally: { yes: string; abstain: string; no: string; noWithVeto: string } | null;
  expedited: boolean;
  failedReason: string;
  messages: ProposalMessage[];
  form: ProposalForm;
  /** The block height the answer is for, when the source says (a node answer). */
  height: bigint | null;
  /** Where it came from (a file, "URL@height"). */
  label: string;
}

const STATUS_NAMES = Object.fromEntries(Object.entries(ProposalStatus).map(([k, v]) => [v, k])) as Record<number, string>;

/** The status name of a ProposalStatus number (an unknown number is kept as `PROPOSAL_STATUS_<n>`). */
export function statusName(n: number): string {
  return STATUS_NAMES[n] ?? `PROPOSAL_STATUS_${n}`;
}

/** "the voting period" for PROPOSAL_STATUS_VOTING_PERIOD. */
export function statusWords(status: string): string {
  const s = status.replace(/^PROPOSAL_STATUS_/, "");
  return { DEPOSIT_PERIOD: "in its deposit period", VOTING_PERIOD: "in its voting period", PASSED: "passed", REJECTED: "rejected", FAILED: "failed (passed, but its messages failed)", UNSPECIFIED: "status unspecified" }[s] ?? `status ${status}`;
}

/** A cosmos.Int amount: decimal digits. */
export function coinAmount(text: string, where: string): bigint {
  if (!/^\d{1,80}$/.test(text)) throw new InputError(`expected a coin amount (decimal digits), got ${describeValue(text)}`, where);
  return BigInt(text);
}

function coins(cs: CoinWire[], where: string): Coin[] {
  return cs.map((c, i) => ({ denom: c.denom, amount: coinAmount(c.amount, `${where}[${i}].amount`) }));
}

/** RFC 3339 of a Timestamp (nanoseconds kept), or null for an unset one. */
export function timestampText(t: Timestamp | undefined): string | null {
  if (t === undefined) return null;
  const ms = Number(t.seconds) * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return `${t.seconds}s`;
  const iso = new Date(ms).toISOString().replace(/\.000Z$/, "");
  return t.nanos > 0 ? `${iso}.${String(t.nanos).padStart(9, "0").replace(/0+$/, "")}Z` : `${iso}Z`;
}

/** One Any of the wire form, decoded through the registry (an unregistered type: named, with its size). */
export function decodeAnyMessage(registry: Registry, any: Any, where: string): ProposalMessage {
  const typeUrl = any.typeUrl;
  const name = messageTypeName(typeUrl);
  if (name === undefined || registry.lookupType(typeUrl) === undefined) return { kind: "unknown", typeUrl, size: any.value.length, sizeUnit: "bytes" };
  const at = `${where} (${typeUrl})`;
  let m: Record<string, unknown>;
  try {
    m = registry.decode({ typeUrl, value: any.value }) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof DecodeError) throw new InputError(`does not decode: ${e.message}`, at);
    throw e;
  }
  return messageOf(name, m, at, registry);
}

type Decoded = Record<string, unknown>;

function messageOf(name: NonNullable<ReturnType<typeof messageTypeName>>, m: Decoded, at: string, registry: Registry): ProposalMessage {
  const typeUrl = MESSAGE_TYPES[name].typeUrl;
  switch (name) {
    case "updateParams": {
      let params: ParamSet;
      try {
        params = paramsFromBytes(m.params as Uint8Array, `${at}: params`);
      } catch (e) {
        if (e instanceof DecodeError) throw new InputError(`params do not decode: ${e.message}`, at);
        throw e;
      }
      return { kind: "update-params", typeUrl, authority: m.authority as string, params };
    }
    case "batchTransferWithVesting": {
      const outputs = (m.outputs as { recipient: string; amount: CoinWire[] }[]).map((o, i) => ({ recipient: o.recipient, coins: coins(o.amount, `${at}: outputs[${i}].amount`) }));
      return { kind: "transfers", typeUrl, sender: m.sender as string, outputs, vestingEpochs: m.vestingEpochs as bigint };
    }
    case "transferWithVesting":
      return { kind: "transfers", typeUrl, sender: m.sender as string, outputs: [{ recipient: m.recipient as string, coins: coins(m.amount as CoinWire[], `${at}: amount`) }], vestingEpochs: m.vestingEpochs as bigint };
    case "send":
      return { kind: "transfers", typeUrl, sender: m.fromAddress as string, outputs: [{ recipient: m.toAddress as string, coins: coins(m.amount as CoinWire[], `${at}: amount`) }], vestingEpochs: null };
    case "multiSend": {
      const inputs = m.inputs as { address: string }[];
      const outputs = (m.outputs as { address: string; coins: CoinWire[] }[]).map((o, i) => ({ recipient: o.address, coins: coins(o.coins, `${at}: outputs[${i}].coins`) }));
      return { kind: "transfers", typeUrl, sender: inputs.map((x) => x.address).join(", "), outputs, vestingEpochs: null };
    }
    case "softwareUpgrade": {
      const plan = m.plan as { name: string; height: bigint; info: string } | undefined;
      return { kind: "software-upgrade", typeUrl, authority: m.authority as string, plan: { name: plan?.name ?? "", height: plan?.height ?? 0n, info: plan?.info ?? "" } };
    }
    case "execLegacyContent": {
      const content = m.content as Any | undefined;
      return { kind: "exec-legacy-content", typeUrl, authority: m.authority as string, content: content === undefined ? null : decodeAnyMessage(registry, content, `${at}: content`) };
    }
  }
}

/** The proposal of a decoded cosmos.gov.v1.Proposal (its messages through the registry). */
export function proposalFromWire(p: GovProposalWire, registry: Registry, label: string, height: bigint | null): GovProposal {
  const t = p.finalTallyResult;
  return {
    id: p.id,
    title: p.title,
    summary: p.summary,
    metadata: p.metadata,
    proposer: p.proposer,
    status: statusName(p.status),
    submitTime: timestampText(p.submitTime),
    depositEndTime: timestampText(p.depositEndTime),
    votingStartTime: timestampText(p.votingStartTime),
    votingEndTime: timestampText(p.votingEndTime),
    totalDeposit: coins(p.totalDeposit, `${label}: total_deposit`),
    finalTally: t === undefined ? null : { yes: t.yesCount, abstain: t.abstainCount, no: t.noCount, noWithVeto: t.noWithVetoCount },
    expedited: p.expedited,
    failedReason: p.failedReason,
    messages: p.messages.map((a, i) => decodeAnyMessage(registry, a, `${label}: messages[${i}]`)),
    form: "protobuf",
    height,
    label,
  };
}
