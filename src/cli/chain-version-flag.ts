/** `--chain-version vX.Y.Z`: the flag of every command that runs a rule (src/versions/resolve.ts picks the version). */
import { InputError } from "../errors.js";
import { CHAIN_VERSIONS } from "../versions/chain-version.js";
import type { Parsed } from "./args.js";

/** The parseArgs option. */
export const CHAIN_VERSION_OPTION = { "chain-version": { type: "string" } } as const;

/** Usage line for the option. */
export const CHAIN_VERSION_USAGE = `  --chain-version V  run the rules of chain version V (${CHAIN_VERSIONS.join(", ")}) instead of the version
                     recorded with the state or placed by the mainnet upgrade table`;

/** The flag's value (one version), or undefined when not given. */
export function chainVersionFlag(p: Parsed): string | undefined {
  const v = p.values["chain-version"];
  if (v !== undefined && typeof v !== "string") throw new InputError("expected one version, e.g. v0.2.13", "--chain-version");
  return v;
}
