/** Whole-file JSON documents and runs made of several files, through a toy document adapter. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DocumentAdapter } from '../../../src-main/formats/types'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

type Toy = { toy: { task: string; reward: number; said: string }[] }

// One episode per entry of `toy`; every .toy.json file of a folder belongs to one run (the folder).
const toyAdapter: DocumentAdapter = {
  format: 'chat-jsonl',
  priority: -1,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: (doc) => typeof doc === 'object' && doc !== null && Array.isArray((doc as Toy).toy),
  index: (doc, path) => [
    {
      runKey: dirname(path),
      header: {
        name: 'toy run',
        model: 'toy-model',
        env: 'toy',
        createdAt: null,
        checkpointStep: null,
        header: {},
        passThreshold: null
      },
      episodes: (doc as Toy).toy.map((e, i) => ({
        locator: String(i),
        summary: {
          sourceId: e.task,
          promptHash: `h-${e.task}`,
          answer: null,
          reward: e.reward,
          success: null,
          status: 'ok',
          error: null,
          turns: 1,
          preview: e.task,
          metrics: {},
          info: {},
          tokensIn: null,
          tokensOut: null,
          durationMs: null,
          actions: { kind: 'messages', messages: [{ role: 'assistant', content: e.said }] }
        }
      }))
    }
  ],
  parseEpisode: (doc, locator) => {
    const e = (doc as Toy).toy[Number(locator)]
    return {
      turns: [
        {
          index: 0,
          role: 'assistant',
          text: e.said,
          reasoning: null,
          toolCalls: [],
          toolCallId: null,
          toolName: null,
          isPrompt: false,
          isObservation: false,
          reward: null,
          done: null,
          tokens: null
        }
      ],
      tools: [],
      infoFull: {},
      raw: e
    }
  }
}

// Toy formats as if registered beside the real ones (which the registry finds by their own modules): a negative
// priority is tried after every real adapter, a positive one before them.
const toys: DocumentAdapter[] = [toyAdapter]
vi.mock('../../../src-main/formats/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src-main/formats/registry')>()
  const toy = (doc: unknown, path: string, first: boolean) =>
    toys.find((a) => a.priority > 0 === first && a.matches(doc, path))
  return {
    ...real,
    pickDocumentAdapter: (doc: unknown, path: string) =>
      toy(doc, path, true) ?? real.pickDocumentAdapter(doc, path) ?? toy(doc, path, false),
    documentAdapterFor: (format: string) => toys.find((a) => a.format === format) ?? real.documentAdapterFor(format)
  }
})

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('document formats and multi-file runs', () => {
  it('indexes pretty-printed and single-line documents, one run per folder, and re-indexes one file alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-doc-'))
    mkdirSync(join(dir, 'run'))
    const a = join(dir, 'run', 'a.toy.json')
    const b = join(dir, 'run', 'b.toy.json')
    writeFileSync(
      a,
      JSON.stringify(
        {
          toy: [
            { task: 't1', reward: 1, said: 'hello' },
            { task: 't2', reward: 0, said: 'bye' }
          ]
        },
        null,
        2
      )
    )
    writeFileSync(b, JSON.stringify({ toy: [{ task: 't1', reward: 0.5, said: 'again' }] }))
    engine = tempEngine().engine
    const report = await engine.indexPaths([dir])
    expect(report.files.map((f) => [f.path.slice(dir.length + 1), f.state, f.episodes])).toEqual([
      ['run/a.toy.json', 'indexed', 2],
      ['run/b.toy.json', 'indexed', 1]
    ])
    const runs = await engine.api.listRuns()
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ name: 'toy run', episodes: 3, tasks: 2, source: join(dir, 'run') })
    const page = await engine.api.listEpisodes({ runId: runs[0].id, sort: 'taskKey' })
    expect(page.items.map((e) => [e.taskKey, e.rollout, e.reward])).toEqual([
      ['t1', 0, 1],
      ['t1', 1, 0.5],
      ['t2', 0, 0]
    ])
    const opened = await engine.api.getEpisode(page.items[1].id)
    expect(opened.turns[0].text).toBe('again')
    expect(JSON.parse(opened.raw)).toEqual({ task: 't1', reward: 0.5, said: 'again' })

    // Changing b replaces only b's episodes; ids of a's episodes stay.
    const idsOfA = page.items
      .filter((e) => e.reward !== 0.5)
      .map((e) => e.id)
      .sort()
    writeFileSync(b, JSON.stringify({ toy: [{ task: 't3', reward: 1, said: 'new' }] }))
    await engine.indexPaths([dir])
    const after = await engine.api.listEpisodes({ runId: runs[0].id, sort: 'taskKey' })
    expect(after.items.map((e) => e.taskKey)).toEqual(['t1', 't2', 't3'])
    expect(
      after.items
        .filter((e) => e.taskKey !== 't3')
        .map((e) => e.id)
        .sort()
    ).toEqual(idsOfA)

    // A changed file is stale until re-indexed; a deleted one takes only its episodes away.
    writeFileSync(a, JSON.stringify({ toy: [] }) + '   ')
    await expect(engine.api.getEpisode(idsOfA[0])).rejects.toThrow(/changed since it was indexed/)
    rmSync(a)
    await engine.indexPaths([dir])
    const left = await engine.api.listRuns()
    expect(left[0]).toMatchObject({ episodes: 1, tasks: 1 })
    rmSync(b)
    await engine.indexPaths([dir])
    expect(await engine.api.listRuns()).toEqual([])
  })

  it('a document the adapter recognizes but that holds no run of its own is a sidecar', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-doc-'))
    writeFileSync(join(dir, 'report.toy.json'), JSON.stringify({ toy: [], report: true }))
    const adapter: DocumentAdapter = {
      ...toyAdapter,
      priority: 1,
      matches: (d) => (d as { report?: boolean }).report === true,
      index: () => []
    }
    toys.unshift(adapter)
    try {
      engine = tempEngine().engine
      const report = await engine.indexPaths([dir])
      expect(report.files[0]).toMatchObject({ state: 'sidecar', error: null, episodes: 0 })
    } finally {
      toys.splice(toys.indexOf(adapter), 1)
    }
  })

  it('reports a JSON array nobody reads as unknown, not as garbage episodes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-doc-'))
    writeFileSync(join(dir, 'x.json'), JSON.stringify([{ a: 1 }, { b: 2 }]))
    engine = tempEngine().engine
    const report = await engine.indexPaths([dir])
    expect(report.files[0]).toMatchObject({ state: 'unknown-format', error: 'a JSON array of an unrecognized shape' })
  })
})
