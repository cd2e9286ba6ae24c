/** Go's crypto/sha256.Sum256 over a string's UTF-8 bytes (the sampler's seeds and the participants hash). */
import * as crypto from "node:crypto";

/** SHA-256 of a UTF-8 string: the one-shot crypto.hash where Node has it (20.12+; no Hash object per anchor), else createHash. */
export const sha256: (s: string) => Buffer =
  typeof crypto.hash === "function" ? (s) => crypto.hash("sha256", s, "buffer") : (s) => crypto.createHash("sha256").update(s, "utf8").digest();
