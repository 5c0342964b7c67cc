/**
 * Exports across the engine thread's port: the engine formats and writes, the host only drains chunks into its
 * sink, and the engine never runs more than a window ahead of the sink, so memory stays bounded whatever the size.
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ExportRequest } from '@contract/export'
import type { RunSummary } from '@contract/model'
import { chunkRelay, relayedWriter } from '../../../src-main/services/export-relay'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { threadedEngine, type Traffic } from '../../helpers/threaded-engine'

const settle = (): Promise<void> => new Promise((r) => setImmediate(r))

describe('relayedWriter (the engine side)', () => {
  it('sends at once while under the window, then waits for the host to write enough', async () => {
    const sent: string[] = []
    const w = relayedWriter((c) => sent.push(c), 10)
    await w.write('12345')
    await w.write('67890') // exactly the window: not beyond it
    let done = false
    const third = w.write('abc').then(() => (done = true))
    await settle()
    expect(sent).toEqual(['12345', '67890', 'abc']) // sent, but the export waits before making more
    expect(done).toBe(false)
    w.written(2) // 11 ahead: still beyond
    await settle()
    expect(done).toBe(false)
    w.written(5)
    await third
    expect(done).toBe(true)
  })

  it('stop: the waiting write and every later one throw the host’s message', async () => {
    const w = relayedWriter(() => undefined, 4)
    const waiting = w.write('123456')
    w.stop('the output was closed')
    await expect(waiting).rejects.toThrow('the output was closed')
    await expect(w.write('x')).rejects.toThrow('the output was closed')
  })
})

describe('chunkRelay (the host side)', () => {
  it('writes chunks in order, one at a time, acknowledging each once written', async () => {
    const log: string[] = []
    const relay = chunkRelay(
      async (c) => {
        log.push(`write ${c}`)
        await new Promise((r) => setTimeout(r, c === 'a' ? 10 : 0))
        log.push(`done ${c}`)
      },
      (size) => log.push(`ack ${size}`),
      () => log.push('stop')
    )
    relay.push('a')
    relay.push('bb')
    await relay.drained()
    expect(log).toEqual(['write a', 'done a', 'ack 1', 'write bb', 'done bb', 'ack 2'])
  })

  it('a failed write stops the export once, skips the rest, and drained() rejects with the sink’s error', async () => {
    const stop = vi.fn()
    const write = vi.fn(async (c: string) => {
      if (c === 'b') throw new Error('socket hang up')
    })
    const relay = chunkRelay(write, () => undefined, stop)
    for (const c of ['a', 'b', 'c']) relay.push(c)
    await expect(relay.drained()).rejects.toThrow('socket hang up')
    expect(write.mock.calls.map((c) => c[0])).toEqual(['a', 'b'])
    expect(stop).toHaveBeenCalledExactlyOnceWith('socket hang up')
  })
})

describe('Engine.exportTo across the port', () => {
  const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
  const WINDOW = 4096
  let real: Engine
  let threaded: ReturnType<typeof threadedEngine>
  let runs: RunSummary[]

  beforeAll(async () => {
    real = tempEngine().engine
    await real.indexPaths([DEMO])
    threaded = threadedEngine(real, { exportWindow: WINDOW })
    runs = await real.api.listRuns()
  }, 60_000)
  afterAll(() => threaded?.client.close())

  /** Characters the host had received but not yet written, at most, over the traffic from `from` on. */
  function mostUnwritten(traffic: Traffic[]): { most: number; largest: number; total: number } {
    let received = 0
    let written = 0
    let most = 0
    let largest = 0
    for (const t of traffic) {
      if ('received' in t && t.received.type === 'exportChunk') {
        received += t.received.chunk.length
        largest = Math.max(largest, t.received.chunk.length)
      } else if ('sent' in t && t.sent.type === 'exportWritten') written += t.sent.size
      most = Math.max(most, received - written)
    }
    return { most, largest, total: received }
  }

  it('a slow sink gets the same bytes as an export on the engine’s own thread, never more than a window ahead', async () => {
    const request: ExportRequest = { kind: 'episodes', format: 'jsonl', runId: runs[0].id, runIds: [runs[1].id] }
    let direct = ''
    const directSummary = await real.exportTo(request, { write: async (c) => void (direct += c) })
    let relayed = ''
    const from = threaded.traffic.length
    const summary = await threaded.client.exportTo(request, {
      write: async (c) => {
        await new Promise((r) => setTimeout(r, 1))
        relayed += c
      }
    })
    expect(summary).toEqual(directSummary)
    expect(relayed).toBe(direct)
    const { most, largest, total } = mostUnwritten(threaded.traffic.slice(from))
    expect(total).toBe(direct.length)
    expect(total).toBeGreaterThan(20 * WINDOW) // the window was the limit many times over
    expect(most).toBeLessThanOrEqual(WINDOW + largest)
    // the host sent one export request and acknowledgements; it never read an episode itself
    expect(threaded.traffic.slice(from).filter((t) => 'sent' in t && t.sent.type === 'call')).toEqual([])
  })

  it('a sink that fails stops the export on the engine thread; the sink’s error is what the host sees', async () => {
    const request: ExportRequest = { kind: 'episodes', format: 'jsonl', runId: runs[0].id }
    const from = threaded.sent.length
    let chunks = 0
    const failing = threaded.client.exportTo(request, {
      write: async () => {
        if (++chunks === 2) throw new Error('the output was closed')
      }
    })
    await expect(failing).rejects.toThrow('the output was closed')
    expect(threaded.sent.slice(from).map((m) => m.type)).toContain('exportStopped')
    expect(chunks).toBe(2) // nothing more was handed to the failed sink
    // the engine is free for the next call
    expect(await threaded.client.api.listRuns()).toHaveLength(runs.length)
  })

  it('a refused request rejects with the engine’s error class before any chunk', async () => {
    const write = vi.fn(async () => undefined)
    await expect(
      threaded.client.exportTo({ kind: 'episodes', format: 'csv', runId: 'nope' }, { write })
    ).rejects.toMatchObject({
      name: 'NotFoundError',
      message: 'no run with id nope'
    })
    await expect(threaded.client.exportTo({ kind: 'episodes', format: 'pdf' }, { write })).rejects.toMatchObject({
      name: 'BadRequestError'
    })
    expect(write).not.toHaveBeenCalled()
  })
})
