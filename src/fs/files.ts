/**
 * Reading input files and writing output files, the same way everywhere: inputs must be regular files
 * (a FIFO or a device could block forever) below a size limit that the reader can honour, and text
 * must be valid UTF-8; outputs are written to a temporary file in the same directory and renamed over
 * the target, so a failed write never leaves a torn file. Within one CLI run (`withFileLedger`), an
 * output never replaces a file that run read, nor one it already wrote. Failures are InputErrors
 * naming the file and the cause.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isUtf8 } from "node:buffer";
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { InputError } from "../errors.js";

/**
 * Input files larger than this (after gunzip) are refused before reading. Chosen so the worst JSON
 * of that size still fits in memory: JSON.parse of a file of empty objects takes about 22 bytes of
 * heap per byte of text, so 64 MiB stays under 1.5 GiB of Node's default 4 GiB heap (and far below
 * V8's longest string, 2^29 − 24 characters). The largest real inputs (the Go vector files) are
 * about 12 MB; the 10× example snapshot is ~25 MB.
 */
export const MAX_INPUT_FILE_BYTES = 64 * 1024 * 1024;

/** The words for a filesystem error code, with the code ("permission denied (EACCES)"). */
export function fsCause(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const words: Record<string, string> = {
    ENOENT: "not found",
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    ELOOP: "too many symbolic links (a link loop?)",
    ENOTDIR: "a component of the path is not a directory",
    EISDIR: "is a directory",
    ENAMETOOLONG: "the name is too long",
    EROFS: "the file system is read-only",
    ENOSPC: "no space left on the device",
    EDQUOT: "disk quota exceeded",
    EMFILE: "too many open files",
    EIO: "input/output error",
    EBUSY: "the file is busy",
    EEXIST: "already exists",
  };
  if (code === undefined) return e instanceof Error ? e.message : String(e);
  return words[code] !== undefined ? `${words[code]} (${code})` : code;
}

/** What one CLI run has read and written (by real path and by inode), so that no output replaces an input. */
class FileLedger {
  readonly read = new Map<string, string>();
  readonly written = new Map<string, string>();
}
const ledger = new AsyncLocalStorage<FileLedger>();

/**
 * Run `f` as one command: every file it reads and writes through this module is remembered, and
 * writeFileAtomic refuses to replace a file read, or to write one path twice. Outside such a run
 * (library use) nothing is remembered.
 */
export function withFileLedger<T>(f: () => T): T {
  return ledger.run(new FileLedger(), f);
}

/** The real path of `file` (its directory's, plus its name, when it does not exist yet). */
function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    try {
      return join(realpathSync(dirname(resolve(file))), basename(file));
    } catch {
      return resolve(file);
    }
  }
}

const inodeOf = (st: import("node:fs").Stats): string => `${st.dev}:${st.ino}`;

function remember(kind: "read" | "written", file: string, st: import("node:fs").Stats | undefined): void {
  const l = ledger.getStore();
  if (l === undefined) return;
  const m = kind === "read" ? l.read : l.written;
  m.set(realPathOf(file), file);
  if (st !== undefined) m.set(inodeOf(st), file);
}

/** The bytes of a regular file; missing, not regular, too large or unreadable → InputError naming it and the cause. */
export function readRegularFile(file: string, maxBytes = MAX_INPUT_FILE_BYTES): Buffer {
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new InputError(st.isDirectory() ? "is a directory, not a file" : "is not a regular file", file);
    if (st.size > maxBytes) throw new InputError(`the file has ${st.size} bytes, more than the limit of ${maxBytes} bytes (${maxBytes / 1048576} MiB)`, file);
    const buf = readFileSync(file);
    if (buf.length > maxBytes) throw new InputError(`the file has more than the limit of ${maxBytes} bytes (it grew while being read)`, file);
    remember("read", file, st);
    return buf;
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === "ENOENT" ? "file not found" : `cannot read file: ${fsCause(e)}`, file);
  }
}

/** Where the first byte that is not UTF-8 sits in `buf` (only called when `isUtf8` said so). */
function firstInvalidUtf8(buf: Buffer): { offset: number; byte: number; line: number } {
  let line = 1;
  for (let i = 0; i < buf.length; ) {
    const b = buf[i]!;
    if (b === 10) line++;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n === 0 || i + n > buf.length || !isUtf8(buf.subarray(i, i + n))) return { offset: i, byte: b, line };
    i += n;
  }
  return { offset: buf.length, byte: 0, line };
}

