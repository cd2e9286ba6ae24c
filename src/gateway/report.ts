/** Human-readable text for one simulation result (the CLI's default output). */
import type { HostResult, SimulationResult } from "./result.js";
import { groupDigits } from "../format/numbers.js";

const MAX_HOST_ROWS = 20;
const MAX_ESCROW_ROWS = 10;

function pad(s: string | number, width: number, left = false): string {
  const t = typeof s === "number" ? groupDigits(s) : s;
  return left ? t.padEnd(width) : t.padStart(width);
}

function active(h: HostResult): boolean {
  return h.real > 0 || h.refusedBeforeReceipt > 0 || h.misses > 0;
}

/** Hosts with traffic, in file order; when there are too many, the ones with the most misses (then real requests). */
function hostsToShow(hosts: readonly HostResult[]): HostResult[] {
  const busy = hosts.filter(active);
  if (busy.length <= MAX_HOST_ROWS) return busy;
  const top = new Set([...busy].sort((a, b) => b.misses - a.misses || b.real - a.real).slice(0, MAX_HOST_ROWS));
  return busy.filter((h) => top.has(h));
}

function hostTable(hosts: readonly HostResult[]): string[] {
  const shown = hostsToShow(hosts);
  const aw = Math.max(7, ...shown.map((h) => h.address.length));
  const head = `  ${pad("address", aw, true)}  ${pad("weight", 9)} ${pad("pres", 4)} ${pad("cap", 5)} ${pad("real", 7)} ${pad("served", 7)} ${pad("ghosts", 7)} ${pad("refused", 7)} ${pad("rejected", 8)} ${pad("failed", 7)} ${pad("misses", 7)} ${pad("peak", 5)}`;
  const rows = shown.map(
    (h) =>
      `  ${pad(h.address, aw, true)}  ${pad(h.weight, 9)} ${pad(h.preserved ? "yes" : "no", 4)} ${pad(h.cap ?? "-", 5)} ${pad(h.real, 7)} ${pad(h.served, 7)} ${pad(h.ghosts, 7)} ${pad(h.refusedBeforeReceipt, 7)} ${pad(h.rejectedByHost, 8)} ${pad(h.failedAfterReceipt, 7)} ${pad(h.misses, 7)} ${pad(h.peakInflight, 5)}`,
  );
  const rest = hosts.filter((h) => !shown.includes(h));
  const lines = [head, ...rows];
  if (rest.length > 0) {
    const ghosts = rest.reduce((s, h) => s + h.ghosts, 0);
    const busy = rest.filter(active).length;
    lines.push(`  ... ${groupDigits(rest.length)} more hosts${busy > 0 ? ` (${groupDigits(busy)} with traffic; see --json)` : " with no real traffic"}, ${groupDigits(ghosts)} ghosts on their slots`);
  }
  return lines;
}

/** Format a result as text: totals, per-host table, per-escrow nonces, the split and the miss test. */
export function formatSimulation(r: SimulationResult): string {
  const g = r.gateway;
  const hostRejected = r.hosts.reduce((s, h) => s + h.rejectedByHost, 0);
  const afterReceipt = r.hosts.reduce((s, h) => s + h.failedAfterReceipt, 0);
  const ref = g.refusedBy;
  const lines = [
    `simulate-poc ${r.scenario}: policy ${r.policy}${r.policy === "per-host-cap" ? ` (a capped host ${r.capLeavesEscrowWeight ? "leaves" : "stays in"} W(e), the weight of an escrow's available hosts that the gateway balances load by)` : ""}, tie-break ${r.tieBreak}, seed ${r.seed}`,
    `${groupDigits(g.requests)} requests: ${groupDigits(g.served)} served, ${groupDigits(g.refused)} refused before receipt, ${groupDigits(g.failed)} failed (${groupDigits(hostRejected)} refused by a host after the nonce, ${groupDigits(afterReceipt)} after receipt)`,
  ];
  if (g.refused > 0) {
    lines.push(
      `  refusals (requests): ${groupDigits(ref.noAvailableHost)} no available host (502), ${groupDigits(ref.allZeroWeight)} all escrows at W(e) = 0 (429), ${groupDigits(ref.limiter)} limiter (429), ${groupDigits(ref.phaseBlocked)} PoC mode off (503), ${groupDigits(ref.noRuntime)} no escrow (502)`,
    );
  }
  const many = r.hosts.filter(active).length > MAX_HOST_ROWS ? `, the ${MAX_HOST_ROWS} with the most misses` : "";
  lines.push(
    `hosts${many}: weight = PoC weight of the preserved nodes, cap = real attempts allowed in flight; the other columns count requests:`,
    "  real reached the host; ghosts = nonces used on its slots with no request sent (never a miss); refused by the gateway, no nonce; rejected = the host's 429/503/500; peak in flight",
  );
  lines.push(...hostTable(r.hosts));
  lines.push("escrows:");
  const shown = r.escrows.slice(0, MAX_ESCROW_ROWS);
  for (const e of shown) {
    lines.push(
      `  ${e.id}: nonce ${groupDigits(e.firstNonce)} -> ${groupDigits(e.lastNonce)} (${groupDigits(e.noncesUsed)} used: ${groupDigits(e.real)} real, ${groupDigits(e.ghosts.poc + e.ghosts.throttled + e.ghosts.capped)} ghosts = ${groupDigits(e.ghosts.poc)} poc + ${groupDigits(e.ghosts.throttled)} throttled + ${groupDigits(e.ghosts.capped)} capped)${e.reachedNonceLimit ? ", reached the nonce limit" : ""}`,
    );
  }
  if (r.escrows.length > shown.length) {
    const used = r.escrows.reduce((s, e) => s + e.noncesUsed, 0);
    lines.push(`  ... ${groupDigits(r.escrows.length - shown.length)} more escrows; ${groupDigits(used)} nonces used in all`);
  }
  if (r.split.hosts.length >= 2 && r.split.hosts.length <= MAX_HOST_ROWS) {
    const parts = r.split.hosts.map((h) => `${h.address} ${groupDigits(h.served)} (${h.servedPercent}%, score ${h.scorePercent}%)`);
    lines.push(`split of served requests: ${parts.join(", ")}; farthest ${r.split.maxDistancePoints} percentage points from the score ratio`);
  }
  const m = r.missTest;
  if (m !== null) {
    lines.push(
      `miss test for ${m.address}: ${groupDigits(m.missed)} missed of ${groupDigits(m.total)} requests (${groupDigits(m.windowMissed)} of ${groupDigits(m.windowTotal)} simulated + ${groupDigits(m.missed - m.windowMissed)} of ${groupDigits(m.total - m.windowTotal)} outside the window), p0 ${m.p0}: ${m.passed ? "passes; reward kept" : "FAILS; epoch reward zeroed"}`,
    );
  }
  return lines.join("\n");
}
