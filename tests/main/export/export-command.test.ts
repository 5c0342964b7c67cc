/** `rollscope export` in-process over the real engine (inline indexer) and the bundled demo workspace's two eval runs (tool calls). */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { captureCli } from '../../helpers/capture-cli'
import { parseCsv } from '../../helpers/parse-csv'

// the demo's two eval runs (its training run is another folder, not part of these two-run exports)
const DEMO = resolve(__dirname, '../../../resources/demo/repo-repair')
let db: string
let dir: string
let runs: RunSummary[]

const cli = captureCli(
  () => db,
  () => dir
)

const lines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rollscope-export-'))
  db = join(dir, 'r.db')
  expect((await cli('index', DEMO, '--json')).code).toBe(0)
  runs = JSON.parse((await cli('runs', '--json')).stdout) as RunSummary[]
  expect(runs.length).toBe(2)
}, 60_000)

describe('rollscope export', () => {
  it('--episode: exactly the named episodes of any run, in the order named; an unknown id fails with its name', async () => {
    const a = JSON.parse((await cli('episodes', runs[0].id, '--json')).stdout) as EpisodeSummary[]
    const b = JSON.parse((await cli('episodes', runs[1].id, '--json')).stdout) as EpisodeSummary[]
    const named = [b[3].id, a[0].id, b[1].id]
    const r = await cli('export', ...named.flatMap((id) => ['--episode', id]), '--format', 'csv')
    expect(r.code).toBe(0)
    const [header, ...rows] = parseCsv(r.stdout)
    expect(rows.map((row) => row[header.indexOf('id')])).toEqual(named)
    const bad = await cli('export', '--episode', a[0].id, '--episode', 'nope', '--format', 'jsonl')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('no episode with id nope')
  })

  it('jsonl: every episode parses and carries provenance, labels and notes', async () => {
    const run = runs[0]
    const [first] = JSON.parse((await cli('episodes', run.id, '--json')).stdout) as EpisodeSummary[]
    expect((await cli('label', first.id, 'good example', '--note', 'clean fix')).code).toBe(0)
    const r = await cli('export', '--run', run.id, '--format', 'jsonl')
    expect(r.code).toBe(0)
    const recs = lines(r.stdout)
    expect(recs.length).toBe(run.episodes)
    expect(r.stderr).toBe(`Exported ${run.episodes} episodes as jsonl.\n`)
    for (const rec of recs) {
      const p = rec.provenance as Record<string, unknown>
      expect(p.runId).toBe(run.id)
      expect(String(p.sourceFile)).toMatch(/\.jsonl$/)
      expect(typeof p.taskKey).toBe('string')
      expect(typeof p.rollout).toBe('number')
      expect(p).toHaveProperty('checkpointStep')
      expect((rec.turns as unknown[]).length).toBeGreaterThan(0)
    }
    const labelled = recs.find((x) => x.id === first.id)!
    expect(labelled).toMatchObject({ labels: ['good example'], note: 'clean fix' })
    // --label selects the labelled episode only
    const only = await cli('export', '--label', 'good example', '--format', 'jsonl')
    expect(lines(only.stdout).map((x) => x.id)).toEqual([first.id])
  })

  it('sft: valid roles, every tool call paired with exactly one tool message; --passed-only and --drop-labelled', async () => {
    const r = await cli('export', '--format', 'sft')
    expect(r.code).toBe(0)
    const recs = lines(r.stdout)
    expect(recs.length).toBeGreaterThan(0)
    let calls = 0
    for (const rec of recs) {
      const messages = rec.messages as {
        role: string
        tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[]
        tool_call_id?: string
        content: string
        reasoning_content?: string
      }[]
      expect(Array.isArray(rec.tools)).toBe(true)
      const open = new Set<string>()
      for (const m of messages) {
        expect(['system', 'user', 'assistant', 'tool']).toContain(m.role)
        expect(typeof m.content).toBe('string')
        if (m.role === 'assistant') {
          expect(open.size).toBe(0) // results come before the next assistant message
          for (const c of m.tool_calls ?? []) {
            expect(c.type).toBe('function')
            expect(typeof c.function.arguments).toBe('string')
            JSON.parse(c.function.arguments)
            open.add(c.id)
            calls++
          }
        }
        if (m.role === 'tool') {
          expect(open.has(m.tool_call_id!)).toBe(true)
          open.delete(m.tool_call_id!)
        }
      }
      // a line may end with its last call without the result (cut by trim, or never answered); no other is open
      const meta = rec.metadata as { trimmed: boolean; ending: string; episode_id: string }
      const last = messages.at(-1)!
      if (open.size) {
        expect(last.role).toBe('assistant')
        expect(new Set(last.tool_calls!.map((c) => c.id))).toEqual(open)
      }
      expect(last.role).toBe('assistant')
      // the model's words: text, reasoning (an answer may be all reasoning) or calls
      expect(last.content.trim() !== '' || !!last.reasoning_content?.trim() || (last.tool_calls?.length ?? 0) > 0).toBe(
        true
      )
      expect(typeof meta.episode_id).toBe('string')
    }
    expect(calls).toBeGreaterThan(0)

    const passed = await cli('export', '--format', 'sft', '--passed-only')
    const passedCount = runs.reduce((n, x) => n + Math.round((x.passRate ?? 0) * x.episodes), 0)
    expect(lines(passed.stdout).length).toBe(passedCount)
    expect(passed.stderr).toContain(`skipped ${recs.length - passedCount}`)

    // A labelled assistant turn with a tool call goes, and so does its result.
    const [ep] = JSON.parse((await cli('episodes', runs[1].id, '--json')).stdout) as EpisodeSummary[]
    const before = lines((await cli('export', '--episode', ep.id, '--format', 'sft')).stdout)[0].messages as {
      role: string
      tool_calls?: unknown[]
    }[]
    const turns = (
      JSON.parse((await cli('show', ep.id, '--json')).stdout) as {
        turns: { index: number; role: string; toolCalls: unknown[] }[]
      }
    ).turns
    const callTurn = turns.find((t) => t.role === 'assistant' && t.toolCalls.length === 1)!
    expect((await cli('label', ep.id, 'loop', '--turn', String(callTurn.index))).code).toBe(0)
    const after = lines(
      (await cli('export', '--episode', ep.id, '--format', 'sft', '--drop-labelled', 'loop')).stdout
    )[0].messages as { role: string }[]
    expect(after.length).toBe(before.length - 2)
  })

  it('preference: pairs share a task and chosen reward > rejected, across rollouts and across two runs', async () => {
    for (const args of [
      ['--run', runs[0].id],
      ['--run', runs[0].id, '--run', runs[1].id]
    ]) {
      const r = await cli('export', ...args, '--format', 'preference')
      expect(r.code).toBe(0)
      const pairs = lines(r.stdout)
      expect(pairs.length).toBeGreaterThan(0)
      expect(r.stderr).toContain(`Exported ${pairs.length} pairs`)
      for (const p of pairs) {
        const c = p.chosenEpisode as { reward: number; runId: string }
        const rj = p.rejectedEpisode as { reward: number; runId: string }
        expect(c.reward).toBeGreaterThan(rj.reward)
        expect((p.prompt as unknown[]).length).toBeGreaterThan(0)
        expect((p.chosen as { role: string }[]).some((m) => m.role === 'assistant')).toBe(true)
        expect((p.rejected as { role: string }[]).some((m) => m.role === 'assistant')).toBe(true)
        if (args.length === 4) expect(c.runId).not.toBe(rj.runId)
      }
      // Each pair is one task: the shared prompt is the same, and tasks are not repeated.
      const tasks = pairs.map((p) => p.taskKey)
      expect(new Set(tasks).size).toBe(tasks.length)
    }
  })

  it('csv: parses back with the table columns and one row per episode; md: counts and a row per episode', async () => {
    const out = 'episodes.csv'
    const r = await cli('export', '--run', runs[0].id, '--format', 'csv', '--out', out, '--json')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ format: 'csv', episodes: runs[0].episodes })
    const rows = parseCsv(readFileSync(join(dir, out), 'utf8'))
    const [header, ...body] = rows
    expect(header.slice(0, 5)).toEqual(['id', 'runId', 'runName', 'ordinal', 'taskKey'])
    expect(header).toContain('reward')
    expect(header).toContain('labels')
    for (const m of runs[0].metrics) expect(header).toContain(`metric:${m.name}`)
    expect(body.length).toBe(runs[0].episodes)
    for (const row of body) expect(row.length).toBe(header.length)
    const episodes = JSON.parse((await cli('episodes', runs[0].id, '--json')).stdout) as EpisodeSummary[]
    const byId = new Map(body.map((row) => [row[0], row]))
    for (const e of episodes) {
      const row = byId.get(e.id)!
      expect(row[header.indexOf('preview')]).toBe(e.preview)
      expect(row[header.indexOf('reward')]).toBe(e.reward === null ? '' : String(e.reward))
    }

    const md = await cli('export', '--run', runs[0].id, '--format', 'md')
    expect(md.stdout).toContain(`${runs[0].episodes} episodes from 1 run;`)
    expect(md.stdout.split('\n').filter((l) => l.startsWith('| ') && l.includes('`')).length).toBe(runs[0].episodes)
  })

  it('html --out F: one self-contained page with the compare report of the two runs and a row per episode; md too', async () => {
    const r = await cli(
      'export',
      '--run',
      runs[0].name,
      '--run',
      runs[1].name,
      '--format',
      'html',
      '--out',
      'report.html',
      '--json'
    )
    expect(r.code).toBe(0)
    const total = runs[0].episodes + runs[1].episodes
    expect(JSON.parse(r.stdout)).toMatchObject({ format: 'html', episodes: total })
    expect(r.stderr).toBe(`Exported ${total} episodes as html to report.html.\n`)
    const html = readFileSync(join(dir, 'report.html'), 'utf8')
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(html).toContain(`<h2>Comparison: ${runs[0].name} <span class="muted">vs</span> ${runs[1].name}</h2>`)
    expect(html).toContain('id="report-data"')
    expect(html.slice(html.indexOf('id="episodes"')).match(/<tr><td>/g)?.length).toBe(total)

    const md = await cli('export', '--run', runs[0].id, '--run', runs[1].id, '--format', 'md')
    expect(md.stdout).toContain(`## Comparison: ${runs[0].name} vs ${runs[1].name}`)
    const one = await cli('export', '--run', runs[1].id, '--format', 'html')
    expect(one.stdout).toContain('No comparison: the selection holds one run')
    expect((await cli('export', '--help')).stdout).toContain(
      'html        the md report as one self-contained HTML file'
    )
  })

  it('exits 2 on bad usage and on a bad filter', async () => {
    expect((await cli('export')).code).toBe(2)
    expect((await cli('export', '--format', 'xml')).code).toBe(2)
    expect((await cli('export', '--format', 'csv', '--passed-only')).code).toBe(2)
    expect((await cli('export', '--format', 'jsonl', '--label', 'nope')).code).toBe(2)
    const bad = await cli('export', '--format', 'csv', '--filter', 'reward <')
    expect(bad.code).toBe(2)
    expect(bad.stdout).toBe('')
  })
})
