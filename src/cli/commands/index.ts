/**
 * The command table, in the order `gonka-spec --help` lists it. Each command lives in its own file and
 * is imported only when it runs (or its --help is asked for): `gonka-spec --help` and the offline
 * commands never load the chain client (CosmJS, the generated protobuf code).
 */
import type { Command } from "../command.js";

/** A command's name and one-line summary, and how to load the rest. */
export interface CommandEntry {
  name: string;
  /** One line for `gonka-spec --help` (the loaded command's own `summary`; a test keeps them equal). */
  summary: string;
  /** Whether the command can read a node (--node/--rpc): the chain flags apply to it. */
  readsNode: boolean;
  load(): Promise<Command>;
}

export const COMMANDS: CommandEntry[] = [
  {
    name: "demo",
    summary: "the main job on the bundled examples: preserved set, epoch-433 replay, proposal compare (npm start)",
    readsNode: false,
    load: async () => (await import("./demo.js")).demoCommand,
  },
  {
    name: "preserved",
    summary: "the preserved set per model (today's rule, the demand proposal, or both)",
    readsNode: true,
    load: async () => (await import("./preserved.js")).preservedCommand,
  },
  {
    name: "check",
    summary: "will ADDRESS be preserved: its nodes and reasons at an anchor, and the probability over anchors",
    readsNode: true,
    load: async () => (await import("./check.js")).checkCommand,
  },
  {
    name: "miss-test",
    summary: "the on-chain miss test for one count (--missed/--total) or a whole epoch (--epoch/--snapshot)",
    readsNode: true,
    load: async () => (await import("./miss-test.js")).missTestCommand,
  },
  {
    name: "tally",
    summary: "replay a devshard record's messages through the validation vote tally (today or #2078)",
    readsNode: false,
    load: async () => (await import("./tally.js")).tallyCommand,
  },
  {
    name: "simulate-poc",
    summary: "simulate the gateway's PoC routing (today, per-host cap, tie-breaks) and its misses",
    readsNode: false,
    load: async () => (await import("./simulate-poc.js")).simulatePocCommand,
  },
  {
    name: "status",
    summary: "why ADDRESS was or was not excluded in an epoch: its stats updates replayed beside the chain's record",
    readsNode: true,
    load: async () => (await import("./status.js")).statusCommand,
  },
  {
    name: "compare",
    summary: "what a parameter proposal changes: A against B on one snapshot",
    readsNode: true,
    load: async () => (await import("./compare.js")).compareCommand,
  },
  {
    name: "settle",
    summary: "an epoch's settlement to the coin: each participant's reward and work coins, weight path and every reason for a zero",
    readsNode: true,
    load: async () => (await import("./settle.js")).settleCommand,
  },
  {
    name: "backtest",
    summary: "what a proposal would have done over real past epochs: each participant's coins under A and B, who is zeroed and why",
    readsNode: true,
    load: async () => (await import("./backtest.js")).backtestCommand,
  },
  {
    name: "proposal",
    summary: "read, decode and judge a real x/gov proposal: parameter changes, transfers, upgrades, in words",
    readsNode: true,
    load: async () => (await import("./proposal.js")).proposalCommand,
  },
  {
    name: "import-rest",
    summary: "write a snapshot file from a directory of saved REST answers, naming what the dump lacks",
    readsNode: false,
    load: async () => (await import("./import-rest.js")).importRestCommand,
  },
  {
    name: "snapshot",
    summary: "read the chain state the rules need, at one height, into a snapshot file",
    readsNode: true,
    load: async () => (await import("./snapshot.js")).snapshotCommand,
  },
  {
    name: "verify",
    summary: "check the port against the chain's stored preserved snapshot at a height",
    readsNode: true,
    load: async () => (await import("./verify.js")).verifyCommand,
  },
  {
    name: "vectors",
    summary: "check vector files against the port (vectors check FILE...); export the project's own suites (vectors export DIR)",
    readsNode: false,
    load: async () => (await import("./vectors.js")).vectorsCommand,
  },
];

/** The entry named `name`, or undefined. */
export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name);
}
