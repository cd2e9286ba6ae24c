/** What one simulation run reports: per host, per escrow, for the gateway, and the miss-test verdict. */
import type { Policy, TieBreak } from "./scenario.js";

export interface HostResult {
  address: string;
  /** Preserved-node poc_weight (the weight the cap uses). */
  weight: number;
  /** Preserved in every PoC phase of the scenario (true when it has none). */
  preserved: boolean;
  score: number;
  /** The per-host cap under `per-host-cap` (null under `today`). */
  cap: number | null;
  /** Real attempts dispatched to the host (each used a nonce and reached the host). */
  real: number;
  /** Attempts the host finished within the execution timeout. */
  served: number;
  /** Ghost nonces burnt on this host's slots (never contacted; never a miss). */
  ghosts: number;
  /** Requests the gateway refused with no nonce sent, because this host was unavailable (capped or quarantined). */
  refusedBeforeReceipt: number;
  /** Attempts the host itself refused (429/503/500) after the nonce was sent, with no receipt. */
  rejectedByHost: number;
  /** Attempts with a receipt that failed or did not finish within the execution timeout. */
  failedAfterReceipt: number;
  /** Timeout votes that passed against this host (refused-timeout or execution-timeout). */
  misses: number;
  /** Most real attempts from this gateway in flight at once. */
  peakInflight: number;
  /** Most real attempts in flight at once while the per-host cap was active (0 if it never was). */
  peakInflightWhileCapActive: number;
  /** Times the host was put in quarantine (429/503). */
  quarantines: number;
}

export interface GhostCounts {
  poc: number;
  throttled: number;
  capped: number;
}

export interface EscrowResult {
  id: string;
  firstNonce: number;
  lastNonce: number;
  /** Nonces used during the run (real dispatches plus ghosts). */
  noncesUsed: number;
  real: number;
  ghosts: GhostCounts;
  /** Whether the escrow reached the nonce limit (19,800 by default) and left the pooled route. */
  reachedNonceLimit: boolean;
}

export interface RefusalCounts {
  /** Gateway limiter full: 429. */
  limiter: number;
  /** Every candidate escrow has W(e) = 0: 429. */
  allZeroWeight: number;
  /** The escrow's picker found no available participant (ErrNoAvailableHost): 502. */
  noAvailableHost: number;
  /** PoC with the request mode "off": 503. */
  phaseBlocked: number;
  /** No active escrow below the nonce limit: 502. */
  noRuntime: number;
}

export interface GatewayResult {
  requests: number;
  served: number;
  /** Refused before any receipt (no nonce for real work): never a miss. */
  refused: number;
  /** Reached a host and failed (host refusal or failure after receipt). */
  failed: number;
  refusedBy: RefusalCounts;
  /** Refusals not attributable to one host (limiter, 503, no runtime, or no preserved host at all). */
  unattributedRefusals: number;
  /** Simulated time when the last event (vote, completion) happened, ms. */
  endMs: number;
}

export interface MissTestResult {
  address: string;
  /** Misses in the simulated window plus the scenario's misses outside it. */
  missed: number;
  total: number;
  windowMissed: number;
  windowTotal: number;
  p0: string;
  passed: boolean;
  rewardZeroed: boolean;
}

export interface SplitEntry {
  address: string;
  served: number;
  score: number;
  /** served / Σ served, in percent (display only). */
  servedPercent: number;
  /** score / Σ score, in percent (display only). */
  scorePercent: number;
}

/** The served split among the hosts preserved throughout, against their score ratio (display only). */
export interface SplitResult {
  hosts: SplitEntry[];
  /** Largest |servedPercent − scorePercent| over those hosts, in percentage points. */
  maxDistancePoints: number;
}

export interface SimulationResult {
  scenario: string;
  policy: Policy;
  tieBreak: TieBreak;
  capLeavesEscrowWeight: boolean;
  seed: bigint;
  hosts: HostResult[];
  escrows: EscrowResult[];
  gateway: GatewayResult;
  split: SplitResult;
  missTest: MissTestResult | null;
}
