/** The command table, in the order `gonka-spec --help` lists it. Each command lives in its own file. */
import type { Command } from "../command.js";
import { checkCommand } from "./check.js";
import { compareCommand } from "./compare.js";
import { demoCommand } from "./demo.js";
import { missTestCommand } from "./miss-test.js";
import { preservedCommand } from "./preserved.js";
import { simulatePocCommand } from "./simulate-poc.js";
import { snapshotCommand } from "./snapshot.js";
import { tallyCommand } from "./tally.js";
import { vectorsCommand } from "./vectors.js";
import { verifyCommand } from "./verify.js";

export const COMMANDS: Command[] = [
  demoCommand,
  preservedCommand,
  checkCommand,
  missTestCommand,
  tallyCommand,
  simulatePocCommand,
  compareCommand,
  snapshotCommand,
  verifyCommand,
  vectorsCommand,
];
