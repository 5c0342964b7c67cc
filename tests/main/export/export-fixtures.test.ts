/**
 * Every export format over real runs from the shared corpus (not only the synthetic demo): verifiers runs (two
 * wordle and two math-python runs on the same tasks, a tool-calling run), tau-bench, NeMo Gym, Inspect, SWE-agent,
 * mini-swe-agent, Harbor ATIF and a hosted-RL export, indexed in place. Each format must hold up on producers' real shapes: jsonl with provenance, SFT chat with
 * valid roles and paired tool calls, preference pairs of one task, CSV with a fixed column count, md and html naming
 * every run (and the compare report for a comparable pair).
 */
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { exportEpisodes } from '../../../src-main/export/export-episodes'
import type { ExportOptions } from '../../../src-main/export/export-types'
import { escapeHtml } from '../../../src-main/report/html-escape'
import { mdText } from '../../../src-main/report/md-escape'
import type { Engine } from '../../../src-main/services/engine-types'
import { fixture } from '../../helpers/fixtures-path'
import { parseCsv } from '../../helpers/parse-csv'
import { tempEngine } from '../../helpers/temp-engine'

let engine: Engine
let runs: RunSummary[]
const summaries = new Map<string, EpisodeSummary>()

beforeAll(async () => {
  engine = tempEngine().engine
  // every producer with tool calls or several roles, so SFT/JSONL meet each one's real message shapes
  await engine.indexPaths(
    [
      'verifiers/willccbb-verifiers',
      'tau-bench',
      'nemo-gym',
      'inspect-ai',
      'swe-agent',
      'mini-swe-agent',
      'harbor-atif',
      'prime-hosted-rl-run'
    ].map((p) => fixture(p))
  )
  runs = await engine.api.listRuns()
  for (const r of runs)
    for (const e of (await engine.api.listEpisodes({ runId: r.id, limit: 1000 })).items) summaries.set(e.id, e)
}, 60_000)
afterAll(() => engine?.close())

async function run(o: ExportOptions): Promise<{ text: string; episodes: number; pairs?: number }> {
  let text = ''
  const r = await exportEpisodes(engine.api, o, async (c) => void (text += c))
  return { text, episodes: r.episodes, pairs: r.pairs }
}
const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
const runsOfEnv = (env: string): RunSummary[] => runs.filter((r) => r.env === env)

type Message = {
  role: string
  content: string | unknown[]
  tool_calls?: { id: string; function: { arguments: string } }[]
  tool_call_id?: string
}

/**
 * Valid roles, and every assistant tool call answered by exactly one tool message before the next assistant turn,
 * but on the line's last assistant message, whose calls may stay unanswered (the episode stopped on them, or a
 * trimmed line cut their results); then nothing but user turns may follow them.
 */
function checkChat(messages: Message[]): number {
  let calls = 0
  const open = new Set<string>()
  for (const m of messages) {
    expect(['system', 'user', 'assistant', 'tool']).toContain(m.role)
    // text, or (a prompt message with images) OpenAI content parts of text and image_url
    if (typeof m.content !== 'string') {
      expect(m.role).toBe('user')
      for (const p of m.content as { type: string }[]) expect(['text', 'image_url']).toContain(p.type)
    }
    if (m.role === 'assistant') {
      expect(open.size).toBe(0)
      for (const c of m.tool_calls ?? []) (JSON.parse(c.function.arguments), open.add(c.id), calls++)
    }
    if (m.role === 'tool') {
      expect(open.has(m.tool_call_id!)).toBe(true)
      open.delete(m.tool_call_id!)
    }
  }
  if (open.size) {
    const last = messages.findLast((m) => m.role === 'assistant')!
    expect(new Set(last.tool_calls!.map((c) => c.id))).toEqual(open)
    expect(messages.slice(messages.indexOf(last) + 1).every((m) => m.role === 'user')).toBe(true)
  }
  return calls
}

