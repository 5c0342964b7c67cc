/**
 * Which side answers what: the routed API of a long-lived host (services/routed-api.ts) sends exactly the methods the
 * method list marks `read` to the reader pool and every other to the engine; a reader (services/serve-reader.ts) on a
 * read-only connection answers as the engine does, sees the engine's writes once committed, and refuses a method
 * that is not read-only by name.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { API_METHODS, READ_METHODS, isReadMethod, type TraceApi } from '@contract/api'
import { BOUNDED_THREAD_READ_BYTES, limitWholeReads } from '../../../src-main/formats/readers/big-reads'
import type { Engine } from '../../../src-main/services/engine-types'
import type { FromReader, ToReader } from '../../../src-main/services/reader-protocol'
import { ReaderDeclinedError, ReaderStoppedError } from '../../../src-main/services/reader-pool'
import { affinityOf, routeApi, routeJson } from '../../../src-main/services/routed-api'
import { openReader, serveReader, type OpenReader } from '../../../src-main/services/serve-reader'
import { tempEngine } from '../../helpers/temp-engine'
import { writeLongLine } from '../../generators/hostile-inputs.mjs'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')

describe('routing by the method list', () => {
  it('sends the read-only methods to the pool and the rest to the engine, each call to one side only', async () => {
    const engineCalls: string[] = []
    const poolCalls: [string, unknown[]][] = []
    const engine = Object.fromEntries(
      API_METHODS.map((m) => [m, async (...args: unknown[]) => (engineCalls.push(m), ['engine', args])])
    ) as unknown as TraceApi
    const api = routeApi(engine, {
      call: async (m, args, affinity) => (poolCalls.push([m, args]), ['pool', args, affinity])
    })
    for (const m of API_METHODS) await (api[m] as (...a: unknown[]) => Promise<unknown>)('x', 1)
    expect(poolCalls.map((c) => c[0])).toEqual(READ_METHODS)
    expect(engineCalls).toEqual(API_METHODS.filter((m) => !isReadMethod(m)))
    expect(poolCalls[0][1]).toEqual(['x', 1]) // the arguments as given
    // the calls a page of the app makes run in parallel; writes, jobs and the engine's own state stay single
    for (const m of ['listEpisodes', 'listTaskGroups', 'getEpisodePreview', 'getEpisode', 'search', 'compareRuns'])
      expect(READ_METHODS).toContain(m)
    for (const m of ['addLabel', 'setPassThreshold', 'addPaths', 'getProgress', 'getWorkspace', 'trainingCurve'])
      expect(READ_METHODS).not.toContain(m)
  })
})

describe('a reader that stops under its call, or declines it', () => {
  const engine = Object.fromEntries(
    API_METHODS.map((m) => [m, async (...args: unknown[]) => ['engine', m, args]])
  ) as unknown as TraceApi
  const stopped = async (): Promise<never> => {
    throw new ReaderStoppedError('ERR_WORKER_OUT_OF_MEMORY')
  }
  const declined = async (): Promise<never> => {
    throw new ReaderDeclinedError('a 60.0 MB read is more than this thread takes')
  }

  it.each([
    ['stopped', stopped],
    ['declined', declined]
  ])('is answered by the engine thread, as a value and as JSON (%s)', async (_, reader) => {
    const api = routeApi(engine, { call: reader })
    expect(await api.getEpisode('e1')).toEqual(['engine', 'getEpisode', ['e1']])
    const json = routeJson({ callJson: reader }, engine)('getEpisode', ['e1'])
    expect(json).not.toBeNull()
    const answer = await json!
    expect(answer.code).toBeNull()
    expect(JSON.parse(new TextDecoder().decode(answer.bytes))).toEqual({
      ok: true,
      value: ['engine', 'getEpisode', ['e1']]
    })
  })

  it('but an error of the call itself is not asked twice', async () => {
    let engineAsked = 0
    const counting = { ...engine, getEpisode: async () => (engineAsked++, null) } as unknown as TraceApi
    const failing = async (): Promise<never> => {
      throw new Error('no such episode')
    }
    await expect(routeApi(counting, { call: failing }).getEpisode('e1')).rejects.toThrow('no such episode')
    await expect(routeJson({ callJson: failing }, counting)('getEpisode', ['e1'])).rejects.toThrow('no such episode')
    expect(engineAsked).toBe(0)
    expect(routeJson({ callJson: failing }, counting)('addLabel', [])).toBeNull()
  })
})

describe('affinity', () => {
  it('is the method and its arguments without the page asked', () => {
    const q = { runId: 'r', filter: 'not passed', sort: 'reward' }
    expect(affinityOf('listEpisodes', [{ ...q, offset: 0, limit: 200 }])).toBe(
      affinityOf('listEpisodes', [{ ...q, offset: 4000, limit: 100 }])
    )
    expect(affinityOf('search', ['a b', { offset: 50 }])).toBe(affinityOf('search', ['a b', { offset: 0 }]))
    expect(affinityOf('listEpisodes', [{ ...q, offset: 0 }])).not.toBe(
      affinityOf('listEpisodes', [{ ...q, desc: true }])
    )
    expect(affinityOf('listEpisodes', [q])).not.toBe(affinityOf('listTaskGroups', [q]))
    expect(affinityOf('getEpisode', ['e1'])).not.toBe(affinityOf('getEpisode', ['e2']))
  })
})

/** A reader over the test engine's database, with small caches. */
const testReader = (dbPath: string): OpenReader =>
  openReader({
    dbPath,
    info: { version: 'test', mode: 'browser', platform: process.platform },
    cacheMb: 2,
    hitRowChars: 100_000,
    answerCacheBytes: 1_000_000
  })

