/**
 * x/inference Params as a flat set of values, one per parameter path (`epoch_params.poc_slot_allocation`,
 * `poc_params.models[Qwen/Qwen3-32B-FP8].weight_scale_factor`), read through the catalog
 * (./params-catalog.ts) from the wire form (a MsgUpdateParams, a Query/Params answer) or a JSON form
 * (amino JSON, proto JSON, a REST params answer, a snapshot's recorded params), and the difference of
 * two such sets. A field the catalog does not know is kept as unknown (named, with its size), never
 * dropped; a proto3 message is complete, so a field absent from it is its zero value.
 */
import { InputError, describeValue } from "../errors.js";
import { decodeDecimal } from "../chain/gen/proto.js";
import { DecodeError, Reader, expectWire, fieldError, readInt64, readLength, readUint64 } from "../chain/wire.js";
import { Decimal } from "../go/decimal.js";
import { parseChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";
import { INT32_MAX, INT32_MIN, UINT32_MAX, checkedInt64, checkedUint64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { isJsonObject, type JsonObject } from "../json-input.js";
import { PARAMS_CATALOG, camelName, fieldNamed, fieldNumbered, type MessageField, type ParamField, type ScalarField } from "./params-catalog.js";

/** One parameter's value: `text` is canonical (integers in decimal, decimals as Go's String(), lists as JSON). */
export interface ParamValue {
  text: string;
  /** The elements of a repeated string (address lists). */
  list?: string[];
  /** A decimal's Decimal{value, exponent} as the message holds it (`text` drops the exponent: 0.50 and 0.5 read "0.5"; v0.2.15's Validate bounds it). */
  decimal?: ChainDecimal;
}

export interface ParamEntry {
  field: ScalarField;
  value: ParamValue;
}

/** A field the catalog does not know, or a value the port cannot place. */
export interface UnknownParam {
  path: string;
  detail: string;
}

export interface ParamSet {
  /** Where the values came from, for people. */
  source: string;
  /**
   * True when the set is a whole Params message (a field it lacks is the proto3 zero value); false for
   * a snapshot, which records only what the rules read (a field it lacks is not recorded).
   */
  complete: boolean;
  values: Map<string, ParamEntry>;
  unknown: UnknownParam[];
  /**
   * What a complete set holds only as the zero value because the message left it out: scalar leaves
   * and messages by path (epoch_params, poc_params.dynamic_coefficient_params,
   * poc_params.models[m].dynamic_coefficient). In Go a left-out Decimal or message is
   * nil, which Params.Validate refuses for some fields (./params-validate.ts). Undefined: a set that
   * is not complete (a snapshot's), where a field it lacks is not recorded.
   */
  absent?: Set<string>;
}

const ZERO: Record<ScalarField["kind"], string> = { int64: "0", uint64: "0", int32: "0", uint32: "0", bool: "false", string: "", decimal: "0" };

function zeroValue(f: ScalarField): ParamValue {
  if (f.repeated) return { text: "[]", list: [] };
  return f.kind === "decimal" ? decimalValue({ value: 0n, exponent: 0 }) : { text: ZERO[f.kind] };
}

/** A decimal leaf: Go's String() of it, and the value and exponent the message holds. */
function decimalValue(d: ChainDecimal): ParamValue {
  return { text: Decimal.fromChain(d).toString(), decimal: { value: d.value, exponent: d.exponent } };
}

/** The non-repeated messages present in a map of values read from a message, by path relative to it. */
const messagesIn = new WeakMap<Map<string, ParamEntry>, Set<string>>();

/** Note the messages present in `inner` (values read at `prefix` within `values`), and `prefix` itself unless it is empty or names a list entry, as present in `values`. */
function notePresent(values: Map<string, ParamEntry>, prefix: string, inner: Map<string, ParamEntry>): void {
  const s = messagesIn.get(values) ?? new Set<string>();
  if (prefix !== "" && !prefix.endsWith("].")) s.add(prefix.slice(0, -1));
  for (const m of messagesIn.get(inner) ?? []) s.add(`${prefix}${m}`);
  messagesIn.set(values, s);
}

/**
 * Forget what the wire set of oneof `name` so far: a member read replaces whatever member came before it,
 * itself included (Go's generated Unmarshal sets the oneof to a fresh message each time; a plain message
 * field read twice merges instead).
 */
function clearOneof(values: Map<string, ParamEntry>, fields: readonly ParamField[], name: string): void {
  const members = fields.filter((g) => g.kind === "message" && g.oneof?.name === name).map((g) => g.name);
  const inMember = (k: string): boolean => members.some((m) => k === m || k.startsWith(`${m}.`));
  for (const k of [...values.keys()]) if (inMember(k)) values.delete(k);
  const present = messagesIn.get(values);
  for (const k of [...(present ?? [])]) if (inMember(k)) present!.delete(k);
}

function listValue(list: string[]): ParamValue {
  return { text: JSON.stringify(list), list };
}

/** A repeated message's entries named by their key field when every entry has a distinct non-empty one. */
function entryNames(entries: Map<string, ParamEntry>[], f: MessageField): string[] {
  const key = f.repeated!.keyField;
  const names = entries.map((e) => e.get(key)?.value.text ?? "");
  const unique = names.every((n) => n !== "" && !/[\][]/.test(n)) && new Set(names).size === names.length;
  return unique ? names : entries.map((_e, i) => String(i));
}

function addEntries(into: Map<string, ParamEntry>, prefix: string, f: MessageField, entries: Map<string, ParamEntry>[]): void {
  const names = entryNames(entries, f);
  entries.forEach((e, i) => {
    for (const [k, v] of e) into.set(`${prefix}${f.name}[${names[i]}].${k}`, v);
    notePresent(into, `${prefix}${f.name}[${names[i]}].`, e);
    // the entry itself is present, so that one with no field set still counts (its fields are their zero values)
    messagesIn.get(into)!.add(`${prefix}${f.name}[${names[i]}]`);
  });
}

/** Fill every scalar leaf of `fields` that `values` lacks with its zero value (a complete message), naming it, and every message not `present`, in `absent`. */
function fillZeros(values: Map<string, ParamEntry>, fields: readonly ParamField[], prefix: string, absent: Set<string>, present: Set<string>): void {
  for (const f of fields) {
    const path = `${prefix}${f.name}`;
    if (f.kind !== "message") {
      if (!values.has(path)) {
        values.set(path, { field: f, value: zeroValue(f) });
        absent.add(path);
      }
    } else if (f.repeated) {
      // each entry present is itself complete; absent entries are absent
      const entryPrefixes = new Set([...values.keys()].filter((k) => k.startsWith(`${path}[`)).map((k) => k.slice(0, k.indexOf("].", path.length) + 2)));
      for (const p of present) if (p.startsWith(`${path}[`) && p.endsWith("]") && !p.slice(path.length + 1, -1).includes("]")) entryPrefixes.add(`${p}.`);
      for (const ep of entryPrefixes) fillZeros(values, f.fields, ep, absent, present);
    } else {
      if (!present.has(path)) absent.add(path);
      fillZeros(values, f.fields, `${path}.`, absent, present);
    }
  }
}

/** The whole message: every leaf it lacks filled with its zero value and named as absent, as is every message it lacks (nil in Go). */
function completed(set: ParamSet): ParamSet {
  const absent = new Set<string>();
  fillZeros(set.values, PARAMS_CATALOG, "", absent, messagesIn.get(set.values) ?? new Set());
  set.absent = absent;
  return set;
}

// ---------- wire form ----------

function readScalar(r: Reader, wt: number, f: ScalarField): string {
  switch (f.kind) {
    case "int64":
      expectWire(wt, 0);
      return readInt64(r).toString();
    case "uint64":
      expectWire(wt, 0);
      return readUint64(r).toString();
    case "int32":
      expectWire(wt, 0);
      return String(r.int32());
    case "uint32":
      expectWire(wt, 0);
      return String(r.uint32());
    case "bool":
      expectWire(wt, 0);
      return String(r.bool());
    case "string":
      expectWire(wt, 2);
      return r.string();
    case "decimal": {
      expectWire(wt, 2);
      return Decimal.fromChain(decodeDecimal(r, readLength(r))).toString();
    }
  }
}

/** The names of the wire types skipType reads (it refuses 6 and 7). */
const WIRE_NAMES = ["varint", "64-bit", "length-delimited", "start-group", "end-group", "32-bit"];

/** Decode the fields of one message (`fields`) from r.pos to `end` into flat values (paths relative to it; `prefix` names unknown fields). */
function readMessage(r: Reader, end: number, fields: readonly ParamField[], messageName: string, prefix: string, out: ParamSet): Map<string, ParamEntry> {
  const values = new Map<string, ParamEntry>();
  const lists = new Map<string, { field: ScalarField; items: string[] }>();
  const repeated = new Map<string, { field: MessageField; entries: Map<string, ParamEntry>[] }>();
  while (r.pos < end) {
    const tag = r.uint32();
    const wt = tag & 7;
    const id = tag >>> 3;
    const f = fieldNumbered(fields, id);
    const label = f?.name ?? `(field ${id})`;
    try {
      if (f === undefined) {
        const start = r.pos;
        r.skipType(wt);
        out.unknown.push({ path: `${prefix}(field ${id})`, detail: `not in the port's catalog of x/inference Params (${WIRE_NAMES[wt]!}, ${r.pos - start} bytes)` });
      } else if (f.kind === "message") {
        expectWire(wt, 2);
        const n = readLength(r);
        if (f.repeated) {
          const entry = readMessage(r, r.pos + n, f.fields, f.name, `${prefix}${f.name}[].`, out);
          const slot = repeated.get(f.name) ?? { field: f, entries: [] };
          slot.entries.push(entry);
          repeated.set(f.name, slot);
        } else {
          const inner = readMessage(r, r.pos + n, f.fields, f.name, `${prefix}${f.name}.`, out);
          if (f.oneof !== undefined) clearOneof(values, fields, f.oneof.name);
          for (const [k, v] of inner) values.set(`${f.name}.${k}`, v);
          notePresent(values, `${f.name}.`, inner);
        }
      } else if (f.repeated) {
        const slot = lists.get(f.name) ?? { field: f, items: [] };
        slot.items.push(readScalar(r, wt, f));
        lists.set(f.name, slot);
      } else if (f.kind === "decimal") {
        expectWire(wt, 2);
        values.set(f.name, { field: f, value: decimalValue(decodeDecimal(r, readLength(r))) });
      } else values.set(f.name, { field: f, value: { text: readScalar(r, wt, f) } });
    } catch (e) {
      throw fieldError(e, messageName, label);
    }
  }
  if (r.pos !== end) throw new DecodeError(messageName, [], "message runs past its length");
  for (const [name, l] of lists) values.set(name, { field: l.field, value: listValue(l.items) });
  for (const { field, entries } of repeated.values()) addEntries(values, "", field, entries);
  return values;
}

/** x/inference Params from its protobuf bytes (a complete message). Decode errors name the field path. */
export function paramsFromBytes(bytes: Uint8Array, source: string): ParamSet {
  const set: ParamSet = { source, complete: true, values: new Map(), unknown: [] };
  try {
    set.values = readMessage(Reader.create(bytes), bytes.length, PARAMS_CATALOG, "Params", "", set);
  } catch (e) {
    // a tag cut short at the top level is the one read no field's wrapper covers: every failure is a
    // DecodeError, as the generated decoders' are (the callers turn those, and only those, into one line)
    throw e instanceof DecodeError ? e : new DecodeError("Params", [], (e as Error).message);
  }
  return completed(set);
}

// ---------- JSON forms ----------

function jsonInteger(v: Json, f: ScalarField, path: string): string {
  if (f.kind === "int64") return checkedInt64(v, path).toString();
  if (f.kind === "uint64") return checkedUint64(v, path).toString();
  const n = checkedInt64(v, path);
  const [min, max] = f.kind === "int32" ? [INT32_MIN, INT32_MAX] : [0n, UINT32_MAX];
  if (n < min || n > max) throw new InputError(`${n} does not fit in ${f.kind}`, path);
  return n.toString();
}

function jsonDecimal(v: Json, path: string): ChainDecimal {
  if (!isJsonObject(v)) throw new InputError(`expected a decimal {"value", "exponent"}, got ${describeValue(v)}`, path);
  // amino JSON leaves out a zero value or exponent (proto3 zero)
  return parseChainDecimal({ ...v, value: v.value ?? 0, exponent: v.exponent ?? 0 }, path);
}

function jsonScalar(v: Json, f: ScalarField, path: string): string {
  switch (f.kind) {
    case "bool":
      if (typeof v !== "boolean") throw new InputError(`expected true or false, got ${describeValue(v)}`, path);
      return String(v);
    case "string":
      if (typeof v !== "string") throw new InputError(`expected a string, got ${describeValue(v)}`, path);
      return v;
    case "decimal":
      return Decimal.fromChain(jsonDecimal(v, path)).toString();
    default:
      return jsonInteger(v, f, path);
  }
}

/**
 * Amino JSON writes a oneof (MsgGasRule's `func`) under its name in CamelCase as `{"type": the member's
 * amino name, "value": {member: …}}` (x/tx aminojson; null when no member is set): the member and its
 * value, as proto JSON names them; null when `key` names no oneof of `fields`.
 */
function aminoOneofMember(fields: readonly ParamField[], key: string, v: Json, at: string): [string, Json] | null {
  const members = fields.filter((f): f is MessageField => f.kind === "message" && f.oneof !== undefined && (camelName(`_${f.oneof.name}`) === key || f.oneof.name === key));
  if (members.length === 0) return null;
  if (v === null) return [members[0]!.name, null];
  if (!isJsonObject(v) || typeof v.type !== "string" || !isJsonObject(v.value ?? null)) throw new InputError(`expected a oneof {"type", "value"}, got ${describeValue(v)}`, at);
  const m = members.find((f) => f.oneof!.amino === v.type);
  if (m === undefined) throw new InputError(`unknown oneof type ${JSON.stringify(v.type)} (known: ${members.map((f) => f.oneof!.amino).join(", ")})`, at);
  const inner = v.value as JsonObject;
  return [m.name, inner[m.name] ?? inner[camelName(m.name)] ?? null];
}

/** One message's fields from JSON; `path` names the input in errors, `flat` the message within Params (unknown fields, as the wire form names them). */
function readJsonMessage(o: JsonObject, fields: readonly ParamField[], path: string, flat: string, out: ParamSet): Map<string, ParamEntry> {
  const values = new Map<string, ParamEntry>();
  /** The member each oneof was given so far. */
  const oneofs = new Map<string, string>();
  for (const [key, value] of Object.entries(o)) {
    const [k, v] = aminoOneofMember(fields, key, value, `${path}.${key}`) ?? [key, value];
    const at = `${path}.${k}`;
    const f = fieldNamed(fields, k);
    if (f === undefined) {
      out.unknown.push({ path: `${flat}${k}`, detail: `not in the port's catalog of x/inference Params (${describeValue(v)})` });
      continue;
    }
    // proto JSON writes a nil message (a Decimal too) as null; a snapshot marks a field its chain version
    // lacks as null: the zero value of a complete message, not recorded in a snapshot
    if (v === null) continue;
    if (f.kind === "message" && f.oneof !== undefined) {
      // gogoproto's jsonpb walks a message's oneofs in Go map order: of two members given, which one it keeps is not defined
      const before = oneofs.get(f.oneof.name);
      if (before !== undefined && before !== f.name) throw new InputError(`sets two members of oneof ${f.oneof.name} (${before} and ${f.name}): the chain's JSON reader keeps one of them, which one is not defined`, at);
      oneofs.set(f.oneof.name, f.name);
    }
    if (f.kind === "message") {
      if (f.repeated) {
        if (!Array.isArray(v)) throw new InputError(`expected a list, got ${describeValue(v)}`, at);
        const entries = v.map((e, i) => {
          if (!isJsonObject(e)) throw new InputError(`expected an object, got ${describeValue(e)}`, `${at}[${i}]`);
          return readJsonMessage(e, f.fields, `${at}[${i}]`, `${flat}${f.name}[].`, out);
        });
        const inner = new Map<string, ParamEntry>();
        addEntries(inner, "", f, entries);
        for (const [ik, iv] of inner) values.set(ik, iv);
        notePresent(values, "", inner);
      } else {
        if (!isJsonObject(v)) throw new InputError(`expected an object, got ${describeValue(v)}`, at);
        const inner = readJsonMessage(v, f.fields, at, `${flat}${f.name}.`, out);
        for (const [ik, iv] of inner) values.set(`${f.name}.${ik}`, iv);
        notePresent(values, `${f.name}.`, inner);
      }
    } else if (f.repeated) {
      if (!Array.isArray(v)) throw new InputError(`expected a list, got ${describeValue(v)}`, at);
      values.set(f.name, { field: f, value: listValue(v.map((x, i) => jsonScalar(x, f, `${at}[${i}]`))) });
    } else if (f.kind === "decimal") values.set(f.name, { field: f, value: decimalValue(jsonDecimal(v, at)) });
    else values.set(f.name, { field: f, value: { text: jsonScalar(v, f, at) } });
  }
  return values;
}

/**
 * x/inference Params from a JSON form: snake_case (amino JSON, proto JSON, REST) or camelCase keys,
 * integers as numbers or strings. `complete` (a whole Params message): a field the JSON leaves out is
 * its zero value, as amino JSON leaves out zeros; otherwise (a snapshot) it is not recorded.
 */
export function paramsFromJson(o: JsonObject, where: string, source: string, complete = true): ParamSet {
  const set: ParamSet = { source, complete, values: new Map(), unknown: [] };
  set.values = readJsonMessage(o, PARAMS_CATALOG, where, "", set);
  return complete ? completed(set) : set;
}

// ---------- the difference ----------

export interface ParamChange {
  path: string;
  field: ScalarField;
  /** The value in force; null when the params in force do not record it (or, for a list entry, it is new). */
  old: ParamValue | null;
  /** The proposed value; null when the proposal drops an entry (a model) the params in force have. */
  new: ParamValue | null;
  /** "changed", or "not-recorded": the params in force do not record it, so whether it changes is unknown. */
  status: "changed" | "not-recorded";
}

/** Every parameter whose proposed value differs from the one in force, or that the params in force lack. */
export function diffParams(inForce: ParamSet, proposed: ParamSet): ParamChange[] {
  const out: ParamChange[] = [];
  for (const [path, p] of proposed.values) {
    const a = inForce.values.get(path);
    if (a === undefined) {
      out.push({ path, field: p.field, old: null, new: p.value, status: inForce.complete ? "changed" : "not-recorded" });
    } else if (a.value.text !== p.value.text) out.push({ path, field: p.field, old: a.value, new: p.value, status: "changed" });
  }
  for (const [path, a] of inForce.values) {
    if (!proposed.values.has(path)) out.push({ path, field: a.field, old: a.value, new: null, status: "changed" });
  }
  return out;
}
