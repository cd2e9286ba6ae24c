/**
 * Request counts of an epoch input that Go's integers cannot hold exactly, named for the miss test's
 * answers (the verdict follows Go's wrap; the answer says so).
 */
import { INT64_MAX, UINT64_MAX } from "../go/int64.js";
import type { EpochInput } from "./epoch-input.js";

const MAX_COUNT_WARNINGS = 5;

/**
 * Counts in the epoch input that Go's integers cannot hold exactly. The miss test keeps Go's
 * arithmetic (a participant's total = inferenceCount + missedRequests wraps at uint64, and
 * MissedStatTest converts total and missed to int64; the network's totals for the dynamic p0
 * saturate at uint64), so a verdict on such a count follows the wrap; each is named here, one line
 * per participant (the first few, then how many more).
 */
export function countOverflowWarnings(input: EpochInput, address?: string): string[] {
  const lines: string[] = [];
  let more = 0;
  let network = 0n;
  let networkMissed = 0n;
  input.participants.forEach((pt, i) => {
    const st = pt.currentEpochStats;
    if (st === null) return;
    const sum = st.inferenceCount + st.missedRequests;
    network += sum;
    networkMissed += st.missedRequests;
    // With --address only that participant's own counts are named (the network totals concern everyone).
    if (address !== undefined && pt.address !== address) return;
    let line: string | undefined;
    const who = `participants[${i}] (${pt.address})`;
    if (sum > UINT64_MAX) {
      line = `${who}: inferenceCount ${st.inferenceCount} + missedRequests ${st.missedRequests} = ${sum}, past uint64 (${UINT64_MAX}): Go's sum wraps to ${sum & UINT64_MAX}, and the miss test runs on that wrapped total`;
    } else if (sum > INT64_MAX || st.missedRequests > INT64_MAX) {
      const big = sum > INT64_MAX ? `total ${sum}` : `missedRequests ${st.missedRequests}`;
      line = `${who}: ${big} is past int64 (${INT64_MAX}): MissedStatTest converts it to int64, which wraps to a negative count (total ${BigInt.asIntN(64, sum & UINT64_MAX)}, missed ${BigInt.asIntN(64, st.missedRequests)}), and the verdict follows that wrap`;
    }
    if (line === undefined) return;
    if (lines.length < MAX_COUNT_WARNINGS) lines.push(line);
    else more++;
  });
  if (more > 0) lines.push(`${more} more participants' request counts overflow the same way (see the participants list)`);
  if (network > UINT64_MAX || networkMissed > UINT64_MAX) {
    lines.push(`the network's request counts add up to ${network} requests (${networkMissed} missed), past uint64 (${UINT64_MAX}): Go saturates them at that maximum for the dynamic p0`);
  }
  return lines;
}
