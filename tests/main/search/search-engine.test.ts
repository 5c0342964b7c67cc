/** Full-text search through a real engine on real fixtures: known strings in known turns, filters, live tail, re-index. */
import { appendFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BadRequestError } from '@contract/guards'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { chatRecord } from '../../helpers/chat-record'

const MATH = fixture('verifiers/willccbb-verifiers/math-python--gpt-4.1-mini')
const MATH_NANO = fixture('verifiers/willccbb-verifiers/math-python--gpt-5-nano')
const resultsOf = (dir: string): string => join(dir, readdirSync(dir)[0], 'results.jsonl')

interface Message {
  role: string
  content: unknown
  tool_calls?: unknown[]
}
/** The fixture's records as the file has them: prompt then completion messages, one turn each. */
const records = (dir: string): { messages: Message[] }[] =>
  readFileSync(resultsOf(dir), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const r = JSON.parse(l) as { prompt: Message[]; completion: Message[] }
      return { messages: [...r.prompt, ...r.completion] }
    })

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

async function indexed(...paths: string[]): Promise<Engine> {
  const t = tempEngine()
  engine = t.engine
  await t.engine.indexPaths(paths)
  return t.engine
}

const episodeIdAt = async (e: Engine, runId: string, ordinal: number): Promise<string> =>
  (await e.api.listEpisodes({ runId, sort: 'ordinal', offset: ordinal, limit: 1 })).items[0].id

