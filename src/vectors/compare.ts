/** Structural comparison of a port's output with a vector's expected output. */
import { stringifyJson } from "../go/json.js";

/** Canonical form: bigint and integral numbers compare by value; objects by key set. */
function canon(v: unknown): unknown {
  if (typeof v === "bigint") return `#int:${v.toString()}`;
  if (typeof v === "number" && Number.isInteger(v)) return `#int:${v}`;
  if (Array.isArray(v)) return v.map(canon);
  if (v !== null && typeof v === "object") {
    // null prototype: a key named "__proto__" (a Go map key like any other) stays an own property
    const out: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = canon(x);
    }
    return out;
  }
  return v;
}

/** Path of the first difference between expected and actual, or null when they are equal. */
export function firstDifference(expected: unknown, actual: unknown, path = "output"): string | null {
  // A Go error or panic matches any error/panic of the same kind: messages are not part of the spec.
  if (isKind(expected, "error") || isKind(expected, "panic")) {
    const kind = isKind(expected, "error") ? "error" : "panic";
    return isKind(actual, kind) ? null : `${path}: expected Go ${kind}, got ${short(actual)}`;
  }
  const a = canon(expected);
  const b = canon(actual);
  return diff(a, b, path);
}

function isKind(v: unknown, kind: string): boolean {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 1 && kind in v;
}

function diff(a: unknown, b: unknown, path: string): string | null {
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return `${path}: expected an array, got ${short(b)}`;
    if (a.length !== b.length) return `${path}: expected ${a.length} items, got ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = diff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a !== null && typeof a === "object") {
    if (b === null || typeof b !== "object" || Array.isArray(b)) return `${path}: expected an object, got ${short(b)}`;
    const ka = Object.keys(a);
    const kb = Object.keys(b as object);
    for (const k of ka) {
      if (!(k in (b as object))) return `${path}.${k}: missing`;
      const d = diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    for (const k of kb) if (!(k in a)) return `${path}.${k}: unexpected field`;
    return null;
  }
  return a === b ? null : `${path}: expected ${short(a)}, got ${short(b)}`;
}

function short(v: unknown): string {
  let s: string;
  try {
    s = typeof v === "string" ? v.replace(/^#int:/, "") : stringifyJson(v);
  } catch {
    s = String(v);
  }
  s = s.replace(/"#int:(-?\d+)"/g, "$1");
  return s.length > 300 ? `${s.slice(0, 297)}...` : s;
}
