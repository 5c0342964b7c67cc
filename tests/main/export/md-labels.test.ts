/**
 * The Markdown export carries what the triage put on the episodes, as the HTML one does: each row's labels, then a
 * section with each noted or labelled episode's note and its labelled turns (an excerpt of each, its note); rewards
 * with three decimals in every row (1.000 beside 0.600).
 */
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { captureCli } from '../../helpers/capture-cli'
import { parseCsv } from '../../helpers/parse-csv'

const BASE = resolve(import.meta.dirname, '../../../resources/demo/repo-repair')
let dir: string
let episodes: EpisodeSummary[]
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-md-labels-'))
  cpSync(join(BASE, 'base--qwen3-8b.jsonl'), join(dir, 'base--qwen3-8b.jsonl'))
  cpSync(join(BASE, 'base--qwen3-8b.meta.json'), join(dir, 'base--qwen3-8b.meta.json'))
  expect((await cli('index', dir)).code).toBe(0)
  const [run] = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
  episodes = JSON.parse((await cli('episodes', run.id, '--json')).stdout) as EpisodeSummary[]
  const [a, b] = episodes
  expect((await cli('label', a.id, 'loop')).code).toBe(0)
  expect((await cli('label', a.id, '--note', 'retries the same patch | five times')).code).toBe(0)
  expect((await cli('label', b.id, 'wrong tool', '--turn', '2')).code).toBe(0)
  expect((await cli('label', b.id, '--turn', '2', '--note', 'should have read the file first')).code).toBe(0)
})

describe('the Markdown export', () => {
  it('has each row’s labels, then every note and labelled turn, in the table’s order', async () => {
    const r = await cli('export', '--format', 'md')
    expect(r.code).toBe(0)
    const md = r.stdout
    const [a, b] = episodes
    const rowOf = (id: string): string => md.split('\n').find((l) => l.includes(`\`${id}\``) && l.startsWith('|'))!
    expect(rowOf(a.id)).toContain('| loop |')
    expect(rowOf(b.id)).toContain('| – |') // its label is on a turn: under the table
    const section = md.slice(md.indexOf('## Notes and labelled turns'))
    expect(section).toContain(`### \`${a.id}\``)
    expect(section).toContain('**Note:** retries the same patch \\| five times')
    expect(section).toContain(`### \`${b.id}\``)
    expect(section).toMatch(/- turn 2 · \w+ — wrong tool\n {2}> \S/)
    expect(section).toContain('  Note: should have read the file first')
    expect(section.indexOf(a.id)).toBeLessThan(section.indexOf(b.id))
    // rewards as every table writes them
    for (const e of episodes.slice(0, 10))
      if (e.reward !== null) expect(rowOf(e.id)).toContain(`| ${e.reward.toFixed(3)} |`)
  })

  it('the CSV has each episode’s labels and, apart, the labels on its turns', async () => {
    const r = await cli('export', '--format', 'csv')
    expect(r.code).toBe(0)
    const [head, ...rows] = parseCsv(r.stdout)
    const col = (name: string): number => head.indexOf(name)
    const [a, b] = episodes
    const rowOf = (id: string): string[] => rows.find((x) => x[col('id')] === id)!
    expect(rowOf(a.id)[col('labels')]).toBe('loop')
    expect(rowOf(a.id)[col('turnLabels')]).toBe('')
    expect(rowOf(b.id)[col('labels')]).toBe('')
    expect(rowOf(b.id)[col('turnLabels')]).toBe('wrong tool')
  })
})
