/**
 * Errors that cross the library boundary.
 *
 * `InputError` is bad input from a user (a file, a flag, a snapshot field): the CLI prints its
 * message as one line and exits 2. Its message always names the offending path and value.
 */
export class InputError extends Error {
  readonly path: string | undefined;
  constructor(message: string, path?: string) {
    super(path !== undefined ? `${path}: ${message}` : message);
    this.name = "InputError";
    this.path = path;
  }
}

/** Describe a value compactly for an error message (never more than ~60 characters). */
export function describeValue(v: unknown): string {
  let s: string;
  if (typeof v === "bigint") s = v.toString();
  else if (typeof v === "string") s = JSON.stringify(v);
  else if (v === undefined) s = "undefined";
  else {
    try {
      s = JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x)) ?? String(v);
    } catch {
      s = String(v);
    }
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