describe('a reader on a read-only connection', () => {
  let engine: Engine
  let reader: OpenReader
  beforeAll(async () => {
    const t = tempEngine()
    engine = t.engine
    await engine.indexPaths([DEMO])
    reader = testReader(t.dbPath)
  })
  afterAll(async () => {
    reader.close()
    await engine.close()
  })

  it('answers as the engine does', async () => {
    const runs = await reader.api.listRuns()
    expect(runs).toEqual(await engine.api.listRuns())
    const q = { runId: runs[0].id, sort: 'reward' as const, desc: true, filter: 'turns > 1', limit: 7 }
    expect(await reader.api.listEpisodes(q)).toEqual(await engine.api.listEpisodes(q))
    expect(await reader.api.listTaskGroups({ runId: runs[0].id })).toEqual(
      await engine.api.listTaskGroups({ runId: runs[0].id })
    )
    const id = (await engine.api.listEpisodes({ runId: runs[0].id, limit: 1 })).items[0].id
    expect(await reader.api.getEpisodePreview(id)).toEqual(await engine.api.getEpisodePreview(id))
    expect(await reader.api.search('the', { limit: 5 })).toEqual(await engine.api.search('the', { limit: 5 }))
  })

  it('sees what the engine wrote once it is committed (labels, thresholds)', async () => {
    const runs = await engine.api.listRuns()
    const id = (await engine.api.listEpisodes({ runId: runs[0].id, limit: 1 })).items[0].id
    await engine.api.setTaxonomy([{ name: 'loop', color: '#aa0000', key: 1 }])
    await engine.api.addLabel(id, 'loop', null)
    expect((await reader.api.getEpisodeLabels(id)).labels).toEqual(['loop'])
    expect(await reader.api.labelsOfEpisodes([id])).toEqual({ [id]: ['loop'] })
    const filtered = await reader.api.listEpisodes({ runId: runs[0].id, filter: 'label == "loop"' })
    expect(filtered.items.map((e) => e.id)).toEqual([id])
    await engine.api.setPassThreshold(runs[0].id, 0.99)
    expect((await reader.api.getRun(runs[0].id)).passThreshold).toBe(0.99)
  })

  it('refuses a method that is not read-only, by name, over its port', async () => {
    const channel = new MessageChannel()
    serveReader(reader.api, channel.port1)
    const answers: FromReader[] = []
    channel.port2.on('message', (m: FromReader) => answers.push(m))
    const send = (m: ToReader) => channel.port2.postMessage(m)
    send({ type: 'call', id: 1, method: 'addLabel', args: ['e', 'loop', null] })
    send({ type: 'call', id: 2, method: 'getEpisode', args: [42] })
    send({ type: 'call', id: 3, method: 'listRuns', args: [] })
    send({ type: 'call', id: 4, method: 'listRuns', args: [], json: true })
    await new Promise((r) => setTimeout(r, 50))
    channel.port1.close()
    channel.port2.close()
    expect(answers[0]).toEqual({ type: 'ready' })
    expect(answers.find((m) => m.type === 'result' && m.id === 1)).toMatchObject({
      result: { ok: false, error: { code: 'bad-request', message: 'unknown read-only method: addLabel' } }
    })
    expect(answers.find((m) => m.type === 'result' && m.id === 2)).toMatchObject({
      result: { ok: false, error: { code: 'bad-request' } }
    })
    expect(answers.find((m) => m.type === 'result' && m.id === 3)).toMatchObject({ result: { ok: true } })
    // asked as JSON: the same Result, serialized and UTF-8 encoded on the reader, its buffer moved, not copied
    const json = answers.find((m) => m.type === 'json' && m.id === 4) as Extract<FromReader, { type: 'json' }>
    expect(json).toMatchObject({ code: null })
    expect(JSON.parse(new TextDecoder().decode(json.bytes))).toEqual({ ok: true, value: await reader.api.listRuns() })
  })
})

