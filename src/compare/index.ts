/** The governance comparison's public surface (library): build, render as text, render as HTML. */
export { compareProposals, DEFAULT_ANCHORS, type CompareInput, type CompareOptions } from "./build.js";
export { defaultEngines } from "./default-engines.js";
export type { Engines, PreservedEngine, MissTestEngine, PreservedSettings, PreservedModelRun, SettlementRow, DemandFigures } from "./engines.js";
export type * from "./model.js";
export { loadProposal, parseProposal, PROPOSAL_KEYS, PRESERVED_RULES, type ProposalParams, type PreservedRuleName } from "./params.js";
export { renderCompareText } from "./text.js";
export { renderReport, type ReportOptions } from "../report/html.js";
