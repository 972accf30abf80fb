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
