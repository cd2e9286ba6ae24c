/** The shape of one CLI command. */
export interface Command {
  name: string;
  /** One line for `gonka-spec --help`. */
  summary: string;
  /** Full usage text for `gonka-spec NAME --help`. */
  usage: string;
  /** Run with the arguments after the command name; resolves to the exit code. */
  run(args: string[], io: CliIO): Promise<number>;
}

/** Where a command writes (injectable for tests). */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /**
   * stderr is a terminal: progress, notes and warnings are written as they come. Otherwise (a file, a
   * pipe, a test) they are held until the command ends, printed then, and dropped when it refuses its
   * input, so that a refusal is the only line on stderr (cli/main.ts).
   */
  errIsTTY?: boolean;
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
  errIsTTY: process.stderr.isTTY === true,
};
