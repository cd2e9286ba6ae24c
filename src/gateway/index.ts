/** The PoC routing simulator's public surface (re-exported by the package entry point). */
export { simulatePoc, type SimulateOptions } from "./simulate.js";
export { splitOf } from "./split.js";
export { missTestVerdict } from "./miss-verdict.js";
export { parseScenario, defaultRates, POLICIES, TIE_BREAKS, type Scenario, type Policy, type TieBreak } from "./scenario.js";
export { loadScenario, builtinScenarioNames, parseScenarioText } from "./scenario-source.js";
export { formatSimulation } from "./report.js";
export { perHostCap } from "./host-cap.js";
export type { SimulationResult, HostResult, EscrowResult, GatewayResult, MissTestResult, SplitResult } from "./result.js";