describe('a reader whose heap is bounded', () => {
  let engine: Engine
  let reader: OpenReader
  let dir: string
  beforeAll(async () => {
    const t = tempEngine()
    engine = t.engine
    dir = mkdtempSync(join(tmpdir(), 'rs-bounded-reader-'))
    // a 17 MB record (one long answer of "lorem ipsum"), then an ordinary one
    writeLongLine(join(dir, 'long.jsonl'), { mb: 17 })
    await engine.indexPaths([dir])
    reader = testReader(t.dbPath)
  })
  afterAll(async () => {
    limitWholeReads(Infinity)
    reader.close()
    await engine.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('declines a call that reads a record over its limit before reading it, and answers the others', async () => {
    const [run] = await engine.api.listRuns()
    const { items } = await engine.api.listEpisodes({ runId: run.id })
    // file order: the long record first
    const [long, short] = [...items].sort((a, b) => a.ordinal - b.ordinal)
    const channel = new MessageChannel()
    serveReader(reader.api, channel.port1)
    const answers: FromReader[] = []
    channel.port2.on('message', (m: FromReader) => answers.push(m))
    const send = (m: ToReader) => channel.port2.postMessage(m)
    // as a reader thread does at its start (the engine shares this test's thread: the limit is lifted after)
    limitWholeReads(BOUNDED_THREAD_READ_BYTES)
    send({ type: 'call', id: 1, method: 'getEpisodePreview', args: [long.id] })
    send({ type: 'call', id: 2, method: 'getEpisodePreview', args: [short.id], json: true })
    // a search whose hits are in the long record reads it back for their snippets
    send({ type: 'call', id: 3, method: 'search', args: ['lorem', { limit: 5 }] })
    send({ type: 'call', id: 4, method: 'listRuns', args: [] })
    await vi.waitFor(() => expect(answers.filter((m) => m.type !== 'ready')).toHaveLength(4), { timeout: 10_000 })
    limitWholeReads(Infinity)
    channel.port1.close()
    channel.port2.close()
    const said = 'a 17.0 MB read is more than this thread’s bounded heap takes'
    expect(answers.find((m) => 'id' in m && m.id === 1)).toEqual({ type: 'declined', id: 1, message: said })
    expect(answers.find((m) => 'id' in m && m.id === 2)).toMatchObject({ type: 'json', code: null })
    expect(answers.find((m) => 'id' in m && m.id === 3)).toEqual({ type: 'declined', id: 3, message: said })
    expect(answers.find((m) => 'id' in m && m.id === 4)).toMatchObject({ type: 'result', result: { ok: true } })
    // the engine thread, unbounded, answers what the reader declined
    const preview = await engine.api.getEpisodePreview(long.id)
    expect(preview.turns.map((t) => t.role)).toEqual(['user', 'assistant'])
    expect(preview.turns[1].elided?.text?.chars).toBe(17_000_000)
    expect((await engine.api.search('lorem', { limit: 5 })).hits.length).toBeGreaterThan(0)
  })
})
