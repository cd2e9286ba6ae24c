/**
 * Bech32 (BIP 173) decoding and encoding as the Cosmos SDK does it, and the valoper → account address
 * conversion the sampler applies to genesis guardian addresses.
 */

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const CHARSET_REV = new Int8Array(128).fill(-1);
for (let i = 0; i < CHARSET.length; i++) CHARSET_REV[CHARSET.charCodeAt(i)] = i;
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** The Cosmos SDK's limit on a bech32 string's length when decoding addresses. */
export const BECH32_MAX_LENGTH = 1023;
/** The Cosmos SDK's maximum address length in bytes (VerifyAddressFormat). */
export const MAX_ADDR_LEN = 255;

export const ACCOUNT_PREFIX = "gonka";
export const VALOPER_PREFIX = "gonkavaloper";

/**
 * BIP 173's checksum polynomial as tables: STEP1[top] is what the generator adds for the five bits
 * `top` shifted out by one 5-bit step (the `GEN[i]` of each set bit, XORed); STEP2[top10] what two
 * steps add for the ten bits they shift out, so `isBech32` takes two characters per step. The
 * checksum stays within 30 bits (small integers throughout).
 */
const STEP1 = new Int32Array(32);
for (let top = 0; top < 32; top++) for (let i = 0; i < 5; i++) if ((top >>> i) & 1) STEP1[top]! ^= GEN[i]!;
const STEP2 = new Int32Array(1024);
for (let x = 0; x < 1024; x++) {
  const g = STEP1[x >>> 5]!;
  STEP2[x] = ((g & 0x1ffffff) << 5) ^ STEP1[(x & 31) ^ (g >>> 25)]!;
}

/** One value into the checksum polynomial (the step of `polymod`). */
const polymodStep = (chk: number, v: number): number => ((chk & 0x1ffffff) << 5) ^ v ^ STEP1[chk >>> 25]!;
/** Two values, `v1` then `v2` (two steps of `polymod`). */
const polymodStep2 = (chk: number, v1: number, v2: number): number => ((chk & 0xfffff) << 10) ^ (v1 << 5) ^ v2 ^ STEP2[chk >>> 20]!;

/** BIP 173's checksum polynomial over `values`. */
function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) chk = polymodStep(chk, v);
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) >> 5);
  out.push(0);
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) & 31);
  return out;
}

export type Bech32Result<T> = T | { error: string };

function checksumChars(hrp: string, data: readonly number[]): string {
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  let out = "";
  for (let i = 0; i < 6; i++) out += CHARSET[(mod >>> (5 * (5 - i))) & 31];
  return out;
}

/** Mirrors bech32.Decode(bech, limit) of the SDK's btcutil fork: (hrp, 5-bit data) or its error text. */
export function bech32Decode(bech: string, limit = BECH32_MAX_LENGTH): Bech32Result<{ hrp: string; data: number[] }> {
  const bytes = new TextEncoder().encode(bech);
  if (bytes.length < 8 || bytes.length > limit) return { error: `invalid bech32 string length ${bytes.length}` };
  let hasLower = false;
  let hasUpper = false;
  for (const c of bytes) {
    if (c < 33 || c > 126) return { error: `invalid character in string: '${String.fromCharCode(c)}'` };
    hasLower ||= c >= 97 && c <= 122;
    hasUpper ||= c >= 65 && c <= 90;
    if (hasLower && hasUpper) return { error: "string not all lowercase or all uppercase" };
  }
  const s = hasUpper ? bech.toLowerCase() : bech;
  const one = s.lastIndexOf("1");
  if (one < 1 || one + 7 > s.length) return { error: `invalid separator index ${one}` };
  const hrp = s.slice(0, one);
  const data: number[] = [];
  for (let i = one + 1; i < s.length; i++) {
    const v = CHARSET_REV[s.charCodeAt(i)]!;
    if (v < 0) return { error: `invalid character not part of charset: ${s.charCodeAt(i)}` };
    data.push(v);
  }
  if (polymod([...hrpExpand(hrp), ...data]) !== 1) {
    const payload = data.slice(0, data.length - 6);
    return { error: `invalid checksum (expected ${checksumChars(hrp, payload)} got ${s.slice(s.length - 6)})` };
  }
  return { hrp, data: data.slice(0, data.length - 6) };
}

const lowerCode = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/** The checksum state after the human-readable part `s.slice(0, one)` (lowercase). */
function hrpChecksum(s: string, one: number): number {
  let chk = 1;
  for (let i = 0; i < one; i++) chk = polymodStep(chk, lowerCode(s.charCodeAt(i)) >> 5);
  chk = polymodStep(chk, 0);
  for (let i = 0; i < one; i++) chk = polymodStep(chk, lowerCode(s.charCodeAt(i)) & 31);
  return chk;
}
/** The state after the account prefix, which nearly every address of an input has. */
const ACCOUNT_HRP_CHK = hrpChecksum(ACCOUNT_PREFIX, ACCOUNT_PREFIX.length);

/**
 * isBech32 of a lowercase account address (`gonka1` then lowercase charset symbols: one pass over
 * the data, since such a string is of one case, printable, and its last `1` is the separator), or
 * undefined for any other string (the general check decides it).
 */
function accountChecksum(s: string, n: number): boolean | undefined {
  const one = ACCOUNT_PREFIX.length;
  if (s.charCodeAt(one) !== 49 || !s.startsWith(ACCOUNT_PREFIX) || one + 7 > n) return undefined;
  let chk = ACCOUNT_HRP_CHK;
  let i = one + 1;
  if ((n - i) & 1) {
    const c = s.charCodeAt(i++);
    const v = c < 128 ? CHARSET_REV[c]! : -1;
    if (v < 0) return undefined;
    chk = polymodStep(chk, v);
  }
  for (; i < n; i += 2) {
    const c1 = s.charCodeAt(i);
    const c2 = s.charCodeAt(i + 1);
    const v1 = c1 < 128 ? CHARSET_REV[c1]! : -1;
    const v2 = c2 < 128 ? CHARSET_REV[c2]! : -1;
    if ((v1 | v2) < 0) return undefined;
    chk = polymodStep2(chk, v1, v2);
  }
  return chk === 1;
}

