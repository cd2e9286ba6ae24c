/** The command table. Each command lives in its own file beside this one. */
import type { Command } from "../command.js";
import { vectorsCommand } from "./vectors.js";
import { simulatePocCommand } from "./simulate-poc.js";
import { tallyCommand } from "./tally.js";
import { snapshotCommand } from "./snapshot.js";
import { verifyCommand } from "./verify.js";
import { preservedCommand } from "./preserved.js";
import { checkCommand } from "./check.js";

export const COMMANDS: Command[] = [
  vectorsCommand,
  simulatePocCommand,
  tallyCommand,
  snapshotCommand,
  verifyCommand,
  preservedCommand,
  checkCommand,
];
