/** The command table. Each command lives in its own file beside this one. */
import type { Command } from "../command.js";
import { vectorsCommand } from "./vectors.js";

export const COMMANDS: Command[] = [
  vectorsCommand,
];
