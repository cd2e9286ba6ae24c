/**
 * `gonka-spec/testing`: the test node, for tools that test their own chain reads against it. A
 * CometBFT-compatible JSON-RPC server on 127.0.0.1 that answers from fixture state as a node of a chosen
 * chain version would (fixture-server.ts), and builders of that state (fixture-state.ts). Not part of the
 * main entry point: nothing here runs a rule.
 */
export { FixtureServer, type FixtureServerOptions, type AskedQuery } from "./fixture-server.js";
export { fixtureFromPreserved, emptyFixtureState, type FixtureChainState } from "./fixture-state.js";
