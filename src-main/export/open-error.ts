/**
 * Why an export file could not be opened, in words: Node's own message (`ENOENT: no such file or directory, open
 * '…'`) names neither the folder that is missing nor what to do. Pure (the error is only read).
 */
import { dirname } from 'node:path'

/** `shown` is the path as the user gave it, `path` the one resolved against the working folder. */
export function openErrorMessage(shown: string, path: string, err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code
  const why =
    code === 'ENOENT'
      ? `the folder ${dirname(path)} does not exist (create it first)`
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'ENOTDIR'
            ? `a part of ${dirname(path)} is a file, not a folder`
            : err instanceof Error
              ? err.message
              : String(err)
  return `cannot write ${shown}: ${why}`
}
