/**
 * The epoch input of the miss test read straight from its text (issue 21): the typed reader of the
 * `miss-test --epoch FILE` shape and of a snapshot's `settlement` slice, with no JSON tree in between.
 * It accepts only the plain form (src/go/json-cursor.ts) of an input the validating reader
 * (parseEpochInput, strict) takes without a word; anything else, including an input it would refuse
 * or warn about, goes OFF_FAST_PATH and the validating reader decides (it names the field and writes
 * the warnings). test/misstest/epoch-input-text.test.ts holds the two to the same answer.
 */
import { InputError } from "../errors.js";
import { JsonCursor, OFF_FAST_PATH, fastPath } from "../go/json-cursor.js";
import { parseJson } from "../go/json.js";
import { isAddressText } from "../json-input.js";
import type { Participant } from "./get-dynamic-p0.js";
import { chainOf, EPOCH_INPUT_KEYS, parseEpochChain, parseEpochInput, parseGraceEpoch, parseValidationParams, participantAddressWarning, type EpochInput } from "./epoch-input.js";

const off = (): never => {
  throw OFF_FAST_PATH;
};

/** A uint64 count or weight: a bare integer, or a digit string of at most 18 characters (as parseEpochInput reads both). */
function uint64At(c: JsonCursor): bigint {
  if (c.ws() !== 34) return c.uint64();
  const x = c.int64OrDigits();
  return x < 0n ? off() : x;
}

/** A key's bit among `keys` (a key twice, or one not there, goes OFF). */
function keyBit(keys: readonly string[], k: string, seen: number): number {
  const i = keys.indexOf(k);
  if (i < 0 || (seen & (1 << i)) !== 0) off();
  return 1 << i;
}

/**
 * The participant at the cursor, its fields in a writer's order: `address`, then settlement's
 * `status` and `coinBalance` (a snapshot's settlement slice; read and left), then `currentEpochStats`
 * (PARTICIPANT_KEYS; another order goes OFF).
 */
function participantAt(c: JsonCursor): Participant {
  c.open(123);
  c.key('"address"', true);
  const address = c.string();
  if (!isAddressText(address)) off();
  if (!c.maybeKey('"currentEpochStats"')) {
    if (c.maybeKey('"status"')) c.string();
    if (c.maybeKey('"coinBalance"')) c.int64OrDigits();
    c.key('"currentEpochStats"');
  }
  const stats = c.maybeNull() ? null : statsAt(c);
  c.close(125);
  return { address, currentEpochStats: stats };
}

/** `currentEpochStats` (not null): STATS_KEYS in their order. */
function statsAt(c: JsonCursor): NonNullable<Participant["currentEpochStats"]> {
  c.open(123);
  c.key('"inferenceCount"', true);
  const inferenceCount = uint64At(c);
  c.key('"missedRequests"');
  const missedRequests = uint64At(c);
  c.close(125);
  return { inferenceCount, missedRequests };
}

/**
 * The participant list (order kept), each address once (strict reading), into `out`; `addresses`
 * gets each address as itself, so that the reward weights are keyed by the same string objects (a
 * Map compares those at once, where two copies of an address are compared character by character).
 */
function participantsAt(c: JsonCursor, out: Participant[], addresses: Map<string, string>): void {
  c.open(91);
  for (let first = true; c.more(first); first = false) {
    const p = participantAt(c);
    const n = addresses.size;
    addresses.set(p.address, p.address);
    if (addresses.size === n) off(); // (one lookup where has-then-set takes two)
    out.push(p);
  }
}

/**
 * The reward weights {address: uint64} in the text's order, which is Object.keys' order as long as no
 * key is an array index (those come first there): a key starting with a digit goes OFF, as a key twice
 * does. Each key is a participant's address string where one matches (see participantsAt): the i-th
 * key is tried as the i-th participant's first (the writers' order), which needs no hashing of a new string.
 */
