/**
 * Reading input files and writing output files, the same way everywhere: inputs must be regular files
 * (a FIFO or a device could block forever) below a size limit; outputs are written to a temporary file
 * in the same directory and renamed over the target, so a failed write never leaves a torn file.
 * Failures are InputErrors naming the file.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { InputError } from "../errors.js";

/** Input files larger than this are refused before reading (the 10× example snapshot is ~25 MB). */
export const MAX_INPUT_FILE_BYTES = 512 * 1024 * 1024;

/** The bytes of a regular file; missing, not regular, too large or unreadable → InputError naming it. */
export function readRegularFile(file: string, maxBytes = MAX_INPUT_FILE_BYTES): Buffer {
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new InputError(st.isDirectory() ? "is a directory, not a file" : "is not a regular file", file);
    if (st.size > maxBytes) throw new InputError(`the file has ${st.size} bytes, more than the limit of ${maxBytes} bytes`, file);
    return readFileSync(file);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === "ENOENT" ? "file not found" : `cannot read file (${code ?? String(e)})`, file);
  }
}

/**
 * A regular file as UTF-8 text (see readRegularFile); a gzip file (recognised by its magic bytes, not
 * its name) is decompressed, its text bounded by the same limit.
 */
export function readTextFile(file: string, maxBytes = MAX_INPUT_FILE_BYTES): string {
  const buf = readRegularFile(file, maxBytes);
  if (buf.length < 2 || buf[0] !== 0x1f || buf[1] !== 0x8b) return buf.toString("utf8");
  try {
    return gunzipSync(buf, { maxOutputLength: maxBytes }).toString("utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ERR_BUFFER_TOO_LARGE" ? `decompresses to more than the limit of ${maxBytes} bytes` : `is not a readable gzip file (${code ?? String(e)})`;
    throw new InputError(why, file);
  }
}

/**
 * Write `data` to `file` atomically: a temporary file in the same directory (flushed to disk), then a
 * rename over `file`. On any failure the temporary file is removed and `file` is left as it was.
 * `what` names the output in the error ("the report", "the snapshot").
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, what = "the file"): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | undefined;
  try {
    const target = statOrUndefined(file);
    if (target !== undefined && !target.isFile()) throw new InputError(`cannot write ${what}: ${target.isDirectory() ? "is a directory" : "is not a regular file"}`, file);
    fd = openSync(tmp, "wx", 0o644);
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (e) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
    }
    try {
      unlinkSync(tmp);
    } catch {
      /* never created, or already gone */
    }
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(`cannot write ${what} (${code ?? String(e)})`, file);
  }
}

function statOrUndefined(file: string): import("node:fs").Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Create `dir` and its missing parents. Not `mkdirSync(dir, {recursive: true})`: Node 20's recursive
 * mkdir loops forever on some paths (`/proc/self/x` answers ENOENT for every attempt). Each missing
 * component is created once, top down; a failure is an InputError naming `dir`.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let d = resolve(dir);
  for (;;) {
    const st = statOrUndefined(d);
    if (st !== undefined) {
      if (!st.isDirectory()) throw new InputError(`cannot create the directory: ${d} exists and is not a directory`, dir);
      break;
    }
    missing.push(d);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  for (const m of missing.reverse()) {
    try {
      mkdirSync(m);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EEXIST" && statOrUndefined(m)?.isDirectory()) continue;
      throw new InputError(`cannot create the directory (${code ?? String(e)})`, dir);
    }
  }
}
