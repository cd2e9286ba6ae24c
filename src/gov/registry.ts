/**
 * The message types a Gonka governance proposal carries, as a CosmJS proto-signing `Registry` (type URL →
 * codec) over the project's own generated codecs (proto/gonka/gov.proto → src/chain/gen/proto.ts: exact
 * bigint, decode errors that name the field). CosmJS is imported when a registry is first asked for, so
 * only commands that decode protobuf messages pay for it.
 */
import type { GeneratedType, Registry } from "@cosmjs/proto-signing";
import {
  InferenceMsgUpdateParams,
  MsgBatchTransferWithVesting,
  MsgExecLegacyContent,
  MsgMultiSend,
  MsgSend,
  MsgSoftwareUpgrade,
  MsgTransferWithVesting,
  decodeInferenceMsgUpdateParams,
  decodeMsgBatchTransferWithVesting,
  decodeMsgExecLegacyContent,
  decodeMsgMultiSend,
  decodeMsgSend,
  decodeMsgSoftwareUpgrade,
  decodeMsgTransferWithVesting,
  encodeInferenceMsgUpdateParams,
  encodeMsgBatchTransferWithVesting,
  encodeMsgExecLegacyContent,
  encodeMsgMultiSend,
  encodeMsgSend,
  encodeMsgSoftwareUpgrade,
  encodeMsgTransferWithVesting,
} from "../chain/gen/proto.js";
import type { Reader, Writer } from "../chain/wire.js";

/** The type URLs gonka-spec decodes, with their amino names (the `type` of amino JSON). */
export const MESSAGE_TYPES = {
  updateParams: { typeUrl: "/inference.inference.MsgUpdateParams", amino: "inference/x/inference/MsgUpdateParams" },
  batchTransferWithVesting: { typeUrl: "/inference.streamvesting.MsgBatchTransferWithVesting", amino: "inference/x/streamvesting/MsgBatchTransferWithVesting" },
  transferWithVesting: { typeUrl: "/inference.streamvesting.MsgTransferWithVesting", amino: "inference/x/streamvesting/MsgTransferWithVesting" },
  send: { typeUrl: "/cosmos.bank.v1beta1.MsgSend", amino: "cosmos-sdk/MsgSend" },
  multiSend: { typeUrl: "/cosmos.bank.v1beta1.MsgMultiSend", amino: "cosmos-sdk/MsgMultiSend" },
  softwareUpgrade: { typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", amino: "cosmos-sdk/MsgSoftwareUpgrade" },
  execLegacyContent: { typeUrl: "/cosmos.gov.v1.MsgExecLegacyContent", amino: "cosmos-sdk/v1/MsgExecLegacyContent" },
} as const;

export type MessageTypeName = keyof typeof MESSAGE_TYPES;

/** The type URL of an amino name, or undefined. */
export function typeUrlOfAmino(amino: string): string | undefined {
  return Object.values(MESSAGE_TYPES).find((t) => t.amino === amino)?.typeUrl;
}

/** The registry's name of a type URL, or undefined when gonka-spec does not decode it. */
export function messageTypeName(typeUrl: string): MessageTypeName | undefined {
  return (Object.keys(MESSAGE_TYPES) as MessageTypeName[]).find((k) => MESSAGE_TYPES[k].typeUrl === typeUrl);
}

/** A generated codec in the ts-proto shape the Registry takes (encode to a Writer, decode bytes or a Reader). */
function codec<T>(whole: { decode(b: Uint8Array): T }, decodeAt: (r: Reader, length: number) => T, encode: (m: Partial<T>, w?: Writer) => Writer): GeneratedType {
  return {
    encode: (m: Partial<T>, w?: Writer) => encode(m, w),
    decode: (input: Uint8Array | Reader, length?: number) => (input instanceof Uint8Array ? whole.decode(input) : decodeAt(input, length ?? input.len - input.pos)),
    fromPartial: (o: Partial<T>) => o,
  } as GeneratedType;
}

const CODECS: Record<MessageTypeName, GeneratedType> = {
  updateParams: codec(InferenceMsgUpdateParams, decodeInferenceMsgUpdateParams, encodeInferenceMsgUpdateParams),
  batchTransferWithVesting: codec(MsgBatchTransferWithVesting, decodeMsgBatchTransferWithVesting, encodeMsgBatchTransferWithVesting),
  transferWithVesting: codec(MsgTransferWithVesting, decodeMsgTransferWithVesting, encodeMsgTransferWithVesting),
  send: codec(MsgSend, decodeMsgSend, encodeMsgSend),
  multiSend: codec(MsgMultiSend, decodeMsgMultiSend, encodeMsgMultiSend),
  softwareUpgrade: codec(MsgSoftwareUpgrade, decodeMsgSoftwareUpgrade, encodeMsgSoftwareUpgrade),
  execLegacyContent: codec(MsgExecLegacyContent, decodeMsgExecLegacyContent, encodeMsgExecLegacyContent),
};

let registry: Promise<Registry> | undefined;

/** The proto-signing Registry of every type in MESSAGE_TYPES (and nothing else: an unknown type is not guessed). */
export function govRegistry(): Promise<Registry> {
  registry ??= import("@cosmjs/proto-signing").then(({ Registry }) => new Registry((Object.keys(MESSAGE_TYPES) as MessageTypeName[]).map((k) => [MESSAGE_TYPES[k].typeUrl, CODECS[k]] as const)));
  return registry;
}
