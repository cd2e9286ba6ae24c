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
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
};
