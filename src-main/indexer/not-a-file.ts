import type { Stats } from 'node:fs'

/**
 * Why a path named to be indexed is not read: only regular files are (a FIFO would block the reader until a writer
 * comes, a device never ends, a socket has no content to read).
 */
export function notARegularFile(st: Stats): string {
  const kind = st.isFIFO()
    ? 'a named pipe (FIFO)'
    : st.isSocket()
      ? 'a socket'
      : st.isCharacterDevice()
        ? 'a character device'
        : st.isBlockDevice()
          ? 'a block device'
          : 'not a regular file'
  return `${kind}: only regular files are read (write the trace to a file first)`
}
