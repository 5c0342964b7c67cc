/**
 * Which side answers what: the routed API of a long-lived host (services/routed-api.ts) sends exactly the methods the
 * method list marks `read` to the reader pool and every other to the engine; a reader (services/serve-reader.ts) on a
 * read-only connection answers as the engine does, sees the engine's writes once committed, and refuses a method
 * that is not read-only by name.
 */
import { resolve } from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_METHODS, READ_METHODS, isReadMethod, type TraceApi } from '@contract/api'
import type { Engine } from '../../../src-main/services/engine-types'
import type { FromReader, ToReader } from '../../../src-main/services/reader-protocol'
import { ReaderStoppedError } from '../../../src-main/services/reader-pool'
import { affinityOf, routeApi, routeJson } from '../../../src-main/services/routed-api'
import { openReader, serveReader, type OpenReader } from '../../../src-main/services/serve-reader'
import { tempEngine } from '../../helpers/temp-engine'

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

describe('a reader that stops under its call', () => {
  const engine = Object.fromEntries(
    API_METHODS.map((m) => [m, async (...args: unknown[]) => ['engine', m, args]])
  ) as unknown as TraceApi
  const stopped = async (): Promise<never> => {
    throw new ReaderStoppedError('ERR_WORKER_OUT_OF_MEMORY')
  }

  it('is answered by the engine thread, as a value and as JSON', async () => {
    const api = routeApi(engine, { call: stopped })
    expect(await api.getEpisode('e1')).toEqual(['engine', 'getEpisode', ['e1']])
    const json = routeJson({ callJson: stopped }, engine)('getEpisode', ['e1'])
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

describe('a reader on a read-only connection', () => {
  let engine: Engine
  let reader: OpenReader
  beforeAll(async () => {
    const t = tempEngine()
    engine = t.engine
    await engine.indexPaths([DEMO])
    reader = openReader({
      dbPath: t.dbPath,
      info: { version: 'test', mode: 'browser', platform: process.platform },
      cacheMb: 2,
      hitRowChars: 100_000,
      answerCacheBytes: 1_000_000
    })
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
