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

/**
 * Prints a command's expected failure (`deskbase: <message>`) and returns its exit status: 2 for a
 * wrong command line, the error's own for a CliError. Returns null for anything else.
 */
export function reportCommandError(error: unknown): number | null {
  if (!(error instanceof ConfigError) && !(error instanceof CliError)) return null;
  process.stderr.write(`deskbase: ${error.message}\n`);
  return error instanceof CliError ? error.exitCode : 2;
}
