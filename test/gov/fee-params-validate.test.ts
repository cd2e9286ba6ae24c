// v0.2.16's FeeParams.Validate with its fee groups (src/gov/fee-params-validate.ts; types/fee_params.go and
// fee_groups.go at zpoken/gonka@ef1a5efd): the fee params the v0.2.16 upgrade leaves on mainnet pass; each
// check refuses at its first failure in Go's words, read from JSON fee params as a proposal carries them.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { compiledFeeGroupForTypeUrl, feeParamsOf, goQuote, validateFeeParams, type FeeParams, type FeeVerdict } from "../../src/gov/fee-params-validate.js";
import { paramsFromJson } from "../../src/gov/param-values.js";
import { checkVectorFile } from "../../src/vectors/check.js";

const SC = "/inference.inference.MsgPoCV2StoreCommit";
const HD = "/inference.inference.MsgSubmitHardwareDiff";
/** A JSON object edited freely by the cases below. */
type Loose = { [k: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The fee params the v0.2.16 upgrade leaves (the release's defaults: epoch and cosmos enabled at 1 ngonka per gas). */
const UPGRADED: Loose = {
  min_gas_price_ngonka: "0",
  base_validation_gas: "500000",
  gas_per_poc_count: "100",
  enabled_fee_groups: ["epoch", "cosmos"],
  groups: [
    {
      name: "epoch",
      min_gas_price: "1",
      base: { gas: "0", period_type: "epoch", period_length: "1" },
      msgs: [
        { type_url: SC, base: { gas: "500000", period_type: "poc", period_length: "1" }, stored_delta: { gas_per_unit: "100", items: "entries", value_field: "count", id_field: "model_id", scope_fields: ["poc_stage_start_block_height"] } },
        { type_url: HD, stored_bytes: { gas_per_unit: "100", unit: "kb" } },
      ],
    },
    { name: "cosmos", min_gas_price: "1" },
  ],
};

/** The upgraded fee params with `edit` applied to a copy. */
function fee(edit: (f: Loose) => void = () => {}): FeeParams {
  const f = structuredClone(UPGRADED);
  edit(f);
  return feeParamsOf(paramsFromJson({ fee_params: f as unknown as JsonObject }, "p", "proposal"))!;
}
/** The one refusal as "path = value: rule" (the whole line a proposal shows). */
function line(v: FeeVerdict): string {
  if (v === null) return "valid";
  if ("unjudged" in v) return `not judged ${v.unjudged.path}: ${v.unjudged.detail}`;
  return `${v.refusal.path} = ${v.refusal.value}: ${v.refusal.rule}`;
}
const judge = (edit?: Parameters<typeof fee>[0]): string => line(validateFeeParams(fee(edit)));
const epoch = (f: Loose): Loose => f.groups[0];
const G = "fee_params.groups[epoch]";
const R = `${G}.msgs[${SC}]`;

describe("FeeParams.Validate (v0.2.16)", () => {
  it("accepts the fee params the upgrade leaves, and nil or empty ones", () => {
    expect(judge()).toBe("valid");
    expect(validateFeeParams(null)).toBeNull();
    expect(feeParamsOf(paramsFromJson({}, "p", "proposal"))).toBeNull(); // fee_params left out: nil, not checked
    expect(line(validateFeeParams(feeParamsOf(paramsFromJson({ fee_params: {} }, "p", "proposal"))))).toBe("valid");
  });

  it("bounds the prices: the global and each group's at 1,000,000", () => {
    expect(judge((f) => (f.min_gas_price_ngonka = "1000000"))).toBe("valid");
    expect(judge((f) => (f.min_gas_price_ngonka = "1000001"))).toBe("fee_params.min_gas_price_ngonka = 1000001: min_gas_price_ngonka 1000001 exceeds safety limit of 1000000");
    expect(judge((f) => (epoch(f).min_gas_price = "1000000"))).toBe("valid");
    expect(judge((f) => (epoch(f).min_gas_price = "1000001"))).toBe(`${G}.min_gas_price = 1000001: groups["epoch"].min_gas_price 1000001 exceeds safety limit of 1000000`);
  });

  it("refuses a group name that is empty, not compiled in, or given twice", () => {
    expect(judge((f) => (f.groups[1]!.name = ""))).toBe('fee_params.groups[1].name = : groups[1].name is empty');
    expect(judge((f) => (f.groups[1]!.name = "Cosmos"))).toBe('fee_params.groups[Cosmos].name = Cosmos: groups[1].name "Cosmos" is not a compiled fee group');
    expect(judge((f) => (f.groups[1]!.name = "epoch"))).toBe('fee_params.groups[1].name = epoch: duplicate fee group name "epoch"');
    for (const g of ["bls", "devshard", "bridge", "wasm", "ibc", "onboarding"]) expect(judge((f) => f.groups.push({ name: g, min_gas_price: "0" }))).toBe("valid");
  });

  it("judges groups and rules in the message's order, whether the flat set names them by name or by index", () => {
    // an entry with no field set is read last into the flat set (its zeros), yet it is Go's groups[0]
    const empty = "fee_params.groups[0].name = : groups[0].name is empty";
    expect(judge((f) => (f.groups = [{}, ...f.groups]))).toBe(empty);
    expect(judge((f) => (f.groups = [{}, { name: "1" }, { name: "1" }]))).toBe(empty);
    // named by name, in the order given (a numeric order would put 9 first)
    expect(judge((f) => (f.groups = [{ name: "10" }, { name: "9" }]))).toBe('fee_params.groups[10].name = 10: groups[0].name "10" is not a compiled fee group');
    expect(judge((f) => epoch(f).msgs.push({ type_url: "10" }, { type_url: "9" }))).toBe(`${G}.msgs[10].type_url = 10: groups["epoch"].msgs[2].type_url "10" is not a fee-grouped message`);
  });

  it("checks each period base: gas at most 10,000,000, type epoch, poc, block or empty, nonzero gas only on StoreCommit per PoC, one period", () => {
    expect(judge((f) => (epoch(f).base = { period_type: "weekly" }))).toBe(`${G}.base.period_type = weekly: groups["epoch"].base.period_type "weekly" is invalid (want epoch|poc|block)`);
    expect(judge((f) => (epoch(f).base = { period_type: "" }))).toBe("valid");
    expect(judge((f) => (epoch(f).base = { gas: "1" }))).toBe(`${G}.base.gas = 1: groups["epoch"].base: nonzero period gas is only supported on StoreCommit (poc/1)`);
    expect(judge((f) => (epoch(f).base = { gas: "10000001", period_type: "x" }))).toBe(`${G}.base.gas = 10000001: groups["epoch"].base.gas 10000001 exceeds safety limit of 10000000`);
    const rule = (base: Json) => judge((f) => (epoch(f).msgs[0]!.base = base));
    expect(rule({ gas: "10000000", period_type: "poc", period_length: "0" })).toBe("valid"); // 0 reads as 1
    expect(rule({ gas: "10000001", period_type: "poc" })).toBe(`${R}.base.gas = 10000001: groups["epoch"].msgs[0].base.gas 10000001 exceeds safety limit of 10000000`);
    expect(rule({ gas: "5", period_type: "block" })).toBe(`${R}.base.period_type = block: groups["epoch"].msgs[0].base: nonzero period gas requires period_type=poc`);
    expect(rule({ gas: "5", period_type: "poc", period_length: "2" })).toBe(`${R}.base.period_length = 2: groups["epoch"].msgs[0].base: nonzero period gas requires period_length=1`);
    expect(rule({ gas: "0", period_type: "block", period_length: "7" })).toBe("valid"); // no gas, no period rule
    expect(judge((f) => (epoch(f).msgs[1]!.base = { gas: "1", period_type: "poc" }))).toBe(`${G}.msgs[${HD}].base.gas = 1: groups["epoch"].msgs[1].base: nonzero period gas is only supported on StoreCommit (poc/1)`);
  });

  it("refuses a message rule with no type URL, one given twice, one no group holds, or one of another group", () => {
    expect(judge((f) => (epoch(f).msgs[1]!.type_url = ""))).toBe('fee_params.groups[epoch].msgs[1].type_url = : groups["epoch"].msgs[1].type_url is empty');
    expect(judge((f) => (epoch(f).msgs[1]!.type_url = SC))).toBe(`${G}.msgs[1].type_url = ${SC}: duplicate type_url "${SC}" in fee groups`);
    expect(judge((f) => (f.groups[1] = { name: "cosmos", msgs: [{ type_url: SC }] }))).toBe(`fee_params.groups[cosmos].msgs[${SC}].type_url = ${SC}: duplicate type_url "${SC}" in fee groups`);
    const typed = (url: string) => judge((f) => epoch(f).msgs.push({ type_url: url }));
    expect(typed("/inference.inference.MsgUpdateParams")).toBe(`${G}.msgs[/inference.inference.MsgUpdateParams].type_url = /inference.inference.MsgUpdateParams: groups["epoch"].msgs[2].type_url "/inference.inference.MsgUpdateParams" is not a fee-grouped message`);
    expect(typed("/cosmos.bank.v1beta1.MsgSend")).toBe(`${G}.msgs[/cosmos.bank.v1beta1.MsgSend].type_url = /cosmos.bank.v1beta1.MsgSend: groups["epoch"].msgs[2].type_url "/cosmos.bank.v1beta1.MsgSend" belongs to compiled group "cosmos"`);
    expect(typed("/inference.collateral.MsgDepositCollateral")).toBe("valid");
  });

  it("checks each gas function on its own message type and its fields", () => {
    const delta = (d: Json) => judge((f) => (epoch(f).msgs[0]!.stored_delta = d));
    const D = `${R}.stored_delta`;
    const at = 'groups["epoch"].msgs[0]: ';
    expect(delta({ gas_per_unit: "10000", items: "entries", value_field: "count" })).toBe("valid");
    expect(delta({ gas_per_unit: "10001", items: "" })).toBe(`${D}.gas_per_unit = 10001: ${at}stored_delta.gas_per_unit 10001 exceeds safety limit of 10000`);
    expect(delta({ value_field: "count" })).toBe(`${D}.items = : ${at}stored_delta.items is empty`);
    expect(delta({ items: "entries" })).toBe(`${D}.value_field = : ${at}stored_delta.value_field is empty`);
    expect(delta({ items: "nodes", value_field: "count" })).toBe(`${D}.items = nodes: ${at}stored_delta.items "nodes" not found on ${SC}`);
    expect(delta({ items: "root_hash", value_field: "count" })).toBe(`${D}.items = root_hash: ${at}stored_delta.items "root_hash" is not a repeated field on ${SC}`);
    expect(delta({ items: "entries", value_field: "weight" })).toBe(`${D}.value_field = weight: ${at}stored_delta.value_field "weight" not found on items type`);
    expect(delta({ items: "entries", value_field: "model_id" })).toBe(`${D}.value_field = model_id: ${at}stored_delta.value_field "model_id" is not an unsigned integer`);
    expect(delta({ items: "entries", value_field: "count", id_field: "node_id" })).toBe(`${D}.id_field = node_id: ${at}stored_delta.id_field "node_id" not found on items type`);
    expect(delta({ items: "entries", value_field: "count", scope_fields: ["creator", "epoch"] })).toBe(`${D}.scope_fields = ["creator","epoch"]: ${at}stored_delta.scope_fields "epoch" not found on ${SC}`);
    expect(judge((f) => (epoch(f).msgs[1] = { type_url: HD, stored_delta: { items: "entries" } }))).toBe(`${G}.msgs[${HD}].type_url = ${HD}: groups["epoch"].msgs[1]: stored_delta is only supported on StoreCommit`);

    const bytes = (b: Json) => judge((f) => (epoch(f).msgs[1]!.stored_bytes = b));
    const B = `${G}.msgs[${HD}].stored_bytes`;
    for (const unit of ["", "b", " KB\u0085", "Mb"]) expect(bytes({ unit })).toBe("valid");
    expect(bytes({ unit: "\ufeffkb" })).toBe(`${B}.unit = \ufeffkb: groups["epoch"].msgs[1]: stored_bytes.unit "\\ufeffkb" is invalid (want b|kb|mb)`);
    expect(bytes({ gas_per_unit: "10001", unit: "gb" })).toBe(`${B}.gas_per_unit = 10001: groups["epoch"].msgs[1]: stored_bytes.gas_per_unit 10001 exceeds safety limit of 10000`);
    const DS = "/inference.inference.MsgSettleDevshardEscrow";
    const len = (rl: Json, url = DS) => judge((f) => f.groups.push({ name: compiledFeeGroupForTypeUrl(url), msgs: [{ type_url: url, repeated_len: rl }] }));
    const L = `fee_params.groups[devshard].msgs[${DS}].repeated_len`;
    const dat = 'groups["devshard"].msgs[0]: ';
    expect(len({ gas_per_unit: "10000", field: "host_stats" })).toBe("valid");
    expect(len({ gas_per_unit: "10001" })).toBe(`${L}.field = : ${dat}repeated_len.field is empty`);
    expect(len({ gas_per_unit: "10001", field: "x" })).toBe(`${L}.gas_per_unit = 10001: ${dat}repeated_len.gas_per_unit 10001 exceeds safety limit of 10000`);
    expect(len({ field: "signatures_" })).toBe(`${L}.field = signatures_: ${dat}repeated_len.field "signatures_" not found on ${DS}`);
    expect(len({ field: "nonce" })).toBe(`${L}.field = nonce: ${dat}repeated_len.field "nonce" is not a repeated field on ${DS}`);
    expect(judge((f) => (epoch(f).msgs[0] = { type_url: SC, repeated_len: { field: "entries" } }))).toBe(`${R}.type_url = ${SC}: ${at}repeated_len is not supported on ${SC} (use stored_delta / stored_bytes)`);
    expect(judge((f) => (epoch(f).msgs[1] = { type_url: HD, repeated_len: { field: "removed" } }))).toBe(`${G}.msgs[${HD}].type_url = ${HD}: groups["epoch"].msgs[1]: repeated_len is not supported on ${HD} (use stored_delta / stored_bytes)`);
    expect(judge((f) => (epoch(f).msgs[0] = { type_url: SC, stored_bytes: { unit: "kb" } }))).toBe(`${R}.type_url = ${SC}: ${at}stored_bytes is only supported on HardwareDiff`);
    // a type whose fields Go finds by reflection in the binary's registry: not judged, and Go's later checks not reached
    const dealer = "/inference.bls.MsgSubmitDealerPart";
    expect(judge((f) => { f.groups.push({ name: "bls", msgs: [{ type_url: dealer, repeated_len: { field: "commitments" } }] }); f.enabled_fee_groups = ["gpu"]; })).toBe(
      `not judged fee_params.groups[bls].msgs[${dealer}]: groups["bls"].msgs[0]: repeated_len.field "commitments" on ${dealer}: the port does not know that message's fields (Go checks them by reflection)`,
    );
  });

  it("nil entries and nil gas functions (which a decoded message cannot carry) are refused as Go refuses them", () => {
    const base: FeeParams = { minGasPriceNgonka: 0n, enabledFeeGroups: [], groups: [] };
    const rule = { at: "r", typeUrl: SC, base: null };
    expect(line(validateFeeParams({ ...base, groups: [null] }))).toBe("fee_params.groups[0] = null: groups[0] is nil");
    expect(line(validateFeeParams({ ...base, groups: [{ at: "g", name: "epoch", minGasPrice: 0n, base: null, msgs: [null] }] }))).toBe('g.msgs[0] = null: groups["epoch"].msgs[0] is nil');
    for (const kind of ["stored_delta", "stored_bytes", "repeated_len"] as const) {
      expect(line(validateFeeParams({ ...base, groups: [{ at: "g", name: "epoch", minGasPrice: 0n, base: null, msgs: [{ ...rule, func: { kind, params: null } }] }] }))).toBe(`r.${kind} = null: groups["epoch"].msgs[0]: ${kind} is nil`);
    }
  });

  it("checks enabled_fee_groups after every group: no empty name, a compiled group, one with a groups[] entry", () => {
    const enabled = (names: string[]) => judge((f) => (f.enabled_fee_groups = names));
    const E = "fee_params.enabled_fee_groups";
    expect(enabled([])).toBe("valid");
    expect(enabled(["epoch", ""])).toBe(`${E} = ["epoch",""]: enabled_fee_groups contains an empty name`);
    expect(enabled(["gpu", ""])).toBe(`${E} = ["gpu",""]: unknown enabled fee group "gpu"`);
    expect(enabled(["bls"])).toBe(`${E} = ["bls"]: enabled fee group "bls" has no groups[] entry`);
    expect(judge((f) => { f.enabled_fee_groups = ["gpu"]; epoch(f).min_gas_price = "1000001"; })).toBe(`${G}.min_gas_price = 1000001: groups["epoch"].min_gas_price 1000001 exceeds safety limit of 1000000`);
  });
});

describe("compiled fee groups and Go's quoting", () => {
  it("groups by type URL: named types, then the cosmos, IBC and wasm prefixes; authz's MsgExec in none", () => {
    expect(["/inference.bls.MsgSubmitPartialSignature", "/inference.inference.MsgSettleDevshardEscrow", "/inference.inference.MsgApproveIbcTokenForTrading", "/inference.inference.MsgSubmitNewUnfundedParticipant", "/inference.restrictions.MsgExecuteEmergencyTransfer"].map(compiledFeeGroupForTypeUrl)).toEqual(["bls", "devshard", "bridge", "onboarding", "cosmos"]);
    expect(["/cosmos.auth.vesting.v1beta1.MsgX", "/cosmos.authz.v1beta1.MsgExec", "/cosmos.authz.v1beta1.MsgGrant", "/ibc.core.client.v1.MsgUpdateClient", "/cosmwasm.wasm.v1.MsgExecuteContract", "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", "/inference.bls.MsgRequestThresholdSignature"].map(compiledFeeGroupForTypeUrl)).toEqual(["cosmos", "", "cosmos", "ibc", "wasm", "", ""]);
  });

  it("quotes as strconv.Quote", () => {
    expect(goQuote('a"b\\c\n\t\x07\b\f\r\v\x01\x7f\u0085é')).toBe('"a\\"b\\\\c\\n\\t\\a\\b\\f\\r\\v\\x01\\x7f\\u0085é"');
    expect(goQuote("\ufeff \u00a0x\u{1f600}\u{e0001}\uffff\u{10000}")).toBe('"\\ufeff \\u00a0x\u{1f600}\\U000e0001\\uffff\u{10000}"');
  });
});

describe("FeeParams.Validate against compiled Go", () => {
  it("replays the 900 cases of v0216_fee_params_validate (fee_params.go and fee_groups.go at zpoken/gonka@ef1a5efd) exactly", () => {
    const r = checkVectorFile(join(import.meta.dirname, "..", "vectors", "go-v0.2.16", "v0216_fee_params_validate.json.gz"));
    expect(r.error).toBeUndefined();
    expect(r.failures.map((x) => `${x.name}: ${x.difference}`)).toEqual([]);
    expect(r.passed).toBe(900);
  });

  it("groups every message type fee_groups.go names, and every SDK prefix it matches", () => {
    const named: Record<string, string[]> = {
      epoch: [...["MsgSubmitHardwareDiff", "MsgSubmitSeed", "MsgPoCV2StoreCommit", "MsgCreatePoCChallenge", "MsgPoCChallengeStoreCommit", "MsgSubmitPoCChallengeValidations", "MsgMLNodeWeightDistribution", "MsgSubmitPocValidationsV2", "MsgClaimRewards", "MsgDeclarePoCIntent", "MsgSetPoCDelegation", "MsgRefusePoCDelegation"].map((m) => `/inference.inference.${m}`), "/inference.collateral.MsgDepositCollateral", "/inference.collateral.MsgWithdrawCollateral"],
      bls: ["MsgSubmitDealerPart", "MsgSubmitVerificationVector", "MsgRespondDealerComplaints", "MsgSubmitGroupKeyValidationSignature", "MsgSubmitPartialSignature"].map((m) => `/inference.bls.${m}`),
      devshard: ["MsgCreateDevshardEscrow", "MsgSettleDevshardEscrow", "MsgSetDevshardRequestsEnabled"].map((m) => `/inference.inference.${m}`),
      bridge: ["MsgBridgeExchange", "MsgRequestBridgeMint", "MsgRequestBridgeWithdrawal", "MsgCancelBridgeOperation", "MsgRegisterTokenMetadata", "MsgApproveBridgeTokenForTrading", "MsgRegisterWrappedTokenContract", "MsgRegisterIbcTokenMetadata", "MsgApproveIbcTokenForTrading"].map((m) => `/inference.inference.${m}`),
      onboarding: ["/inference.inference.MsgSubmitNewParticipant", "/inference.inference.MsgSubmitNewUnfundedParticipant"],
      cosmos: ["/inference.streamvesting.MsgTransferWithVesting", "/inference.streamvesting.MsgBatchTransferWithVesting", "/inference.restrictions.MsgExecuteEmergencyTransfer", "/inference.inference.MsgScheduleMaintenance", "/inference.inference.MsgCancelMaintenance"],
    };
    for (const [group, urls] of Object.entries(named)) expect(urls.map(compiledFeeGroupForTypeUrl), group).toEqual(urls.map(() => group));
    const prefixes = ["bank", "staking", "gov", "distribution", "slashing", "authz", "feegrant", "group", "vesting", "auth.vesting", "evidence", "nft", "circuit", "crisis"];
    expect(prefixes.map((p) => compiledFeeGroupForTypeUrl(`/cosmos.${p}.v1.MsgX`))).toEqual(prefixes.map(() => "cosmos"));
    expect(["/cosmos.auth.v1beta1.MsgUpdateParams", "/cosmos.bankx.MsgSend", "cosmos.bank.v1beta1.MsgSend", "/ibc.", "/ibcx.MsgY", "/cosmwasm.wasmx.MsgZ", "/inference.inference.MsgSubmitPocBatch"].map(compiledFeeGroupForTypeUrl)).toEqual(["", "", "", "ibc", "", "", ""]);
  });
});

describe("the fee groups in amino JSON", () => {
  const rule = (func: Json) => paramsFromJson({ fee_params: { groups: [{ name: "epoch", msgs: [{ type_url: SC, Func: func }] }] } }, "p", "proposal");
  const M = `fee_params.groups[epoch].msgs[${SC}]`;
  it('reads the oneof as x/tx writes it ("Func": {"type", "value": {member: …}}), null as unset', () => {
    const s = rule({ type: "inference/MsgGasRule/StoredBytes", value: { stored_bytes: { gas_per_unit: "7", unit: "mb" } } });
    expect([s.values.get(`${M}.stored_bytes.unit`)?.value.text, s.absent?.has(`${M}.stored_bytes`), s.absent?.has(`${M}.stored_delta`)]).toEqual(["mb", false, true]);
    expect(feeParamsOf(rule(null))!.groups[0]!.msgs[0]!.func).toBeNull();
    const camel = paramsFromJson({ fee_params: { groups: [{ name: "epoch", msgs: [{ type_url: SC, func: { type: "inference/MsgGasRule/RepeatedLen", value: { repeatedLen: { field: "entries" } } } }] }] } }, "p", "proposal");
    expect(feeParamsOf(camel)!.groups[0]!.msgs[0]!.func).toEqual({ kind: "repeated_len", params: { gasPerUnit: 0n, field: "entries" } });
  });
  it("refuses a oneof of another shape or an unknown member, naming the path", () => {
    expect(() => rule({ type: "inference/MsgGasRule/Other", value: {} })).toThrow('unknown oneof type "inference/MsgGasRule/Other" (known: inference/MsgGasRule/StoredDelta, inference/MsgGasRule/StoredBytes, inference/MsgGasRule/RepeatedLen)');
    expect(() => rule({ type: "inference/MsgGasRule/StoredBytes" })).toThrow('expected a oneof {"type", "value"}');
    expect(() => rule({ value: {} })).toThrow("p.fee_params.groups[0].msgs[0].Func");
    expect(() => rule([])).toThrow('expected a oneof {"type", "value"}, got');
  });
});
