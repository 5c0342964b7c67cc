/** The reason of a file that changed under the reader in a way its episodes cannot survive (issue 17 item 8). */

const size = (bytes: number): string =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} B`

/** A file that became shorter than what was read of it (truncated, or rewritten shorter). */
export function shrankWhileRead(readBytes: number, nowBytes: number): string {
  return (
    `the file shrank from ${size(readBytes)} to ${size(nowBytes)} while it was being read (truncated or ` +
    'rewritten): none of its episodes were kept; it is read again when it changes next, or index it again'
  )
}
