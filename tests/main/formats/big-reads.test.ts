/**
 * Reads counted by size (formats/readers/big-reads.ts): a bounded thread refuses a read over its limit before any of
 * it is read, and the garbage of a big read is collected at the next point a thread asks for it, not before.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  BIG_READ_BYTES,
  collectAfterBigReads,
  limitWholeReads,
  noteRead,
  TooBigForThisThreadError
} from '../../../src-main/formats/readers/big-reads'
import { readRange } from '../../../src-main/formats/readers/line-reader'

const dir = mkdtempSync(join(tmpdir(), 'rs-big-reads-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => limitWholeReads(Infinity))

/** An object reachable only through a WeakRef made in an earlier task (a WeakRef keeps its target for its own task). */
async function dropped(): Promise<WeakRef<object>> {
  const ref = new WeakRef({ payload: new Array(10_000).fill(7) })
  await new Promise((r) => setTimeout(r, 0))
  return ref
}

describe('reads counted by size', () => {
  it('on a bounded thread, a read over the limit throws before anything is read; others go through', () => {
    const path = join(dir, 'file.bin')
    writeFileSync(path, Buffer.alloc(5000, 0x61))
    const fd = openSync(path, 'r')
    try {
      limitWholeReads(4096)
      expect(readRange(fd, 0, 4096).length).toBe(4096)
      expect(() => readRange(fd, 0, 4097)).toThrow(TooBigForThisThreadError)
      expect(() => readRange(fd, 0, 4097)).toThrow('a 0.0 MB read is more than this thread’s bounded heap takes')
      limitWholeReads(Infinity)
      expect(readRange(fd, 0, 5000).length).toBe(5000)
    } finally {
      closeSync(fd)
    }
  })

  it('collects garbage after a big read', async () => {
    const before = await dropped()
    noteRead(BIG_READ_BYTES)
    collectAfterBigReads()
    expect(before.deref()).toBeUndefined()
    // gc was exposed to this module only, never to the test's context
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined()
  })
})
