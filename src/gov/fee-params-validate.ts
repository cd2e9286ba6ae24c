/**
 * v0.2.16's `FeeParams.Validate` with its fee groups (PR #1616): inference-chain/x/inference/types/fee_params.go
 * and fee_groups.go at zpoken/gonka@ef1a5efd (index ids 57521799391, 69845103355). Go stops at the first
 * failure, and so does this port: one refusal, in Go's words, or none. The compiled group names and the
 * message types each group holds are fee_groups.go's; the type URLs are the chain's proto packages
 * (`/inference.inference.`, `/inference.bls.`, …). Go checks a rule's field names by reflection on the
 * message type; the port reads them from FEE_MESSAGE_FIELDS below, an explicit table of the message
 * types whose fields it knows (proto/inference/inference/tx.proto, poc_v2.proto and poc_delegation.proto
 * at zpoken/gonka@ef1a5efd / 89ff8bdb). A rule whose check needs a type outside the table is not judged
 * (`unjudged`): Go looks every other type up in the binary's proto registry, which the port does not hold.
 */
import type { PeriodBase, RepeatedLenParams, StoredBytesParams, StoredDeltaParams } from "../chain/gen/proto.js";
import type { ParamSet } from "./param-values.js";

export type { PeriodBase, RepeatedLenParams, StoredBytesParams, StoredDeltaParams };
/** MsgGasRule's oneof `func`: which member is set (null: none), and its message (null: nil). */
export type GasFunc =
  | { kind: "stored_delta"; params: StoredDeltaParams | null }
  | { kind: "stored_bytes"; params: StoredBytesParams | null }
  | { kind: "repeated_len"; params: RepeatedLenParams | null }
  | null;
export interface MsgGasRule {
  /** The flat path of the rule (`fee_params.groups[epoch].msgs[/inference.inference.MsgPoCV2StoreCommit]`), naming a refusal. */
  at: string;
  typeUrl: string;
  base: PeriodBase | null;
  func: GasFunc;
}
export interface FeeGroup {
  at: string;
  name: string;
  minGasPrice: bigint;
  base: PeriodBase | null;
  msgs: (MsgGasRule | null)[];
}
export interface FeeParams {
  minGasPriceNgonka: bigint;
  enabledFeeGroups: string[];
  groups: (FeeGroup | null)[];
}

/** What FeeParams.Validate refuses: the path it names, the value there (null: nil in Go), Go's error text. */
export interface FeeRefusal {
  path: string;
  value: string | null;
  rule: string;
}
/** A check the port cannot make (the fields of a message type it does not know), and what stops there. */
export interface FeeUnjudged {
  path: string;
  detail: string;
}
export type FeeVerdict = { refusal: FeeRefusal } | { unjudged: FeeUnjudged } | null;

/** maxMinGasPrice, MaxPeriodBaseGas, MaxGasPerUnit. */
export const MAX_MIN_GAS_PRICE = 1_000_000n;
export const MAX_PERIOD_BASE_GAS = 10_000_000n;
export const MAX_GAS_PER_UNIT = 10_000n;

/** KnownFeeGroups (fee_groups.go). */
export const FEE_GROUPS = ["epoch", "bls", "devshard", "bridge", "wasm", "cosmos", "ibc", "onboarding"] as const;

const INF = "/inference.inference.";
export const STORE_COMMIT_URL = `${INF}MsgPoCV2StoreCommit`;
export const HARDWARE_DIFF_URL = `${INF}MsgSubmitHardwareDiff`;

