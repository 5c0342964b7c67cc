/**
 * An export written into a file by the engine itself (the desktop's sink: the host only asked where), and by
 * `rollscope export --out`. It is written beside the file under a temporary name and renamed over it once complete:
 * a failed export (a source changed since indexing, a full disk) leaves whatever was at that path as it was (it was
 * truncated at the first byte, then removed), and never a partial file that looks complete. A path that is a pipe or
 * a device is written as it is (there is nothing there to keep).
 */
import { randomBytes } from 'node:crypto'
import { constants, createWriteStream } from 'node:fs'
import { access, chmod, realpath, rename, rm, stat } from 'node:fs/promises'
import { once } from 'node:events'
import { basename, dirname, join } from 'node:path'
import { finished } from 'node:stream/promises'
import type { ChunkWriter } from './export-types'
import { streamWriter } from './stream-writer'

export async function writeToFile<T>(path: string, produce: (write: ChunkWriter) => Promise<T>): Promise<T> {
  const target = await targetOf(path)
  if (target.kind === 'folder')
    throw Object.assign(new Error(`EISDIR: illegal operation on a directory, open '${path}'`), { code: 'EISDIR' })
  // a pipe or a device: written as it is, and never removed
  if (target.kind === 'special') return writeStream(path, produce, { done: async () => {}, undo: async () => {} })
  // a file that may not be written stays so (a rename would replace it whatever its permissions)
  if (target.kind === 'file') await access(target.path, constants.W_OK)
  // beside the real file (a symlink keeps pointing at it), so the rename stays within one file system
  const temp = join(dirname(target.path), `.${basename(target.path)}.${randomBytes(6).toString('hex')}.part`)
  return writeStream(temp, produce, {
    done: async () => {
      if (target.kind === 'file') await chmod(temp, target.mode)
      await rename(temp, target.path)
    },
    undo: () => rm(temp, { force: true })
  })
}

type Target =
  | { kind: 'none'; path: string }
  | { kind: 'file'; path: string; mode: number }
  | { kind: 'folder' }
  | { kind: 'special' }

async function targetOf(path: string): Promise<Target> {
  try {
    const st = await stat(path)
    if (st.isDirectory()) return { kind: 'folder' }
    if (!st.isFile()) return { kind: 'special' }
    return { kind: 'file', path: await realpath(path), mode: st.mode & 0o7777 }
  } catch {
    return { kind: 'none', path } // not there (or not readable: opening it says why)
  }
}

/** Writes `produce`'s chunks to `path`, then `done`; a failure runs `undo` and throws its cause. */
async function writeStream<T>(
  path: string,
  produce: (write: ChunkWriter) => Promise<T>,
  { done, undo }: { done: () => Promise<void>; undo: () => Promise<unknown> }
): Promise<T> {
  const file = createWriteStream(path)
  await once(file, 'ready') // rejects with the open error (a missing folder, no permission)
  let failure: unknown = null
  // a write error (disk full) is kept here and thrown below; an 'error' nobody listens to would end the thread
  file.on('error', (err) => (failure ??= err))
  try {
    const result = await produce(streamWriter(file))
    file.end()
    await finished(file)
    await done()
    return result
  } catch (err) {
    const cause = failure ?? err // destroying the stream below fails its pending writes too: not the cause
    file.destroy()
    await undo().catch(() => undefined)
    throw cause
  }
}
