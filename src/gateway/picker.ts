/**
 * The escrow-session picker's per-nonce decision (devshard/cmd/devshardctl/session_picker.go), as pure
 * functions: which slot a nonce binds and what the nonce is used for.
 */

/** What a bound nonce is used for: a ghost of some kind, or a real dispatch of the queue head. */
export type NonceUse = "poc" | "throttled" | "capped" | "real";

/** The slot a nonce binds: nonce mod N (so a fresh escrow's first nonce, 1, binds slot 1). */
export function slotOf(nonce: number, slots: number): number {
  return nonce % slots;
}

/**
 * Models the chooser inside devshardctl.(*sessionPicker).run for a slot whose participant is known to
 * match the queue head (no exclusions without retries): branch 1a (PoC-required) is checked before
 * 1b (throttled), then the proposal's capped branch (a ghost, like throttled), else a real dispatch.
 */
export function nonceUse(pocRequired: boolean, throttled: boolean, capped: boolean): NonceUse {
  if (pocRequired) return "poc";
  if (throttled) return "throttled";
  if (capped) return "capped";
  return "real";
}
