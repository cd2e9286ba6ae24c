/** Where a command may write an output file: never inside a REST dump it reads. */
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { InputError } from "../errors.js";

/**
 * Refuse `out` inside one of the dump directories `dirs` (before anything is read): every later read of
 * that dump would read the output too, as one of its files. `what` names the output ("a snapshot").
 */
export function refuseOutputInsideDumps(out: string, dirs: readonly string[], flag: string, what: string): void {
  const real = (d: string): string | null => {
    try {
      return realpathSync(d);
    } catch {
      return null; // a directory that is not there: its read names it
    }
  };
  const at = real(dirname(resolve(out)));
  if (at === null) return;
  for (const d of dirs) {
    const dir = real(d);
    if (dir === null) continue;
    const rel = relative(dir, at);
    if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))) {
      throw new InputError(`is inside the dump being read (${d}): ${what} written there would be read as one of the dump's files next time; write it outside the dump`, `${flag} ${out}`);
    }
  }
}
