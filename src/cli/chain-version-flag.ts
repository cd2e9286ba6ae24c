/** `--chain-version vX.Y.Z`: the flag of every command that runs a rule (src/versions/resolve.ts picks the version). */
import { InputError } from "../errors.js";
import { familyVersions, type RuleFamily } from "../versions/rule-families.js";
import type { Parsed } from "./args.js";

/** The parseArgs option. */
export const CHAIN_VERSION_OPTION = { "chain-version": { type: "string" } } as const;

/** The versions a family holds, as --help lists them ("v0.2.12 … v0.2.16"; one list per family, rule-families.ts). */
export function familyVersionRange(family: RuleFamily): string {
  const v = familyVersions(family);
  return v.length === 1 ? v[0]! : `${v[0]} … ${v[v.length - 1]}`;
}

/** Usage lines for the option, naming the versions of each family the command runs. */
export function chainVersionUsage(...families: RuleFamily[]): string {
  const which = families.length === 1 ? familyVersionRange(families[0]!) : families.map((f) => `${f} ${familyVersionRange(f)}`).join("; ");
  return `  --chain-version V  run the rules of chain version V (${which}) instead of the version
                     recorded with the state or placed by the mainnet upgrade table`;
}

/** The flag's value (one version), or undefined when not given. */
export function chainVersionFlag(p: Parsed): string | undefined {
  const v = p.values["chain-version"];
  if (v !== undefined && typeof v !== "string") throw new InputError("expected one version, e.g. v0.2.13", "--chain-version");
  return v;
}
