/**
 * The detectors over the real demo workspace (resources/demo/repo-repair), with the expected codes derived here from
 * the JSONL files themselves: the written status / error, the assistant messages' calls (name + argument text) and
 * the last assistant message. The engine's answer and the `anomaly` filter must agree with them episode by episode.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempEngine } from '../../helpers/temp-engine'
import type { Engine } from '../../../src-main/services/engine-types'

const DEMO = join(__dirname, '../../../resources/demo')
const FILES = ['base--qwen3-8b.jsonl', 'trained--qwen3-8b-grpo-step400.jsonl']

interface Msg {
  role: string
  content: string | null
  tool_calls?: { function: { name: string; arguments: string } }[]
}
interface Row {
  task_id: string
  rollout: number
  status: string
  error: string | null
  messages: Msg[]
}

/** The codes the rules give for one demo row, computed straight from the file. */
function expected(r: Row): string[] {
  const calls = r.messages
    .filter((m) => m.role === 'assistant')
    .flatMap((m) => (m.tool_calls ?? []).map((c) => `${c.function.name} ${c.function.arguments}`))
  // a loop: some window of 3 × p calls (p = 1..3) made of one p-call cycle three times
  let loop = false
  for (let p = 1; p <= 3 && !loop; p++)
    for (let i = 0; i + 3 * p <= calls.length && !loop; i++)
      loop = calls.slice(i, i + 3 * p).every((c, j) => c === calls[i + (j % p)])
  const last = r.messages.filter((m) => m.role === 'assistant').at(-1)
  const codes: string[] = []
  if (loop) codes.push('loop')
  if (!last || (!last.tool_calls?.length && !(last.content ?? '').trim())) codes.push('empty-answer')
  if (r.status === 'truncated') codes.push('truncated')
  if (r.status === 'error' || (r.error && r.status === 'ok')) codes.push('error')
  return codes
}

let engine: Engine
beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
})
afterAll(() => engine.close())

describe('anomalies on the demo workspace', () => {
  for (const file of FILES) {
    it(`${file}: every episode gets the codes derived from its row, and the anomaly filter finds them`, async () => {
      const rows = readFileSync(join(DEMO, 'repo-repair', file), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Row)
      const run = (await engine.api.listRuns()).find((r) => r.source.endsWith(file))!
      const page = await engine.api.listEpisodes({ runId: run.id, limit: 500 })
      const got = Object.fromEntries(
        page.items.map((e) => [
          `${e.sourceId}/${e.rollout}`,
          e.anomalies.filter((c) => c !== 'short-success' && c !== 'long-episode')
        ])
      )
      const want = Object.fromEntries(rows.map((r) => [`${r.task_id}/${r.rollout}`, expected(r)]))
      expect(got).toEqual(want)
      // the demo has each kind the rules can see in it: loops, empty answers, truncation and errors
      const flat = Object.values(want).flat()
      expect(new Set(flat)).toEqual(new Set(['loop', 'empty-answer', 'truncated', 'error']))

      const count = async (filter: string): Promise<number> =>
        (await engine.api.listEpisodes({ runId: run.id, limit: 1, filter })).total
      expect(await count('anomaly != null')).toBe(Object.values(want).filter((c) => c.length).length)
      expect(await count('anomaly == "loop"')).toBe(Object.values(want).filter((c) => c.includes('loop')).length)
      expect(await count('anomaly in ["error", "empty-answer"] and not anomaly == "truncated"')).toBe(
        Object.values(want).filter(
          (c) => (c.includes('error') || c.includes('empty-answer')) && !c.includes('truncated')
        ).length
      )
      expect(await count('anomaly == null')).toBe(rows.length - (await count('anomaly != null')))
    })
  }

  it("names specific episodes: the base run's rr-003-retry-utils rollout 0 loops and runs out of turns, rr-011-graph-utils rollout 0 ends with an empty answer", async () => {
    const run = (await engine.api.listRuns()).find((r) => r.source.endsWith(FILES[0]))!
    const ep = async (task: string, rollout: number) =>
      (
        await engine.api.listEpisodes({
          runId: run.id,
          limit: 10,
          filter: `task == "${task}" and rollout == ${rollout}`
        })
      ).items[0].anomalies
    expect(await ep('rr-003-retry-utils', 0)).toEqual(['loop', 'truncated'])
    expect(await ep('rr-011-graph-utils', 0)).toEqual(['empty-answer'])
    expect(await ep('rr-010-kvstore', 1)).toEqual(['error'])
  })
})
