/**
 * Runs a small write on the host's connection without ever blocking its thread on a lock: the
 * indexer worker may hold the write lock for a whole file, so SQLITE_BUSY is retried later.
 */
export async function writeWithRetry<T>(fn: () => T, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
    try {
      return fn()
    } catch (err) {
      const code = (err as { code?: string }).code
      if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') throw err
      if (Date.now() > deadline)
        throw new Error('the database stayed busy (indexing a large file?); try again in a moment')
      await new Promise((r) => setTimeout(r, wait))
    }
  }
}