describe('search on real fixtures', () => {
  it('finds a line of a tool result in its turn, with a plain-text snippet marking the match', async () => {
    const e = await indexed(MATH)
    const [run] = await e.api.listRuns()
    // the first tool result of record 2 that has a line of its own, and where the file puts it
    const recs = records(MATH)
    const turn = recs[2].messages.findIndex(
      (m) => m.role === 'tool' && typeof m.content === 'string' && m.content.trim()
    )
    const line = (recs[2].messages[turn].content as string)
      .split('\n')
      .find((l) => /[a-z]{4}/i.test(l))!
      .trim()
    const words = line.match(/[A-Za-z]{4,}/g)!.slice(0, 3)
    const page = await e.api.search(`"${words.join(' ')}"`, { limit: 1000 })
    const episodeId = await episodeIdAt(e, run.id, 2)
    const hit = page.hits.find((h) => h.episodeId === episodeId && h.turn === turn)
    expect(hit, `"${words.join(' ')}" in turn ${turn} of episode 2`).toBeDefined()
    expect(hit!.role).toBe('tool')
    expect(hit!.runName).toBe(run.name)
    expect(hit!.snippet.matches.length).toBeGreaterThan(0)
    // a phrase is marked as one span: its words, in order
    const marked = hit!.snippet.matches.map(([s, end]) =>
      hit!.snippet.text
        .slice(s, end)
        .toLowerCase()
        .match(/[a-z]+/g)!
        .join(' ')
    )
    expect(marked).toContain(words.join(' ').toLowerCase())
    expect(hit!.snippet.text).not.toMatch(/[\u0002\u0003<]mark/)
    expect(page.pendingSources).toBe(0)
  })

  it('finds a tool call argument in the assistant turn that made the call, and filters by tool and role', async () => {
    const e = await indexed(MATH)
    const [run] = await e.api.listRuns()
    const recs = records(MATH)
    const turn = recs[0].messages.findIndex((m) => m.role === 'assistant' && m.tool_calls?.length)
    const call = recs[0].messages[turn].tool_calls![0]
    const parsed = (typeof call === 'string' ? JSON.parse(call) : call) as {
      function: { name: string; arguments: string }
    }
    const code = (JSON.parse(parsed.function.arguments) as { code: string }).code
    const word = code.match(/[A-Za-z]{6,}/)![0] // e.g. "symbols"
    const episodeId = await episodeIdAt(e, run.id, 0)

    const all = await e.api.search(word, { limit: 1000 })
    const hit = all.hits.find((h) => h.episodeId === episodeId && h.turn === turn)
    expect(hit).toMatchObject({ role: 'assistant', toolName: parsed.function.name })
    const byTool = await e.api.search(word, { tool: parsed.function.name, limit: 1000 })
    expect(byTool.hits.length).toBeGreaterThan(0)
    expect(byTool.hits.every((h) => h.toolName === parsed.function.name)).toBe(true)
    expect((await e.api.search(word, { tool: 'no-such-tool' })).hits).toEqual([])
    const users = await e.api.search('the', { role: 'user', limit: 1000 })
    expect(users.hits.length).toBeGreaterThan(0)
    expect(users.hits.every((h) => h.role === 'user')).toBe(true)
  })

  it('filters by run, pages, and counts', async () => {
    const e = await indexed(MATH, MATH_NANO)
    const runs = await e.api.listRuns()
    expect(runs).toHaveLength(2)
    const both = await e.api.search('boxed', { limit: 1000 })
    expect(new Set(both.hits.map((h) => h.runId)).size).toBe(2)
    expect(both.total).toBe(both.hits.length)
    const one = await e.api.search('boxed', { runIds: [runs[0].id], limit: 1000 })
    expect(one.hits.length).toBeGreaterThan(0)
    expect(one.hits.every((h) => h.runId === runs[0].id)).toBe(true)
    expect(one.hits.length).toBeLessThan(both.hits.length)
    // each run's hits are the run's share of all hits, whichever part of the index its rows are in (the filter seeks
    // to the run's range of rows)
    const all = await e.api.search('boxed', { limit: 1000, order: 'index' })
    for (const run of runs) {
      const mine = await e.api.search('boxed', { runIds: [run.id], limit: 1000, order: 'index' })
      expect(mine.hits).toEqual(all.hits.filter((h) => h.runId === run.id))
      expect(mine.total).toBe(mine.hits.length)
    }
    const page2 = await e.api.search('boxed', { limit: 5, offset: 5 })
    expect(page2.hits).toEqual(both.hits.slice(5, 10))
    expect(page2.total).toBe(both.total)
  })

  it('phrases keep word order, prefixes match word starts, raw input is never an FTS5 syntax error', async () => {
    const e = await indexed(MATH)
    const recs = records(MATH)
    const system = recs[0].messages[0].content as string // "Use python for all calculations. …"
    const [w1, w2] = system.match(/[a-z]{3,}/gi)!.slice(3, 5) // "all calculations"
    const phrase = await e.api.search(`"${w1} ${w2}"`, { limit: 1000 })
    expect(phrase.hits.filter((h) => h.turn === 0 && h.role === 'system')).toHaveLength(recs.length)
    expect((await e.api.search(`"${w2} ${w1}"`)).hits).toEqual([])
    expect((await e.api.search(`${w2} ${w1}`, { limit: 1000 })).hits.length).toBeGreaterThanOrEqual(phrase.hits.length)
    const prefix = await e.api.search(`${w1.slice(0, 4)}*`, { limit: 1000 })
    const full = await e.api.search(w1, { limit: 1000 })
    expect(prefix.hits.length).toBeGreaterThanOrEqual(full.hits.length)
    expect(prefix.query).toBe(`"${w1.slice(0, 4)}" *`)
    for (const raw of [
      'and',
      'python NOT',
      'python)',
      '(python',
      'col:python',
      '"unclosed python',
      'a"b',
      'x^y',
      'NEAR(a b)',
      'OR python -'
    ]) {
      await expect(e.api.search(raw), raw).resolves.toBeDefined()
    }
    for (const bad of ['***', '--', '"" ""', '  ', '* ( )', 'AND', 'NOT python', '-python'])
      await expect(e.api.search(bad), bad).rejects.toThrow(BadRequestError)
  })

  it('stays right when a file grows (live tail), is re-indexed, rewritten or removed', async () => {
    const t = tempEngine()
    engine = t.engine
    const e = t.engine
    const file = join(t.dir, 'chat.jsonl')
    const row = (id: string, answer: string): string => chatRecord(id, answer) + '\n'
    writeFileSync(file, row('a', 'the zebrafish answer') + row('b', 'another zebrafish'))
    await e.indexPaths([file])
    expect((await e.api.search('zebrafish')).hits).toHaveLength(2)

    appendFileSync(file, row('c', 'a quokka appears') + row('d', 'zebrafish again'))
    const grown = await e.indexPaths([file])
    expect(grown.search?.episodes).toBe(2) // only the appended records were read
    expect((await e.api.search('zebrafish', { order: 'index' })).hits.map((h) => h.taskKey)).toEqual(['a', 'b', 'd'])
    expect((await e.api.search('quokka')).hits.map((h) => [h.taskKey, h.turn, h.role])).toEqual([['c', 1, 'assistant']])

    await e.indexPaths([file], { force: true })
    expect((await e.api.search('zebrafish')).hits).toHaveLength(3)

    writeFileSync(file, row('e', 'only a narwhal now'))
    await e.indexPaths([file])
    expect((await e.api.search('zebrafish')).hits).toEqual([])
    expect((await e.api.search('narwhal')).hits.map((h) => h.taskKey)).toEqual(['e'])

    await e.api.removeRoot(file)
    expect((await e.api.search('narwhal')).hits).toEqual([])
  })
})
