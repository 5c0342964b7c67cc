/** Exit codes of the `rollscope` command (PRODUCT.md §3). */
export const EXIT_OK = 0
/** The command ran but something failed (a file could not be indexed, an id does not exist). */
export const EXIT_FAILED = 1
/** Bad usage: unknown command or flag, missing argument, bad number. */
export const EXIT_USAGE = 2

/** Bad usage; the message is shown with a pointer to --help and the process exits 2. */
export class UsageError extends Error {
  override name = 'UsageError'
  /** The command whose --help to point at, when known. */
  constructor(
    message: string,
    readonly command: string | null = null
  ) {
    super(message)
  }
}

/** The command ran but failed; the message is shown and the process exits 1. */
export class CommandFailure extends Error {
  override name = 'CommandFailure'
}
