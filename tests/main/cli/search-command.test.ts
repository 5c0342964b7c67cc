/** `rollscope search` in-process with the real engine (inline indexer) over real verifiers fixtures. */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary, SearchPage } from '@contract/model'
import { fixture } from '../../helpers/fixtures-path'
import { captureCli } from '../../helpers/capture-cli'
import { formatSearch } from '../../../src-main/cli/commands/search-command'

const WORDLE = fixture('verifiers/willccbb-verifiers/wordle--gpt-4.1-mini')
const MATH = fixture('verifiers/willccbb-verifiers/math-python--gpt-4.1-mini')
let db: string

const cli = captureCli(() => db)

let runs: RunSummary[]
beforeAll(async () => {
  db = join(mkdtempSync(join(tmpdir(), 'rollscope-search-cli-')), 'r.db')
  expect((await cli('index', WORDLE, MATH)).code).toBe(0)
  runs = JSON.parse((await cli('runs', '--json')).stdout)
})

/** Record 0 of the Wordle file: its first assistant message (the model's first guess) and where it is. */
function firstWordleGuess(): { turn: number; word: string } {
  const file = join(
    WORDLE,
    readdirSync(WORDLE).find((d) => !d.includes('.'))!,
    'results.jsonl'
  )
  const r = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]) as {
    prompt: { role: string }[]
    completion: { role: string; content: string }[]
  }
  const at = r.completion.findIndex((m) => m.role === 'assistant')
  const word =
    r.completion[at].content.match(/<guess>\s*\[?([A-Za-z]{5})/)?.[1] ??
    r.completion[at].content.match(/[A-Za-z]{6,}/)![0]
  return { turn: r.prompt.length + at, word }
}