const byGroup = (group: string, urls: string[]): [string, string][] => urls.map((u) => [u, group]);
/** MessageFeeGroups (fee_groups.go): the message types each group holds by name, as type URLs. */
const MESSAGE_FEE_GROUPS = new Map<string, string>([
  ...byGroup("epoch", [
    ...["MsgSubmitHardwareDiff", "MsgSubmitSeed", "MsgPoCV2StoreCommit", "MsgCreatePoCChallenge", "MsgPoCChallengeStoreCommit", "MsgSubmitPoCChallengeValidations", "MsgMLNodeWeightDistribution"].map((m) => INF + m),
    ...["MsgSubmitPocValidationsV2", "MsgClaimRewards", "MsgDeclarePoCIntent", "MsgSetPoCDelegation", "MsgRefusePoCDelegation"].map((m) => INF + m),
    "/inference.collateral.MsgDepositCollateral",
    "/inference.collateral.MsgWithdrawCollateral",
  ]),
  ...byGroup("bls", ["MsgSubmitDealerPart", "MsgSubmitVerificationVector", "MsgRespondDealerComplaints", "MsgSubmitGroupKeyValidationSignature", "MsgSubmitPartialSignature"].map((m) => `/inference.bls.${m}`)),
  ...byGroup("devshard", ["MsgCreateDevshardEscrow", "MsgSettleDevshardEscrow", "MsgSetDevshardRequestsEnabled"].map((m) => INF + m)),
  ...byGroup(
    "bridge",
    ["MsgBridgeExchange", "MsgRequestBridgeMint", "MsgRequestBridgeWithdrawal", "MsgCancelBridgeOperation", "MsgRegisterTokenMetadata", "MsgApproveBridgeTokenForTrading", "MsgRegisterWrappedTokenContract", "MsgRegisterIbcTokenMetadata", "MsgApproveIbcTokenForTrading"].map((m) => INF + m),
  ),
  ...byGroup("onboarding", ["MsgSubmitNewParticipant", "MsgSubmitNewUnfundedParticipant"].map((m) => INF + m)),
  ...byGroup("cosmos", ["/inference.streamvesting.MsgTransferWithVesting", "/inference.streamvesting.MsgBatchTransferWithVesting", "/inference.restrictions.MsgExecuteEmergencyTransfer", `${INF}MsgScheduleMaintenance`, `${INF}MsgCancelMaintenance`]),
]);
/** cosmosTypeURLPrefixes, then the IBC and wasm prefixes (feeGroupByTypeURL). */
const COSMOS_PREFIXES = ["bank", "staking", "gov", "distribution", "slashing", "authz", "feegrant", "group", "vesting", "auth.vesting", "evidence", "nft", "circuit", "crisis"].map((m) => `/cosmos.${m}.`);

/** CompiledFeeGroupForTypeURL: the compiled group of a type URL, "" when it has none. */
export function compiledFeeGroupForTypeUrl(typeUrl: string): string {
  const named = MESSAGE_FEE_GROUPS.get(typeUrl);
  if (named !== undefined) return named;
  if (typeUrl === "/cosmos.authz.v1beta1.MsgExec") return "";
  if (COSMOS_PREFIXES.some((p) => typeUrl.startsWith(p))) return "cosmos";
  if (typeUrl.startsWith("/ibc.")) return "ibc";
  if (typeUrl.startsWith("/cosmwasm.wasm.")) return "wasm";
  return "";
}

/** A proto field as Go's generated struct tags show it: repeated (`rep`), an unsigned Go integer, the element message of a repeated message. */
interface FieldShape {
  repeated?: true;
  unsigned?: true;
  elem?: string;
}
const S: FieldShape = {};
const U: FieldShape = { unsigned: true };
const REP: FieldShape = { repeated: true };
/**
 * The fields of the message types whose rules Go checks by reflection, by proto name (what a struct
 * tag's `name=` holds): the inference.inference messages of MessageFeeGroups (tx.proto at zpoken/gonka@ef1a5efd,
 * id 69702506501; MsgSetPoCDelegation, MsgRefusePoCDelegation, MsgDeclarePoCIntent from poc_delegation.proto
 * and PoCV2CommitEntry from poc_v2.proto at 89ff8bdb, the newest stored). Only these shapes matter: a name,
 * `repeated`, Go's unsigned kinds (proto uint32/uint64), and the element type of StoreCommit's entries
 * (the one repeated message stored_delta, which only StoreCommit takes, looks into).
 */