function rewardsAt(c: JsonCursor, participants: readonly Participant[], addresses: ReadonlyMap<string, string>): Map<string, bigint> | null {
  if (c.maybeNull()) return null;
  const m = new Map<string, bigint>();
  c.open(123);
  for (let first = true; ; first = false) {
    const p = participants[m.size];
    let key: string;
    if (p !== undefined && c.maybeKeyOf(p.address, first)) key = p.address;
    else {
      const k = c.mapKey(first);
      if (k === undefined) break;
      if (!isAddressText(k)) off();
      key = addresses.get(k) ?? k;
    }
    const d = key.charCodeAt(0);
    if (d >= 48 && d <= 57) off();
    const n = m.size;
    m.set(key, uint64At(c));
    if (m.size === n) off(); // a key twice

  }
  return m;
}

/**
 * The epoch input object at the cursor, exactly what `parseEpochInput(json, path)` (strict) returns
 * for it (the same values, bigints and orders; never a `warnings` list), the cursor left after the
 * object. Its keys in any order; `comment` and `reward` (the rest of a snapshot's settlement slice,
 * which the miss test does not read) are read as JSON and left. Throws only OFF_FAST_PATH where the
 * text leaves the plain form or parseEpochInput would refuse or warn (a refusal of a shared check is
 * turned into it), so the caller reads the object again with parseJson and parseEpochInput.
 */
export function readEpochInputAt(c: JsonCursor, path: string): EpochInput {
  try {
    return epochInputAt(c, path);
  } catch (e) {
    if (e instanceof InputError) off();
    throw e;
  }
}

function epochInputAt(c: JsonCursor, path: string): EpochInput {
  let epoch: bigint | undefined;
  let validationParams: EpochInput["validationParams"] = null;
  let graceEpoch: EpochInput["graceEpoch"] = null;
  let participants: Participant[] | undefined;
  let rewards: EpochInput["rewards"] = null;
  let chain: EpochInput["chain"];
  const addresses = new Map<string, string>(); // (weights before the participants: keyed by copies, as good)
  let seen = 0;
  c.open(123);
  for (let k = c.mapKey(true); k !== undefined; k = c.mapKey(false)) {
    seen |= keyBit(EPOCH_INPUT_KEYS, k, seen);
    switch (k) {
      case "epoch":
        epoch = uint64At(c);
        break;
      case "validationParams":
        validationParams = parseValidationParams(c.value(), `${path}.validationParams`, { strict: true });
        break;
      case "graceEpoch":
        graceEpoch = parseGraceEpoch(c.value(), `${path}.graceEpoch`, { strict: true });
        break;
      case "participants":
        participants = [];
        participantsAt(c, participants, addresses);
        break;
      case "rewards":
      case "weights":
        rewards = rewardsAt(c, participants ?? [], addresses);
        break;
      case "reward":
        c.json();
        break;
      case "chain":
        chain = parseEpochChain(c.value(), `${path}.chain`);
        break;
      default:
        c.value(); // comment
    }
  }
  // both names of the weights, or a part missing: parseEpochInput refuses it
  if ((seen & REWARDS_AND_WEIGHTS) === REWARDS_AND_WEIGHTS || epoch === undefined || participants === undefined) off();
  if (participantAddressWarning(participants!, path) !== undefined) off();
  return { epoch: epoch!, validationParams, graceEpoch, participants: participants!, rewards, ...chainOf(chain) };
}

/** The bits of `rewards` and `weights` in EPOCH_INPUT_KEYS: parseEpochInput refuses both. */
const REWARDS_AND_WEIGHTS = (1 << EPOCH_INPUT_KEYS.indexOf("rewards")) | (1 << EPOCH_INPUT_KEYS.indexOf("weights"));

/**
 * An epoch file's text read as `parseEpochInput(parseJson(text, file), file)` reads it: by the typed
 * reader when the text is in its plain form, else by those two (which decide errors and warnings).
 */
export function readEpochInputText(text: string, file: string): EpochInput {
  return (
    fastPath(() => {
      const c = new JsonCursor(text);
      const input = readEpochInputAt(c, file);
      c.end();
      return input;
    }) ?? parseEpochInput(parseJson(text, file), file)
  );
}
