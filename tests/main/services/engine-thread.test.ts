/**
 * The engine-thread protocol end to end, in one thread: a real engine (inline indexer, the demo workspace) served
 * on one end of a MessageChannel and the host's client on the other, so every call, error and event crosses a real
 * structured-clone port exactly as it does between Electron main and the engine worker.
 */
import { resolve } from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TraceEvent } from '@contract/api'
import { BadRequestError, NotComparableError, NotFoundError } from '@contract/guards'
import type { IndexProgress } from '@contract/model'
import { dispatch, toApiError } from '../../../src-main/services/dispatch'
import { connectEngine, errorFromApi, type EngineThreadClient } from '../../../src-main/services/engine-thread-client'
import type { Engine } from '../../../src-main/services/engine-types'
import { serveEngine } from '../../../src-main/services/serve-engine'
import { tempEngine } from '../../helpers/temp-engine'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let real: Engine
let client: EngineThreadClient
let channel: MessageChannel
let hostClosed = false

beforeAll(() => {
  real = tempEngine().engine
  channel = new MessageChannel()
  serveEngine(real, channel.port1)
  client = connectEngine(channel.port2, async () => {
    hostClosed = true
  })
})
afterAll(() => {
  channel.port1.close()
  channel.port2.close()
})

describe('engine thread protocol', () => {
  it('indexes through the port with progress, and answers API calls with the real engine’s values', async () => {
    const seen: IndexProgress[] = []
    const events: TraceEvent[] = []
    const off = client.onEvent((e) => events.push(e))
    const report = await client.indexPaths([DEMO], { onProgress: (p) => seen.push(p) })
    off()
    expect(report.files.some((f) => f.state === 'indexed')).toBe(true)
    expect(seen.at(-1)?.state).toBe('done')
    expect(events.some((e) => e.name === 'workspaceChanged')).toBe(true)
    const runs = await client.api.listRuns()
    expect(runs).toEqual(await real.api.listRuns())
    const page = await client.api.listEpisodes({ runId: runs[0].id, limit: 5 })
    expect(page.items).toHaveLength(5)
    const episode = await client.api.getEpisode(page.items[0].id)
    expect(episode.turns.length).toBe(episode.turnCount)
  })

  it('rethrows a refused call as the same error class, so the host answers with the same code', async () => {
    await expect(client.api.getEpisode('no-such-episode')).rejects.toBeInstanceOf(NotFoundError)
    await expect(
      client.api.listEpisodes({ runId: (await client.api.listRuns())[0].id, filter: 'reward <' })
    ).rejects.toBeInstanceOf(BadRequestError)
    // Through the host's own dispatch (what IPC and HTTP call): the code survives two hops.
    const r = await dispatch(client.api, 'getEpisode', ['no-such-episode'])
    expect(r).toMatchObject({ ok: false, error: { code: 'not-found' } })
    // A refusal to compare runs of different environments keeps its own class and code across the hop.
    const refusal = errorFromApi(toApiError(new NotComparableError('different environments')))
    expect(refusal).toBeInstanceOf(NotComparableError)
    expect(toApiError(refusal)).toEqual({ code: 'not-comparable', message: 'different environments' })
    // The engine side validates the arguments too (the port is a trust boundary like IPC).
    await expect((client.api.getEpisode as (...a: unknown[]) => Promise<unknown>)(42)).rejects.toBeInstanceOf(
      BadRequestError
    )
  })

  it('a failed thread rejects waiting and later calls with its error', async () => {
    const other = new MessageChannel()
    const lonely = connectEngine(other.port2) // nobody answers on port1
    const waiting = lonely.api.listRuns()
    lonely.fail(new Error('the engine thread stopped (exit code 1)'))
    await expect(waiting).rejects.toThrow('exit code 1')
    await expect(lonely.api.getWorkspace()).rejects.toThrow('exit code 1')
    other.port1.close()
    other.port2.close()
  })

  it('close() closes the engine on its thread, then runs the host’s own close', async () => {
    await client.close()
    expect(hostClosed).toBe(true)
    await expect(real.api.listRuns()).rejects.toThrow() // the database is closed
  })
})

describe('engine thread: every call is answered', () => {
  it('a result the port cannot clone (a value nested past the stack, issue 17) becomes an error, not silence', async () => {
    let deep: unknown = 1
    for (let i = 0; i < 200_000; i++) deep = { a: deep }
    const stub = {
      api: { listRuns: async () => [{ deep }] },
      onEvent: () => () => {}
    } as unknown as Engine
    const ch = new MessageChannel()
    serveEngine(stub, ch.port1)
    const host = connectEngine(ch.port2)
    try {
      await expect(host.api.listRuns()).rejects.toThrow(/^the answer could not be sent to the app: /)
    } finally {
      ch.port1.close()
      ch.port2.close()
    }
  })
})