/**
 * A regular file as UTF-8 text (see readRegularFile); a gzip file (recognised by its magic bytes, not
 * its name) is decompressed, its text bounded by the same limit. Bytes that are not UTF-8 are refused
 * (decoding would turn them into U+FFFD silently), naming the first one's offset and line.
 */
export function readTextFile(file: string, maxBytes = MAX_INPUT_FILE_BYTES): string {
  let buf = readRegularFile(file, maxBytes);
  if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) {
    try {
      buf = gunzipSync(buf, { maxOutputLength: maxBytes });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === "ERR_BUFFER_TOO_LARGE" ? `decompresses to more than the limit of ${maxBytes} bytes (${maxBytes / 1048576} MiB)` : `is not a readable gzip file (${code ?? String(e)})`;
      throw new InputError(why, file);
    }
  }
  if (!isUtf8(buf)) {
    const bad = firstInvalidUtf8(buf);
    throw new InputError(`is not valid UTF-8 text: byte 0x${bad.byte.toString(16).toUpperCase().padStart(2, "0")} at offset ${bad.offset} (line ${bad.line})`, file);
  }
  return buf.toString("utf8");
}

/** The entries of a directory, sorted; missing, not a directory or unreadable → InputError naming it and the cause. */
export function listDirectory(dir: string, what = "directory"): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === "ENOENT" ? `${what} not found` : code === "ENOTDIR" ? "is not a directory" : `cannot read the ${what}: ${fsCause(e)}`, dir);
  }
}

/** Whether `p` is a directory (false when it cannot be examined; the reader then names why). */
export function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Refuse output flags that name one file twice (`--out F --record F`, or the same file by another
 * spelling or a link), before any work: one output would replace the other.
 */
export function checkDistinctOutputs(outputs: readonly { flag: string; file: string | undefined }[]): void {
  const seen = new Map<string, string>();
  for (const { flag, file } of outputs) {
    if (file === undefined) continue;
    const keys = [realPathOf(file)];
    const st = statOrUndefined(file);
    if (st !== undefined) keys.push(inodeOf(st));
    for (const k of keys) {
      const other = seen.get(k);
      if (other !== undefined && other !== flag) throw new InputError(`${flag} and ${other} name the same file; give each output its own file`, file);
    }
    for (const k of keys) seen.set(k, flag);
  }
}

/**
 * Write `data` to `file` atomically: a temporary file in the same directory (flushed to disk), then a
 * rename over `file`. On any failure the temporary file is removed and `file` is left as it was.
 * `what` names the output in the error ("the report", "the snapshot").
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, what = "the file"): void {
  // A short temporary name: the target's own name may already be near the 255-byte limit.
  const tmp = join(dirname(file), `.gonka-spec-${randomBytes(6).toString("hex")}.tmp`);
  let fd: number | undefined;
  try {
    const target = statOrUndefined(file);
    if (target !== undefined && !target.isFile()) throw new InputError(`cannot write ${what}: ${target.isDirectory() ? "is a directory" : "is not a regular file"}`, file);
    const l = ledger.getStore();
    if (l !== undefined) {
      const keys = [realPathOf(file), ...(target !== undefined ? [inodeOf(target)] : [])];
      if (keys.some((k) => l.read.has(k))) throw new InputError(`cannot write ${what}: this command read its input from that file; name another output file`, file);
      if (keys.some((k) => l.written.has(k))) throw new InputError(`cannot write ${what}: this command already wrote another output to that file; give each output its own file`, file);
    }
    fd = openSync(tmp, "wx", 0o644);
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
    remember("written", file, statOrUndefined(file));
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
    const missingDir = (e as NodeJS.ErrnoException).code === "ENOENT" && !isDirectory(dirname(resolve(file)));
    throw new InputError(`cannot write ${what}: ${missingDir ? `the directory ${dirname(resolve(file))} does not exist (ENOENT)` : fsCause(e)}`, file);
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
      throw new InputError(`cannot create the directory: ${fsCause(e)}`, dir);
    }
  }
}