describe('rollscope search', () => {
  it('--json hits carry the episode id and the turn index, found where the file has the text', async () => {
    const { turn, word } = firstWordleGuess()
    const wordle = runs.find((r) => r.source.includes('wordle'))!
    const r = await cli('search', word, '--run', wordle.name, '--limit', '1000', '--json')
    expect(r.code).toBe(0)
    const page = JSON.parse(r.stdout) as SearchPage
    expect(page.hits.length).toBeGreaterThan(0)
    expect(page.hits.every((h) => h.runId === wordle.id)).toBe(true)
    const first = JSON.parse((await cli('episodes', wordle.id, '--limit', '1', '--json')).stdout)[0]
    expect(page.hits.some((h) => h.episodeId === first.id && h.turn === turn && h.role === 'assistant')).toBe(true)
    // the same episode id opens with `show`, and that turn holds the word
    const shown = JSON.parse((await cli('show', first.id, '--json')).stdout)
    expect(shown.turns[turn].text.toLowerCase()).toContain(word.toLowerCase())
  })

  it('prints hits with run, episode, turn and the match marked, a paging footer; filters by role', async () => {
    const r = await cli('search', '"all calculations"', '--limit', '2')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/math-python.*turn 0 \(system\)\n {4}.*»all calculations«/)
    const all = JSON.parse(
      (await cli('search', '"all calculations"', '--limit', '1000', '--json')).stdout
    ) as SearchPage
    expect(r.stdout).toContain(`Showing 1–2 of ${all.total} hits`)
    // every one of the 15 math-python records opens with that system prompt
    const system = JSON.parse(
      (await cli('search', '"all calculations"', '--role', 'system', '--limit', '1000', '--json')).stdout
    ) as SearchPage
    expect(system.hits).toHaveLength(15)
    expect(system.hits.every((h) => h.turn === 0 && h.role === 'system')).toBe(true)
  })

  it('--order index lists hits in episode and turn order, relevance (the default) the same hits best first; OR and -word', async () => {
    const math = runs.find((r) => r.source.includes('math-python'))!
    const ask = async (...args: string[]): Promise<SearchPage> =>
      JSON.parse((await cli('search', ...args, '--run', math.id, '--limit', '1000', '--json')).stdout) as SearchPage
    const ranked = await ask('python')
    const indexed = await ask('python', '--order', 'index')
    expect([ranked.order, indexed.order]).toEqual(['relevance', 'index'])
    const place = (p: SearchPage) => p.hits.map((h) => `${h.episodeId}/${h.turn}/${h.toolName}/${h.snippet.text}`)
    expect([...place(ranked)].sort()).toEqual([...place(indexed)].sort())
    expect(place(ranked)).not.toEqual(place(indexed))
    // index order: episodes in file order, turns ascending inside each
    const episodeOrder = [...new Set(indexed.hits.map((h) => h.episodeId))]
    const ids = JSON.parse(
      (await cli('episodes', math.id, '--sort', 'ordinal', '--limit', '1000', '--json')).stdout
    ).map((e: { id: string }) => e.id) as string[]
    expect(episodeOrder).toEqual(ids.filter((id) => episodeOrder.includes(id)))
    const either = await ask('calculations OR boxed')
    const boxedOnly = await ask('boxed -calculations')
    const calc = await ask('calculations')
    expect(either.total).toBe(calc.total + boxedOnly.total)
  })

  it('says when relevance ranked only the first hits of a query that matches more', () => {
    const hit = {
      runId: 'r',
      runName: 'R',
      episodeId: 'r:0',
      taskKey: 't',
      rollout: 0,
      step: null,
      turn: 1,
      role: 'assistant' as const,
      toolName: null,
      snippet: { text: 'a test', matches: [[2, 6]] as [number, number][] }
    }
    const page: SearchPage = {
      query: '"test"',
      order: 'relevance',
      hits: [hit],
      offset: 0,
      unreadable: 0,
      total: 10_000,
      totalCapped: true,
      rankWindow: 10_000,
      pendingSources: 0
    }
    expect(formatSearch(page)).toContain('Ranked the first 10,000 hits in index order only')
    expect(formatSearch({ ...page, rankWindow: null })).not.toContain('Ranked the first')
  })

  it('bad usage exits 2: no query, words-free query, unknown role', async () => {
    expect((await cli('search')).code).toBe(2)
    const stars = await cli('search', '***')
    expect(stars.code).toBe(2)
    expect(stars.stderr).toMatch(/no words to look for/)
    expect((await cli('search', 'x', '--role', 'robot')).code).toBe(2)
    expect((await cli('search', 'x', '--order', 'rank')).code).toBe(2)
    const excludes = await cli('search', 'NOT python')
    expect(excludes.code, excludes.stderr).toBe(2)
    expect(excludes.stderr).toMatch(/only excludes/)
    expect((await cli('search', 'python', '--run', 'no-such-run')).code).not.toBe(0)
  })

  it('says how it read a query with operators, and what it searched in when nothing matched', async () => {
    const plain = await cli('search', 'calculations', '--limit', '1')
    expect(plain.stdout).not.toContain('Searched for')
    // a pasted command: -m reads as "without m", and the page says so above its hits
    const pasted = await cli('search', 'python -m calculations', '--limit', '1')
    expect(pasted.stdout.split('\n')[0]).toBe('Searched for ("python" AND "calculations") NOT "m".')
    for (const q of ['"all calculations"', 'calc*', 'python OR boxed'])
      expect((await cli('search', q, '--limit', '1')).stdout).toMatch(/^Searched for /)
    // a tool's name is matched exactly: the page names the filters it found nothing in
    const math = runs.find((r) => r.source.includes('math-python'))!
    const none = await cli('search', 'python', '--run', math.name, '--role', 'tool', '--tool', 'Python')
    expect(none.code).toBe(0)
    expect(none.stdout).toBe(
      `No hits for "python" in run ${math.name}, role tool, tool 'Python' (its exact name, case included).\n`
    )
  })

  it('says a problem in the words of the command, not of the API', async () => {
    const long = await cli('search', 'a'.repeat(1001))
    expect(long.code).toBe(2)
    expect(long.stderr).toMatch(/^rollscope: the search query is 1,001 characters/)
    const negative = await cli('search', 'x', '--limit', '-5')
    expect(negative.code).toBe(2)
    expect(negative.stderr).toContain("--limit needs a value, and one that starts with '-' is not one it takes")
    const zero = await cli('episodes', runs[0].id, '--limit', '0')
    expect(zero.stderr).toContain("--limit must be an integer of 1 or more, got '0'")
  })
})
