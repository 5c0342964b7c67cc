/**
 * The episode table's free-text search and the export of what it shows ignore case as the app lower-cases text,
 * beyond ASCII: SQLite's lower() alone left "École" unfound when typed "École" (it lower-cases the needle only).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportEpisodes } from '../../../src-main/export/export-episodes'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const row = (id: string, prompt: string): string =>
  JSON.stringify({
    id,
    reward: 1,
    messages: [
      { role: 'user', content: prompt },
      { role: 'assistant', content: 'done' }
    ]
  })

let engine: Engine
let runId: string
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-text-case-'))
  writeFileSync(
    join(dir, 'results.jsonl'),
    [row('a', 'Écris à l’École'), row('b', 'ÉCOLE NORMALE'), row('c', 'ecole sans accent'), row('d', 'Straße')].join(
      '\n'
    ) + '\n'
  )
  engine = tempEngine().engine
  await engine.indexPaths([dir])
  runId = (await engine.api.listRuns())[0].id
})
afterAll(async () => engine.close())

const found = async (text: string): Promise<number> => (await engine.api.listEpisodes({ runId, text })).total

describe('free-text search of the episode table', () => {
  it('finds a non-ASCII word in any case', async () => {
    expect(await found('École')).toBe(2)
    expect(await found('école')).toBe(2)
    expect(await found('ÉCOLE')).toBe(2)
    expect(await found('cole')).toBe(3)
    expect(await found('STRASSE')).toBe(0) // folding, not transliteration: ß stays ß
    expect(await found('straße')).toBe(1)
  })

  it('exports exactly the rows the table shows for the same text', async () => {
    let lines = 0
    const result = await exportEpisodes(engine.api, { format: 'jsonl', runIds: [runId], text: 'ÉCOLE' }, async (c) => {
      lines += c.split('\n').filter(Boolean).length
    })
    expect(result.episodes).toBe(2)
    expect(lines).toBe(2)
  })
})
