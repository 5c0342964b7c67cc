/**
 * The reader pool (services/reader-pool.ts) with fake reader threads whose calls a test answers by hand, so what
 * runs where, and in which order, is visible: parallel calls on idle readers, one queue when all are busy, growth on
 * demand and shrinking after idling, a crashed reader failing only its own call, a reader that cannot open the
 * database failing what waits for it once (no restart loop), and errors keeping their class.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Result } from '@contract/api'
import { NotFoundError } from '@contract/guards'
import { errorFromApi } from '../../../src-main/services/engine-thread-client'
import type { FromReader, ToReader } from '../../../src-main/services/reader-protocol'
import {
  createReaderPool,
  ReaderDeclinedError,
  ReaderStoppedError,
  type ReaderHandle
} from '../../../src-main/services/reader-pool'
import { readerPoolSize } from '../../../src-main/services/worker-engine'
import { toJsonResult } from '../../../src-main/services/json-result'

interface FakeReader extends ReaderHandle {
  n: number
  calls: ToReader[]
  terminated: boolean
  answer(result: Result<unknown>, call?: ToReader): void
  ready(): void
  die(why: string): void
  decline(message: string): void
  failStart(message: string): void
}

function fakes() {
  const spawned: FakeReader[] = []
  const spawn = (): ReaderHandle => {
    let onMessage: (m: FromReader) => void = () => {}
    let onExit: (e: Error) => void = () => {}
    const r: FakeReader = {
      n: spawned.length,
      calls: [],
      terminated: false,
      postMessage: (m) => r.calls.push(m),
      on: (_e, l) => (onMessage = l),
      onExit: (l) => (onExit = l),
      terminate: async () => {
        r.terminated = true
      },
      answer(result, call = r.calls.at(-1)) {
        const c = call as ToReader
        if (c.json)
          onMessage({
            type: 'json',
            id: c.id,
            ...toJsonResult(result)
          })
        else onMessage({ type: 'result', id: c.id, result })
      },
      ready: () => onMessage({ type: 'ready' }),
      die: (why) => onExit(new Error(why)),
      decline: (message) => onMessage({ type: 'declined', id: (r.calls.at(-1) as ToReader).id, message }),
      failStart: (message) => onMessage({ type: 'startFailed', message })
    }
    spawned.push(r)
    return r
  }
  return { spawned, spawn }
}

const ok = (value: unknown): Result<unknown> => ({ ok: true, value })
const tick = () => new Promise((r) => setImmediate(r))

afterEach(() => {
  vi.useRealTimers()
})

describe('reader pool', () => {
  it('starts its floor at once and answers a call on a ready reader', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 2, idleMs: 1000, patienceMs: 100, errorFromApi })
    expect(spawned).toHaveLength(1)
    const p = pool.call('listRuns', [])
    expect(spawned[0].calls).toHaveLength(0) // not ready yet: the call waits for it, no second reader for one call
    expect(spawned).toHaveLength(1)
    spawned[0].ready()
    expect(spawned[0].calls).toEqual([{ type: 'call', id: 1, method: 'listRuns', args: [] }])
    spawned[0].answer(ok(['run']))
    await expect(p).resolves.toEqual(['run'])
    await pool.close()
  })

  it('runs calls in parallel on idle readers, queues the rest in order, and never grows past max', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 2, idleMs: 1000, patienceMs: 100, errorFromApi })
    spawned[0].ready()
    const slow = pool.call('compareRuns', ['a', 'b'])
    const quick = pool.call('getEpisode', ['e1'])
    const third = pool.call('getEpisode', ['e2'])
    // the second call started a second reader (the first is busy), the third waits: the pool is full
    expect(spawned).toHaveLength(2)
    spawned[1].ready()
    expect(spawned[1].calls.map((c) => c.args)).toEqual([['e1']])
    expect(pool.stats()).toEqual({ readers: 2, busy: 2, queued: 1 })
    // the quick call answers while the slow one still runs on the other reader
    spawned[1].answer(ok('episode 1'))
    await expect(quick).resolves.toBe('episode 1')
    // and the freed reader takes the waiting call, not the busy one
    expect(spawned[1].calls.map((c) => c.args)).toEqual([['e1'], ['e2']])
    expect(spawned[0].calls).toHaveLength(1)
    spawned[1].answer(ok('episode 2'))
    spawned[0].answer(ok('report'))
    await expect(Promise.all([slow, third])).resolves.toEqual(['report', 'episode 2'])
    expect(spawned).toHaveLength(2)
    await pool.close()
  })

  it('sends a call to the reader that answered its affinity lately, waiting for it while later calls go ahead', async () => {
    vi.useFakeTimers()
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 2, max: 2, idleMs: 60_000, patienceMs: 100, errorFromApi })
    spawned.forEach((r) => r.ready())
    const last = (r: FakeReader) => r.calls.at(-1)?.args
    const a = pool.call('listEpisodes', ['page 1 of q1'], 'q1')
    const b = pool.call('listEpisodes', ['page 1 of q2'], 'q2')
    spawned[0].answer(ok('a'))
    spawned[1].answer(ok('b'))
    await Promise.all([a, b])
    // both idle: q2's next page goes to the reader that answered q2, though the other comes first
    const c = pool.call('listEpisodes', ['page 2 of q2'], 'q2')
    expect(last(spawned[1])).toEqual(['page 2 of q2'])
    // that reader busy: q2's next page waits for it; a call of another query goes ahead on the free reader
    const d = pool.call('listEpisodes', ['page 3 of q2'], 'q2')
    const e = pool.call('listEpisodes', ['page 1 of q3'], 'q3')
    expect(last(spawned[0])).toEqual(['page 1 of q3'])
    expect(pool.stats().queued).toBe(1)
    spawned[1].answer(ok('c'))
    expect(last(spawned[1])).toEqual(['page 3 of q2'])
    spawned[1].answer(ok('d'))
    spawned[0].answer(ok('e'))
    await expect(Promise.all([c, d, e])).resolves.toEqual(['c', 'd', 'e'])
    // past its patience a waiting call takes any free reader
    const f = pool.call('listEpisodes', ['page 4 of q2'], 'q2')
    expect(last(spawned[1])).toEqual(['page 4 of q2'])
    const g = pool.call('listEpisodes', ['page 5 of q2'], 'q2')
    expect(pool.stats().queued).toBe(1)
    vi.advanceTimersByTime(99)
    expect(pool.stats().queued).toBe(1)
    vi.advanceTimersByTime(1)
    expect(last(spawned[0])).toEqual(['page 5 of q2'])
    spawned[1].answer(ok('f'))
    spawned[0].answer(ok('g'))
    await expect(Promise.all([f, g])).resolves.toEqual(['f', 'g'])
    await pool.close()
  })

  it('ends a reader beyond the floor once it idled, and keeps the floor', async () => {
    vi.useFakeTimers()
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 3, idleMs: 5000, patienceMs: 100, errorFromApi })
    spawned[0].ready()
    const a = pool.call('listRuns', [])
    const b = pool.call('listRuns', [])
    spawned[1].ready()
    spawned[0].answer(ok(1))
    spawned[1].answer(ok(2))
    await Promise.all([a, b])
    expect(pool.stats().readers).toBe(2)
    vi.advanceTimersByTime(4999)
    expect(pool.stats().readers).toBe(2)
    vi.advanceTimersByTime(1)
    expect(pool.stats().readers).toBe(1)
    expect(spawned.filter((r) => r.terminated)).toHaveLength(1)
    vi.advanceTimersByTime(60_000)
    expect(pool.stats().readers).toBe(1) // never below the floor
    await pool.close()
  })

  it('a call given to an idle reader cancels its idle end', async () => {
    vi.useFakeTimers()
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 0, max: 1, idleMs: 1000, patienceMs: 100, errorFromApi })
    const first = pool.call('listRuns', [])
    spawned[0].ready()
    spawned[0].answer(ok(1))
    await first
    vi.advanceTimersByTime(900)
    const second = pool.call('listRuns', [])
    vi.advanceTimersByTime(900) // past the first idle deadline, while busy
    expect(spawned[0].terminated).toBe(false)
    spawned[0].answer(ok(2))
    await expect(second).resolves.toBe(2)
    await pool.close()
  })

  it('a reader that dies fails only its own call; the next calls get a new reader', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 2, idleMs: 1000, patienceMs: 100, errorFromApi })
    spawned[0].ready()
    const doomed = pool.call('getEpisode', ['huge'])
    const fine = pool.call('listRuns', [])
    spawned[1].ready()
    spawned[0].die('a reader thread stopped (exit code 1)')
    await expect(doomed).rejects.toThrow('exit code 1')
    await expect(doomed).rejects.toBeInstanceOf(ReaderStoppedError)
    spawned[1].answer(ok('runs'))
    await expect(fine).resolves.toBe('runs')
    // two calls at once again: the pool grows back to two readers
    const c = pool.call('listRuns', [])
    const d = pool.call('listRuns', [])
    expect(spawned).toHaveLength(3)
    spawned[2].ready()
    spawned[1].answer(ok('c'))
    spawned[2].answer(ok('d'))
    await expect(Promise.all([c, d])).resolves.toEqual(['c', 'd'])
    await pool.close()
  })

  it('a call its reader declines (a record too big for its heap) fails alone, and the reader goes on', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 1, idleMs: 1000, patienceMs: 100, errorFromApi })
    spawned[0].ready()
    const big = pool.call('getEpisodePreview', ['huge'])
    const next = pool.call('listRuns', [])
    spawned[0].decline('a 60.0 MB read is more than this thread takes')
    await expect(big).rejects.toBeInstanceOf(ReaderDeclinedError)
    await expect(big).rejects.toThrow('a reader thread left the call to its host: a 60.0 MB read')
    // the same reader, not a new one, answers the next call
    await tick()
    expect(spawned).toHaveLength(1)
    spawned[0].answer(ok('runs'))
    await expect(next).resolves.toBe('runs')
    await pool.close()
  })

  it('a reader that cannot open the database fails the waiting calls with why, and is not restarted in a loop', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 2, idleMs: 1000, patienceMs: 100, errorFromApi })
    const waiting = pool.call('listRuns', [])
    spawned[0].failStart('unable to open database file')
    await expect(waiting).rejects.toThrow('a reader thread could not start: unable to open database file')
    await tick()
    expect(spawned).toHaveLength(1)
    expect(spawned[0].terminated).toBe(true)
    // the next call tries again (the file may be there now)
    const later = pool.call('listRuns', [])
    expect(spawned).toHaveLength(2)
    spawned[1].ready()
    spawned[1].answer(ok([]))
    await expect(later).resolves.toEqual([])
    await pool.close()
  })

  it('a refused call rejects with the error class its code names, so the host answers with the same code', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 1, idleMs: 1000, patienceMs: 100, errorFromApi })
    spawned[0].ready()
    const p = pool.call('getEpisode', ['nope'])
    spawned[0].answer({ ok: false, error: { code: 'not-found', message: 'no episode nope' } })
    await expect(p).rejects.toBeInstanceOf(NotFoundError)
    await pool.close()
  })

  it('asks for JSON text when the host wants to send the answer on as it is', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 1, idleMs: 1000, patienceMs: 100, errorFromApi })
    spawned[0].ready()
    const text = pool.callJson('listRuns', [], 'runs')
    expect(spawned[0].calls.at(-1)).toEqual({ type: 'call', id: 1, method: 'listRuns', args: [], json: true })
    spawned[0].answer(ok(['r1']))
    const answer = await text
    expect(answer.code).toBeNull()
    expect(new TextDecoder().decode(answer.bytes)).toBe('{"ok":true,"value":["r1"]}')
    const refused = pool.callJson('getEpisode', ['nope'])
    spawned[0].answer({ ok: false, error: { code: 'not-found', message: 'no episode nope' } })
    await expect(refused).resolves.toMatchObject({ code: 'not-found' })
    await pool.close()
  })

  it('close fails what waits and what runs, ends every reader, and refuses later calls', async () => {
    const { spawned, spawn } = fakes()
    const pool = createReaderPool({ spawn, min: 1, max: 1, idleMs: 1000, patienceMs: 100, errorFromApi })
    spawned[0].ready()
    const running = pool.call('listRuns', [])
    const waiting = pool.call('listRuns', [])
    await pool.close()
    await expect(running).rejects.toThrow('closed')
    await expect(waiting).rejects.toThrow('closed')
    expect(spawned[0].terminated).toBe(true)
    await expect(pool.call('listRuns', [])).rejects.toThrow('closed')
  })

  it('is sized by the cores, one reader each, between one and four', () => {
    expect(readerPoolSize(1)).toBe(1)
    expect(readerPoolSize(2)).toBe(2)
    expect(readerPoolSize(16)).toBe(4)
  })
})