export const FEE_MESSAGE_FIELDS: Record<string, Record<string, FieldShape>> = {
  MsgSubmitNewParticipant: { creator: S, url: S, validator_key: S, worker_key: S },
  MsgSubmitNewUnfundedParticipant: { creator: S, address: S, url: S, pub_key: S, validator_key: S, worker_key: S },
  MsgClaimRewards: { creator: S, seed: S, epoch_index: U },
  MsgSubmitPocValidationsV2: { creator: S, poc_stage_start_block_height: S, validations: REP },
  MsgPoCV2StoreCommit: { creator: S, poc_stage_start_block_height: S, count: U, root_hash: S, entries: { repeated: true, elem: "PoCV2CommitEntry" } },
  PoCV2CommitEntry: { model_id: S, count: U, root_hash: S },
  PoCValidationEntryV2: { participant_address: S, validated_weight: S, model_id: S },
  MsgMLNodeWeightDistribution: { creator: S, poc_stage_start_block_height: S, weights: REP, entries: REP },
  MsgSubmitSeed: { creator: S, epoch_index: U, signature: S },
  MsgSubmitHardwareDiff: { creator: S, newOrModified: REP, removed: REP },
  MsgBridgeExchange: { validator: S, originChain: S, contractAddress: S, ownerAddress: S, ownerPubKey: S, amount: S, blockNumber: S, receiptIndex: S, receiptsRoot: S },
  MsgRegisterTokenMetadata: { authority: S, chainId: S, contractAddress: S, name: S, symbol: S, decimals: U, overwrite: S },
  MsgApproveBridgeTokenForTrading: { authority: S, chainId: S, contractAddress: S },
  MsgRequestBridgeWithdrawal: { creator: S, user_address: S, amount: S, destination_address: S, destination_bridge_address: S },
  MsgRequestBridgeMint: { creator: S, amount: S, destination_address: S, chain_id: S, destination_bridge_address: S },
  MsgCancelBridgeOperation: { creator: S, request_id: S },
  MsgRegisterWrappedTokenContract: { authority: S, code_id: U },
  MsgApproveIbcTokenForTrading: { authority: S, chainId: S, ibcDenom: S },
  MsgRegisterIbcTokenMetadata: { authority: S, chainId: S, ibcDenom: S, name: S, symbol: S, decimals: U, overwrite: S },
  MsgCreateDevshardEscrow: { creator: S, amount: U, model_id: S },
  MsgSettleDevshardEscrow: { settler: S, escrow_id: U, state_root_and_protocol_version: S, state_root: S, nonce: U, rest_hash: S, host_stats: REP, signatures: REP, fees: U },
  MsgSetDevshardRequestsEnabled: { authority: S, enabled: S },
  MsgScheduleMaintenance: { creator: S, participant: S, start_height: S, duration_blocks: U },
  MsgCancelMaintenance: { creator: S, reservation_id: U },
  MsgSetPoCDelegation: { sender: S, model_id: S, delegate_to: S },
  MsgRefusePoCDelegation: { sender: S, model_id: S },
  MsgDeclarePoCIntent: { sender: S, model_id: S },
  MsgCreatePoCChallenge: { creator: S, target: S },
  MsgPoCChallengeStoreCommit: { creator: S, poc_stage_start_block_height: S, entries: REP },
  MsgSubmitPoCChallengeValidations: { creator: S, poc_stage_start_block_height: S, validations: REP },
};

/** prototypeForTypeURL: the message a type URL names, as far as the table knows it; undefined when Go would find it (or not) in the proto registry. */
function prototype(typeUrl: string): Record<string, FieldShape> | undefined {
  // every type URL MESSAGE_FEE_GROUPS names is registered; the table holds the inference.inference ones
  return typeUrl.startsWith(INF) ? FEE_MESSAGE_FIELDS[typeUrl.slice(INF.length)] : undefined;
}

