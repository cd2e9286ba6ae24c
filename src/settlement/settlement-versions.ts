/** The versions whose settlement the port holds exactly (src/versions/rule-families.ts), oldest first. */
import { CHAIN_VERSIONS, type ChainVersion } from "../versions/chain-version.js";
import { familyKnows } from "../versions/rule-families.js";

export const SETTLEMENT_VERSIONS: readonly ChainVersion[] = CHAIN_VERSIONS.filter((v) => familyKnows("settlement", v));
