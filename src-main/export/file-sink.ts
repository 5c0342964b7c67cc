/**
 * An export written into a file by the engine itself (the desktop's sink: the host only asked where), and by
 * `rollscope export --out`. A failed export removes its partial file rather than leaving something that looks
 * complete; a file that could not be opened is left alone (it may be someone else's).
 */
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type { ChunkWriter } from './export-types'
import { streamWriter } from './stream-writer'

export async function writeToFile<T>(path: string, produce: (write: ChunkWriter) => Promise<T>): Promise<T> {
  const file = createWriteStream(path)
  await once(file, 'ready') // rejects with the open error (a missing folder, no permission)
  let failure: unknown = null
  // a write error (disk full) is kept here and thrown below; an 'error' nobody listens to would end the thread
  file.on('error', (err) => (failure ??= err))
  try {
    const result = await produce(streamWriter(file))
    file.end()
    await finished(file)
    return result
  } catch (err) {
    const cause = failure ?? err // destroying the stream below fails its pending writes too: not the cause
    file.destroy()
    await rm(path, { force: true }).catch(() => undefined)
    throw cause
  }
}
