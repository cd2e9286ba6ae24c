/** The served split among hosts against their score ratio (soak-7's question), for display. */
import type { HostResult, SplitResult } from "./result.js";

/** The served split among hosts preserved in every PoC phase, against their score shares (display only). */
export function splitOf(hosts: readonly HostResult[]): SplitResult {
  const eligible = hosts.filter((h) => h.preserved);
  const servedSum = eligible.reduce((s, h) => s + h.served, 0);
  const scoreSum = eligible.reduce((s, h) => s + h.score, 0);
  const pct = (x: number, sum: number) => (sum === 0 ? 0 : Math.round((x * 1000) / sum) / 10);
  const entries = eligible.map((h) => ({
    address: h.address, served: h.served, score: h.score,
    servedPercent: pct(h.served, servedSum), scorePercent: pct(h.score, scoreSum),
  }));
  const dist = entries.reduce((m, x) => Math.max(m, Math.abs(x.servedPercent - x.scorePercent)), 0);
  return { hosts: entries, maxDistancePoints: Math.round(dist * 10) / 10 };
}
