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

/**
 * True for an error of the file system itself (a permission, a vanished file, an I/O error): Node's system errors
 * carry the failing call. Such a file may read fine next time unchanged (a chmod keeps its size and mtime), where a
 * file whose content is unusable fails the same way until it changes.
 */
export function isFsError(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException
  return typeof e?.code === 'string' && typeof e?.syscall === 'string'
}