describe('exports over the shared fixtures', () => {
  it('indexed the runs the test relies on', () => {
    expect(runs.length).toBeGreaterThanOrEqual(8)
    expect(runsOfEnv('wordle').length).toBe(2)
    expect(runsOfEnv('math-python').length).toBe(2)
  })

  it('jsonl: one parsable line per episode, each with provenance pointing at its source file', async () => {
    const { text, episodes } = await run({ format: 'jsonl', runIds: [] })
    const total = runs.reduce((n, r) => n + r.episodes, 0)
    expect(episodes).toBe(total)
    const recs = jsonLines(text)
    expect(recs.length).toBe(total)
    for (const rec of recs) {
      const p = rec.provenance as { runId: string; sourceFile: string; taskKey: string }
      expect(runs.map((r) => r.id)).toContain(p.runId)
      expect(existsSync(p.sourceFile)).toBe(true)
      expect(typeof p.taskKey).toBe('string')
      // the figures the table and the CSV have are in the line too
      for (const key of ['steps', 'termination', 'unscored', 'anomalies', 'generationMs'])
        expect(rec).toHaveProperty(key)
    }
    // how an episode ended, where the producer says it (mini-swe-agent's exit statuses, hosted-RL stop conditions)
    expect(recs.some((r) => typeof r.termination === 'string')).toBe(true)
    expect(recs.some((r) => typeof r.steps === 'number')).toBe(true)
  })

  it('sft: valid roles and paired tool calls on every run of every producer', async () => {
    const callsByFormat = new Map<string, number>()
    for (const r of runs) {
      const { text, episodes } = await run({ format: 'sft', runIds: [r.id] })
      if (episodes === 0) continue
      for (const rec of jsonLines(text))
        callsByFormat.set(r.format, (callsByFormat.get(r.format) ?? 0) + checkChat(rec.messages as Message[]))
    }
    // the tool-calling producers of the corpus each gave paired calls
    for (const format of ['verifiers', 'nemo-gym', 'inspect', 'swe-agent', 'atif'])
      expect(callsByFormat.get(format), format).toBeGreaterThan(0)
  })

  it('preference: every pair is one task, chosen better than rejected, within a run and across two runs', async () => {
    const [a, b] = runsOfEnv('wordle')
    for (const runIds of [[a.id], [a.id, b.id], ...runsOfEnv('math-python').map((r) => [r.id])]) {
      const { text, pairs } = await run({ format: 'preference', runIds })
      if (!pairs) continue
      for (const p of jsonLines(text)) {
        const chosen = summaries.get((p.chosenEpisode as { id: string }).id)!
        const rejected = summaries.get((p.rejectedEpisode as { id: string }).id)!
        expect(chosen.taskKey).toBe(p.taskKey)
        expect(rejected.taskKey).toBe(p.taskKey)
        expect(chosen.reward!).toBeGreaterThan(rejected.reward!)
        checkChat([...(p.prompt as Message[]), ...(p.chosen as Message[])])
      }
    }
    const across = await run({ format: 'preference', runIds: [a.id, b.id] })
    expect(across.pairs).toBeGreaterThan(0)
  })

  it('csv: parses with the header column count on every row, one row per episode', async () => {
    const { text, episodes } = await run({ format: 'csv', runIds: [] })
    const [header, ...rows] = parseCsv(text)
    expect(rows.length).toBe(episodes)
    for (const row of rows) expect(row.length).toBe(header.length)
    expect(new Set(rows.map((r) => r[header.indexOf('runName')]))).toEqual(new Set(runs.map((r) => r.name)))
  })

  it('md and html: every run named, and the compare report for the wordle pair', async () => {
    const md = await run({ format: 'md', runIds: [] })
    for (const r of runs) expect(md.text).toContain(`| ${mdText(r.name)} |`)
    expect(md.text).toContain(`No comparison: the selection holds ${runs.length} runs`)
    const html = await run({ format: 'html', runIds: [] })
    for (const r of runs) expect(html.text).toContain(`<tr><td>${escapeHtml(r.name)}</td>`)
    expect(html.text.slice(html.text.indexOf('id="episodes"')).match(/<tr><td>/g)?.length).toBe(html.episodes)

    const [a, b] = runsOfEnv('wordle')
    const pair = await run({ format: 'html', runIds: [a.id, b.id] })
    expect(pair.text).toContain(
      `<h2>Comparison: ${escapeHtml(a.name)} <span class="muted">vs</span> ${escapeHtml(b.name)}</h2>`
    )
    expect(pair.text).toContain('id="report-data"')
    const pairMd = await run({ format: 'md', runIds: [a.id, b.id] })
    expect(pairMd.text).toContain(`## Comparison: ${mdText(a.name)} vs ${mdText(b.name)}`)
  })
})
