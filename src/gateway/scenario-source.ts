/**
 * Where scenarios come from: built-ins by name (the documented files in examples/scenarios/,
 * shipped with the package) or any scenario file by path.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readTextFile } from "../fs/files.js";
import { fileURLToPath } from "node:url";
import { InputError } from "../errors.js";
import { parseJson } from "../go/json.js";
import { parseScenario, type Scenario } from "./scenario.js";

/** examples/scenarios/, found from src/gateway/ and from dist/gateway/ alike. */
export const SCENARIO_DIR = fileURLToPath(new URL("../../examples/scenarios/", import.meta.url));

/** Names of the built-in scenarios (e.g. "epoch-433", "large", "soak-7"). */
export function builtinScenarioNames(): string[] {
  if (!existsSync(SCENARIO_DIR)) return [];
  return readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

function isBuiltinName(s: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(s) && builtinScenarioNames().includes(s);
}

/** Parse scenario text; `source` names it in errors. */
export function parseScenarioText(text: string, source: string): Scenario {
  return parseScenario(parseJson(text, source), source);
}

/** Load a built-in scenario by name, or a scenario file by path; errors are InputErrors. */
export function loadScenario(nameOrFile: string): Scenario {
  if (isBuiltinName(nameOrFile)) {
    return parseScenarioText(readFileSync(`${SCENARIO_DIR}${nameOrFile}.json`, "utf8"), nameOrFile);
  }
  if (!existsSync(nameOrFile) && !/[/\\.]/.test(nameOrFile)) {
    throw new InputError(`no built-in scenario or file by that name (built-ins: ${builtinScenarioNames().join(", ")})`, nameOrFile);
  }
  const text = readTextFile(nameOrFile); // regular files only, bounded size
  return parseScenarioText(text, nameOrFile);
}
