import { ConfigError } from '../config';

/** A command-line failure: printed as `deskbase: <message>` without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    /** 1: the command could not be done; 2: the command line is wrong. */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Prints a command's failure as one line and gives its exit code; other errors propagate. */
export function reportFailure(error: unknown): number {
  if (error instanceof ConfigError || error instanceof CliError) {
    process.stderr.write(`deskbase: ${error.message}\n`);
    return error instanceof CliError ? error.exitCode : 2;
  }
  throw error;
}
