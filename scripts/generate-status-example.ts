/**
 * Writes examples/status-epoch/ and examples/gov/status-thresholds.proto.json: the saved answers of the status scenario (src/testing/status-scenario.ts; its params answer whole, mainnet's examples/gov/mainnet-params.json under its own values),
 * deterministic; test/status/status-example.test.ts checks the committed folder equals it. Run with
 * `npm run gen:status-example`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { statusScenarioFolder, statusScenarioProposalText } from "../src/testing/status-scenario-folder.js";

const out = process.argv[2] ?? "examples/status-epoch";
mkdirSync(out, { recursive: true });
for (const [name, text] of statusScenarioFolder()) writeFileSync(join(out, name), text);
writeFileSync(join(out, "..", "gov", "status-thresholds.proto.json"), statusScenarioProposalText());
console.log(`wrote ${out} and ${join(out, "..", "gov", "status-thresholds.proto.json")}`);
