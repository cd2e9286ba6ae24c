/** The status scenario's test node: a v0.2.16 node of its chain, one state per height, with `tx_search` over its transactions. */
import { FixtureServer } from "./fixture-server.js";
import type { FixtureChainState } from "./fixture-state.js";
import { scenarioNodeState, scenarioTxs } from "./status-scenario-answers.js";
import { scenarioRewards } from "./status-scenario-folder.js";
import { scenarioHistories, SCENARIO_HEIGHTS } from "./status-scenario.js";

/**
 * A test node of the scenario's chain at `latestHeight` (default: after epoch 470 settled), each state computed once;
 * `rewarded` stands for the coins its performance summaries record (default: what the port's settlement pays).
 */
export function statusScenarioServer(latestHeight = Number(SCENARIO_HEIGHTS.settlement + 500n), rewarded: ReadonlyMap<string, bigint> = scenarioRewards()): FixtureServer {
  const hist = scenarioHistories();
  const cache = new Map<number, FixtureChainState>();
  return new FixtureServer({
    latestHeight,
    txs: scenarioTxs(),
    stateAt: (h) => {
      let st = cache.get(h);
      if (st === undefined) cache.set(h, (st = scenarioNodeState(BigInt(h), hist, rewarded)));
      return st;
    },
  });
}
