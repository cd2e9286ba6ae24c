/** The command table. Each command lives in its own file beside this one. */
import type { Command } from "../command.js";
import { vectorsCommand } from "./vectors.js";
import { compareCommand } from "./compare.js";
import { simulatePocCommand } from "./simulate-poc.js";
import { tallyCommand } from "./tally.js";
import { snapshotCommand } from "./snapshot.js";
import { verifyCommand } from "./verify.js";
import { preservedCommand } from "./preserved.js";
import { checkCommand } from "./check.js";
import { missTestCommand } from "./miss-test.js";

export const COMMANDS: Command[] = [
  vectorsCommand,
  compareCommand,
  simulatePocCommand,
  tallyCommand,
  snapshotCommand,
  verifyCommand,
  preservedCommand,
  checkCommand,
  missTestCommand,
];