/** Go's %q of a string (strconv.Quote): quotes, backslashes and what unicode.IsPrint refuses escaped. */
export function goQuote(s: string): string {
  const named: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", '"': '\\"', "\\": "\\\\" };
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (named[ch] !== undefined) out += named[ch];
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, "0")}`;
    // unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space
    else if (ch !== " " && !/[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(ch)) out += c <= 0xffff ? `\\u${c.toString(16).padStart(4, "0")}` : `\\U${c.toString(16).padStart(8, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/** unicode.IsSpace, which strings.TrimSpace trims at either end (U+0085 yes, U+FEFF no, unlike String.trim). */
const GO_SPACES = "\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
const GO_SPACE = new RegExp(`^[${GO_SPACES}]+|[${GO_SPACES}]+$`, "g");

const refuse = (path: string, value: string | null, rule: string): FeeVerdict => ({ refusal: { path, value, rule } });

/** validatePeriodBase: the gas within MaxPeriodBaseGas, the period type epoch, poc, block or empty. */
function periodBaseVerdict(base: PeriodBase | null, at: string, loc: string): FeeVerdict {
  if (base === null) return null;
  if (base.gas > MAX_PERIOD_BASE_GAS) return refuse(`${at}.base.gas`, base.gas.toString(), `${loc}.gas ${base.gas} exceeds safety limit of ${MAX_PERIOD_BASE_GAS}`);
  if (base.periodType === "" || ["epoch", "poc", "block"].includes(base.periodType)) return null;
  return refuse(`${at}.base.period_type`, base.periodType, `${loc}.period_type ${goQuote(base.periodType)} is invalid (want epoch|poc|block)`);
}

/** validateChargingPeriod: nonzero period gas only on StoreCommit's rule (not a group's base), per PoC, one period (0 read as 1). */
function chargingPeriodVerdict(base: PeriodBase | null, storeCommit: boolean, at: string, loc: string): FeeVerdict {
  if (base === null || base.gas === 0n) return null;
  if (!storeCommit) return refuse(`${at}.base.gas`, base.gas.toString(), `${loc}: nonzero period gas is only supported on StoreCommit (poc/1)`);
  if (base.periodType !== "poc") return refuse(`${at}.base.period_type`, base.periodType, `${loc}: nonzero period gas requires period_type=poc`);
  if (base.periodLength > 1n) return refuse(`${at}.base.period_length`, base.periodLength.toString(), `${loc}: nonzero period gas requires period_length=1`);
  return null;
}

/** validateMsgGasRuleFunc and validateStoredDelta: the errors before `groups[…].msgs[j]: ` is prefixed, and the leaf each names. */
function gasFuncVerdict(rule: MsgGasRule): { path: string; value: string | null; rule: string } | { unjudged: string } | null {
  const f = rule.func;
  if (f === null) return null;
  const at = `${rule.at}.${f.kind}`;
  const no = (path: string, value: string | null, text: string) => ({ path, value, rule: text });
  const rate = (gas: bigint) => (gas > MAX_GAS_PER_UNIT ? no(`${at}.gas_per_unit`, gas.toString(), `${f.kind}.gas_per_unit ${gas} exceeds safety limit of ${MAX_GAS_PER_UNIT}`) : null);
  if (f.params === null) return no(at, null, `${f.kind} is nil`);
  if (f.kind === "stored_bytes") {
    if (rule.typeUrl !== HARDWARE_DIFF_URL) return no(`${rule.at}.type_url`, rule.typeUrl, "stored_bytes is only supported on HardwareDiff");
    const p = f.params;
    const r = rate(p.gasPerUnit);
    if (r !== null) return r;
    // StoredBytesUnitSize: trimmed of Go's white space (unicode.IsSpace), any case
    if (!["", "b", "kb", "mb"].includes(p.unit.replace(GO_SPACE, "").toLowerCase())) return no(`${at}.unit`, p.unit, `stored_bytes.unit ${goQuote(p.unit)} is invalid (want b|kb|mb)`);
    return null;
  }
  if (f.kind === "repeated_len") {
    const p = f.params;
    if (p.field === "") return no(`${at}.field`, "", "repeated_len.field is empty");
    const r = rate(p.gasPerUnit);
    if (r !== null) return r;
    if (rule.typeUrl === STORE_COMMIT_URL || rule.typeUrl === HARDWARE_DIFF_URL) return no(`${rule.at}.type_url`, rule.typeUrl, `repeated_len is not supported on ${rule.typeUrl} (use stored_delta / stored_bytes)`);
    const msg = prototype(rule.typeUrl);
    if (msg === undefined) return { unjudged: `repeated_len.field ${goQuote(p.field)} on ${rule.typeUrl}: the port does not know that message's fields (Go checks them by reflection)` };
    if (msg[p.field] === undefined) return no(`${at}.field`, p.field, `repeated_len.field ${goQuote(p.field)} not found on ${rule.typeUrl}`);
    if (msg[p.field]!.repeated !== true) return no(`${at}.field`, p.field, `repeated_len.field ${goQuote(p.field)} is not a repeated field on ${rule.typeUrl}`);
    return null;
  }
  const p = f.params;
  if (rule.typeUrl !== STORE_COMMIT_URL) return no(`${rule.at}.type_url`, rule.typeUrl, "stored_delta is only supported on StoreCommit");
  const r = rate(p.gasPerUnit);
  if (r !== null) return r;
  if (p.items === "") return no(`${at}.items`, "", "stored_delta.items is empty");
  if (p.valueField === "") return no(`${at}.value_field`, "", "stored_delta.value_field is empty");
  const msg = FEE_MESSAGE_FIELDS.MsgPoCV2StoreCommit!;
  const items = msg[p.items];
  if (items === undefined) return no(`${at}.items`, p.items, `stored_delta.items ${goQuote(p.items)} not found on ${STORE_COMMIT_URL}`);
  if (items.repeated !== true) return no(`${at}.items`, p.items, `stored_delta.items ${goQuote(p.items)} is not a repeated field on ${STORE_COMMIT_URL}`);
  // StoreCommit's one repeated field is `entries`, a message (Go skips these checks for a repeated scalar, which StoreCommit has none of)
  const elem = FEE_MESSAGE_FIELDS[items.elem!]!;
  if (elem[p.valueField] === undefined) return no(`${at}.value_field`, p.valueField, `stored_delta.value_field ${goQuote(p.valueField)} not found on items type`);
  if (elem[p.valueField]!.unsigned !== true) return no(`${at}.value_field`, p.valueField, `stored_delta.value_field ${goQuote(p.valueField)} is not an unsigned integer`);
  if (p.idField !== "" && elem[p.idField] === undefined) return no(`${at}.id_field`, p.idField, `stored_delta.id_field ${goQuote(p.idField)} not found on items type`);
  const scope = p.scopeFields.find((s) => msg[s] === undefined);
  if (scope !== undefined) return no(`${at}.scope_fields`, JSON.stringify(p.scopeFields), `stored_delta.scope_fields ${goQuote(scope)} not found on ${STORE_COMMIT_URL}`);
  return null;
}

/** FeeParams.Validate (v0.2.16): the first refusal, a check the port cannot make, or null (valid). */
export function validateFeeParams(fp: FeeParams | null): FeeVerdict {
  if (fp === null) return null;
  if (fp.minGasPriceNgonka > MAX_MIN_GAS_PRICE) return refuse("fee_params.min_gas_price_ngonka", fp.minGasPriceNgonka.toString(), `min_gas_price_ngonka ${fp.minGasPriceNgonka} exceeds safety limit of ${MAX_MIN_GAS_PRICE}`);
  const known = (name: string): boolean => (FEE_GROUPS as readonly string[]).includes(name);
  const names = new Set<string>();
  const urls = new Set<string>();
  for (const [i, g] of fp.groups.entries()) {
    if (g === null) return refuse(`fee_params.groups[${i}]`, null, `groups[${i}] is nil`);
    if (g.name === "") return refuse(`${g.at}.name`, "", `groups[${i}].name is empty`);
    if (!known(g.name)) return refuse(`${g.at}.name`, g.name, `groups[${i}].name ${goQuote(g.name)} is not a compiled fee group`);
    if (names.has(g.name)) return refuse(`${g.at}.name`, g.name, `duplicate fee group name ${goQuote(g.name)}`);
    names.add(g.name);
    const loc = `groups[${goQuote(g.name)}]`;
    if (g.minGasPrice > MAX_MIN_GAS_PRICE) return refuse(`${g.at}.min_gas_price`, g.minGasPrice.toString(), `${loc}.min_gas_price ${g.minGasPrice} exceeds safety limit of ${MAX_MIN_GAS_PRICE}`);
    const base = periodBaseVerdict(g.base, g.at, `${loc}.base`) ?? chargingPeriodVerdict(g.base, false, g.at, `${loc}.base`);
    if (base !== null) return base;
    for (const [j, rule] of g.msgs.entries()) {
      const rl = `${loc}.msgs[${j}]`;
      if (rule === null) return refuse(`${g.at}.msgs[${j}]`, null, `${rl} is nil`);
      if (rule.typeUrl === "") return refuse(`${rule.at}.type_url`, "", `${rl}.type_url is empty`);
      if (urls.has(rule.typeUrl)) return refuse(`${rule.at}.type_url`, rule.typeUrl, `duplicate type_url ${goQuote(rule.typeUrl)} in fee groups`);
      urls.add(rule.typeUrl);
      const compiled = compiledFeeGroupForTypeUrl(rule.typeUrl);
      if (compiled === "") return refuse(`${rule.at}.type_url`, rule.typeUrl, `${rl}.type_url ${goQuote(rule.typeUrl)} is not a fee-grouped message`);
      if (compiled !== g.name) return refuse(`${rule.at}.type_url`, rule.typeUrl, `${rl}.type_url ${goQuote(rule.typeUrl)} belongs to compiled group ${goQuote(compiled)}`);
      const period = periodBaseVerdict(rule.base, rule.at, `${rl}.base`) ?? chargingPeriodVerdict(rule.base, rule.typeUrl === STORE_COMMIT_URL, rule.at, `${rl}.base`);
      if (period !== null) return period;
      const fn = gasFuncVerdict(rule);
      if (fn !== null && "unjudged" in fn) return { unjudged: { path: rule.at, detail: `${rl}: ${fn.unjudged}` } };
      if (fn !== null) return refuse(fn.path, fn.value, `${rl}: ${fn.rule}`);
    }
  }
  const enabled = JSON.stringify(fp.enabledFeeGroups);
  for (const name of fp.enabledFeeGroups) {
    if (name === "") return refuse("fee_params.enabled_fee_groups", enabled, "enabled_fee_groups contains an empty name");
    if (!known(name)) return refuse("fee_params.enabled_fee_groups", enabled, `unknown enabled fee group ${goQuote(name)}`);
    if (!names.has(name)) return refuse("fee_params.enabled_fee_groups", enabled, `enabled fee group ${goQuote(name)} has no groups[] entry`);
  }
  return null;
}

/** The entries of the repeated message `list` in the message's order (Go's index): named by `key` as read, or by index. */
function entriesOf(set: ParamSet, list: string, key: string): string[] {
  const names = [...new Set([...set.values.keys()].filter((k) => k.startsWith(`${list}[`)).map((k) => k.slice(list.length + 1, k.indexOf("].", list.length))))];
  const byKey = names.every((n) => set.values.get(`${list}[${n}].${key}`)!.value.text === n);
  return (byKey ? names : names.sort((a, b) => Number(a) - Number(b))).map((n) => `${list}[${n}]`);
}

/**
 * FeeParams as v0.2.16's Validate reads it from a complete set, whose every leaf is there (null: the
 * message leaves fee_params out, nil in Go). A base left out is read as its zeros: Validate treats a nil
 * PeriodBase and a zero one alike (no gas, no period type).
 */
export function feeParamsOf(set: ParamSet): FeeParams | null {
  const absent = (path: string): boolean => set.absent!.has(path);
  if (absent("fee_params")) return null;
  const text = (path: string): string => set.values.get(path)!.value.text;
  const num = (path: string): bigint => BigInt(text(path));
  const listAt = (path: string): string[] => set.values.get(path)!.value.list!;
  const base = (at: string): PeriodBase => ({ gas: num(`${at}.base.gas`), periodType: text(`${at}.base.period_type`), periodLength: num(`${at}.base.period_length`) });
  // at most one member is present: the wire reader keeps the last a oneof was set to, as Go does; the JSON readers refuse two
  const func = (at: string): GasFunc => {
    const d = `${at}.stored_delta`;
    if (!absent(d)) return { kind: "stored_delta", params: { gasPerUnit: num(`${d}.gas_per_unit`), items: text(`${d}.items`), valueField: text(`${d}.value_field`), idField: text(`${d}.id_field`), scopeFields: listAt(`${d}.scope_fields`) } };
    const b = `${at}.stored_bytes`;
    if (!absent(b)) return { kind: "stored_bytes", params: { gasPerUnit: num(`${b}.gas_per_unit`), unit: text(`${b}.unit`) } };
    const r = `${at}.repeated_len`;
    if (!absent(r)) return { kind: "repeated_len", params: { gasPerUnit: num(`${r}.gas_per_unit`), field: text(`${r}.field`) } };
    return null;
  };
  return {
    minGasPriceNgonka: num("fee_params.min_gas_price_ngonka"),
    enabledFeeGroups: listAt("fee_params.enabled_fee_groups"),
    groups: entriesOf(set, "fee_params.groups", "name").map((g) => ({
      at: g,
      name: text(`${g}.name`),
      minGasPrice: num(`${g}.min_gas_price`),
      base: base(g),
      msgs: entriesOf(set, `${g}.msgs`, "type_url").map((m) => ({ at: m, typeUrl: text(`${m}.type_url`), base: base(m), func: func(m) })),
    })),
  };
}
