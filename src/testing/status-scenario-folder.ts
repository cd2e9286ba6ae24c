/**
 * The status scenario's saved-answers folder as the example ships it (examples/status-epoch/): every
 * answer of status-scenario-answers.ts, the performance summaries' rewarded coins being what the
 * port's settlement (v0.2.16, the epoch's own validation params) pays with the chain's exclusions: the
 * folder is consistent with itself, so `settle` agrees with it and `status` replays it.
 */
import { parseJson, stringifyJson, type Json } from "../go/json.js";

import { readRestDump } from "../sources/rest-dump/read-rest-dump.js";
import { settlementFromDump } from "../sources/settlement-inputs.js";
import { settleAccounts } from "../settlement/settle-accounts.js";
import { scenarioProposal, scenarioRestFiles } from "./status-scenario-answers.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const text = (files: Map<string, { [k: string]: unknown }>): Map<string, string> =>
  new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([n, j]) => [n, `${stringifyJson(parseJson(JSON.stringify(j)) as Json, 2)}\n`]));

/** What the port's settlement pays each host of the scenario (v0.2.16, with the chain's exclusions): the chain's rewarded coins there. */
export function scenarioRewards(): Map<string, bigint> {
  const dir = mkdtempSync(join(tmpdir(), "gonka-status-scenario-"));
  try {
    for (const [n, t] of text(scenarioRestFiles())) writeFileSync(join(dir, n), t);
    const paid = settleAccounts(settlementFromDump(readRestDump(dir), dir).input, "v0.2.16");
    return new Map(paid.participants.map((p) => [p.address, p.rewardCoins]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** File name → text (two-space JSON, newline-terminated), in name order. */
export function statusScenarioFolder(): Map<string, string> {
  const coins = scenarioRewards();
  return text(scenarioRestFiles((a) => coins.get(a) ?? 0n));
}

/** examples/gov/status-thresholds.proto.json: governance's proposal after the epoch. */
export function statusScenarioProposalText(): string {
  return `${stringifyJson(parseJson(JSON.stringify(scenarioProposal())) as Json, 2)}\n`;
}
