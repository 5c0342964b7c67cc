/** A short, specific reason for a file-system error (no stack). */
export function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException
  switch (e?.code) {
    case 'ENOENT':
      return 'file or folder does not exist (it may have been moved or deleted)'
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'ELOOP':
      return 'too many levels of symbolic links'
    case 'EISDIR':
      return 'is a folder, not a file'
    default:
      return e?.message ? String(e.message) : String(err)
  }
}