/**
 * Whether `s` is a valid bech32 string (charset, one case, separator, checksum) — what bech32Decode
 * accepts, without building its result: cheap enough to check every address of a large input.
 */
export function isBech32(s: string): boolean {
  const n = s.length;
  if (n < 8 || n > 90) return n >= 8 && n <= BECH32_MAX_LENGTH && !("error" in bech32Decode(s));
  const account = accountChecksum(s, n);
  if (account !== undefined) return account;
  let lower = false;
  let upper = false;
  let one = -1;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 33 || c > 126) return false;
    if (c >= 97 && c <= 122) lower = true;
    else if (c >= 65 && c <= 90) upper = true;
    if (c === 49) one = i;
  }
  if ((lower && upper) || one < 1 || one + 7 > n) return false;
  let chk = one === ACCOUNT_PREFIX.length && s.startsWith(ACCOUNT_PREFIX) ? ACCOUNT_HRP_CHK : hrpChecksum(s, one);
  let i = one + 1;
  if ((n - i) & 1) {
    const v = CHARSET_REV[lowerCode(s.charCodeAt(i++))]!;
    if (v < 0) return false;
    chk = polymodStep(chk, v);
  }
  for (; i < n; i += 2) {
    const v1 = CHARSET_REV[lowerCode(s.charCodeAt(i))]!;
    const v2 = CHARSET_REV[lowerCode(s.charCodeAt(i + 1))]!;
    if ((v1 | v2) < 0) return false;
    chk = polymodStep2(chk, v1, v2);
  }
  return chk === 1;
}

/**
 * One warning for the addresses of an input that are not valid bech32 (`at(i)` names the i-th), or
 * undefined when all are: the chain holds only valid addresses, but a rule reads an address as a
 * string, so each is used as given and the warning says so.
 */
export function bech32Warning(addresses: readonly string[], at: (i: number) => string, what = "addresses"): string | undefined {
  let first = -1;
  let count = 0;
  for (let i = 0; i < addresses.length; i++) {
    if (isBech32(addresses[i]!)) continue;
    if (first === -1) first = i;
    count++;
  }
  if (first === -1) return undefined;
  const a = addresses[first]!;
  const why = bech32Decode(a);
  const reason = "error" in why ? why.error : "invalid";
  return `${count} of ${addresses.length} ${what} are not valid bech32 (the chain holds only valid addresses; each is used as given): first ${at(first)} ${JSON.stringify(a)} (${reason})`;
}

/** Mirrors bech32.Encode: lowercase hrp + "1" + data + checksum. */
export function bech32Encode(hrp: string, data: number[]): string {
  const h = hrp.toLowerCase();
  let out = `${h}1`;
  for (const d of data) out += CHARSET[d];
  return out + checksumChars(h, data);
}

/** Mirrors bech32.ConvertBits: regroup `fromBits`-bit values into `toBits`-bit values. */
export function convertBits(data: readonly number[], fromBits: number, toBits: number, pad: boolean): Bech32Result<number[]> {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << toBits) - 1;
  for (const v of data) {
    if (v < 0 || v >> fromBits !== 0) return { error: "invalid data range" };
    acc = ((acc << fromBits) | v) & 0xffffff;
    bits += fromBits;
    while (bits >= toBits) {
      bits -= toBits;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (toBits - bits)) & maxv);
  } else if (bits >= fromBits || ((acc << (toBits - bits)) & maxv) !== 0) {
    return { error: "invalid incomplete group" };
  }
  return out;
}

/** Go's unicode.IsSpace: the Latin-1 spaces (NEL and NBSP included) and the Unicode White_Space set. */
function isGoSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0x85 || c === 0xa0 || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** Mirrors `len(strings.TrimSpace(s)) == 0` (JavaScript's trim differs: it trims U+FEFF, not U+0085). */
function isGoBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isGoSpace(s.charCodeAt(i))) return false;
  return true;
}

/** Mirrors sdk.GetFromBech32 + VerifyAddressFormat: the address bytes for `prefix`, or an error. */
export function addressFromBech32(address: string, prefix: string): Bech32Result<number[]> {
  if (isGoBlank(address)) return { error: "empty address string is not allowed" };
  const d = bech32Decode(address);
  if ("error" in d) return { error: `decoding bech32 failed: ${d.error}` };
  const bytes = convertBits(d.data, 5, 8, false);
  if ("error" in bytes) return { error: `decoding bech32 failed: ${bytes.error}` };
  if (d.hrp !== prefix) return { error: `invalid Bech32 prefix; expected ${prefix}, got ${d.hrp}` };
  if (bytes.length === 0) return { error: "addresses cannot be empty: unknown address" };
  if (bytes.length > MAX_ADDR_LEN) return { error: `address max length is ${MAX_ADDR_LEN}, got ${bytes.length}: unknown address` };
  return bytes;
}

/** Mirrors utils.OperatorAddressToAccAddress: gonkavaloper… → gonka… with the same bytes. */
export function operatorAddressToAccAddress(operatorAddress: string): Bech32Result<string> {
  const bytes = addressFromBech32(operatorAddress, VALOPER_PREFIX);
  if ("error" in bytes) return bytes;
  const five = convertBits(bytes, 8, 5, true);
  if ("error" in five) return five;
  return bech32Encode(ACCOUNT_PREFIX, five);
}
