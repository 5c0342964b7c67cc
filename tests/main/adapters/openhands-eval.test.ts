/**
 * OpenHands evaluation output over the fixtures (tests/fixtures/openhands-eval/README.md): the first line of the
 * output.jsonl OpenHands committed as its SWE-bench example (2024: pair history, `swe_instance`), with no harness result
 * beside it; a built run with the harness run report moved to `report.json` (a resolved instance, an empty patch, an
 * errored agent, a line that is not JSON, a line of another shape); a built remote-evaluation run whose verdicts are in
 * `output.swebench_eval.jsonl`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Turn } from '@contract/model'
import { openhandsEvalAdapter as O } from '../../../src-main/formats/adapters/openhands-eval'
import { formatContext } from '../../../src-main/formats/context'
import { pickJsonlAdapter } from '../../../src-main/formats/registry'
import { RecordError, type EpisodeSummaryRecord } from '../../../src-main/formats/types'
import type { Engine } from '../../../src-main/services/engine-types'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { readJsonl } from './read-rows'

const REAL = ownFixture('openhands-eval/real/output.jsonl')
const BUILT = ownFixture('openhands-eval/built/CodeActAgent')
const HARNESS = join(BUILT, 'gpt-4o_maxiter_30_N_v0.40.0-no-hint-run_1/output.jsonl')
const REMOTE = join(BUILT, 'claude-sonnet-4_maxiter_100_N_v0.51.0-remote/output.jsonl')

const rows = (path: string): Record<string, unknown>[] => readJsonl(path).rows
/** Summaries of a file's lines as the indexer makes them (lines that are not outputs skipped). */
function summaries(path: string): EpisodeSummaryRecord[] {
  const ctx = formatContext()
  return rows(path).flatMap((r) => {
    try {
      return [O.summarize(r, { path, ctx })]
    } catch (err) {
      if (err instanceof RecordError) return []
      throw err
    }
  })
}
const shape = (t: Turn): string =>
  [t.role, t.toolCalls.map((c) => c.name).join('+'), t.toolName ?? ''].filter(Boolean).join(' ')

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('OpenHands eval: detection', () => {
  it('an output line by its instance and history; the remote evaluation lines (no history) are not outputs', () => {
    expect(pickJsonlAdapter(rows(REAL)[0], REAL)).toBe(O)
    expect(pickJsonlAdapter(rows(HARNESS)[0], HARNESS)).toBe(O)
    const remoteEval = REMOTE.replace(/\.jsonl$/, '.swebench_eval.jsonl')
    expect(O.matches(rows(remoteEval)[0])).toBe(false)
    expect(O.companions[0].kind === 'named' && O.companions[0].traceOf(remoteEval)).toBe(REMOTE)
  })
})

describe('OpenHands eval: the 2024 example OpenHands committed', () => {
  it('pairs of action and observation become tool calls and results, the instruction leads', () => {
    const [r] = rows(REAL)
    const body = O.parseEpisode(r)
    expect(body.turns.map(shape)).toEqual(['user', 'assistant run', 'tool run', 'assistant run', 'tool run'])
    expect(body.turns[0].text).toMatch(/^Please fix the following issue for the repository/)
    expect(body.turns[1].reasoning).toMatch(/^First, I will need to locate the configuration/)
    expect(body.turns[2].text).toMatch(
      /^Directory \/workspace\/sphinx-doc__sphinx__3.5\/sphinx\/ext\/viewcode not found/
    )
  })

  it('no harness result beside it: no reward, and the run says why', () => {
    const [s] = summaries(REAL)
    expect([s.sourceId, s.reward, s.success, s.unscored]).toEqual([
      'sphinx-doc__sphinx-8721',
      null,
      null,
      'not evaluated'
    ])
    expect(s.info).toMatchObject({ repo: 'sphinx-doc/sphinx', patch_lines: 15 })
    const header = O.readRunHeader(REAL)
    expect([header.model, header.header.agent_class, header.header.max_iterations]).toEqual([
      'gpt-4-1106-preview',
      'CodeActAgent',
      50
    ])
    expect(header.header.reward).toMatch(/^none: no SWE-bench harness result beside the file/)
    expect(header.scoring).toBeUndefined()
  })
})

describe('OpenHands eval: a run with the harness report beside it', () => {
  it('rewards as the harness counts them; the agent error makes an errored episode', () => {
    const s = summaries(HARNESS)
    expect(s.map((x) => [x.sourceId, x.reward, x.success, x.unscored, x.status, x.termination])).toEqual([
      ['astropy__astropy-12907', 1, true, null, 'ok', 'finished'],
      ['django__django-11099', 0, false, 'empty patch', 'ok', 'finished'],
      ['sympy__sympy-20590', 0, false, null, 'error', 'error']
    ])
    expect(s[2].error).toMatch(/^RuntimeError: Agent reached maximum iteration/)
    expect(s[0].metrics.cost_usd).toBe(0.05)
    expect([s[0].tokensIn, s[0].tokensOut]).toEqual([21400, 600])
    expect(s[0].info).toMatchObject({ swebench: 'resolved', swebench_source: 'report.json' })
  })

  it('the header: model, agent and limits from metadata.json, and the report headline', () => {
    const h = O.readRunHeader(HARNESS)
    expect([h.name, h.model, h.env, h.header.agent_class, h.header.max_iterations]).toEqual([
      'gpt-4o_maxiter_30_N_v0.40.0-no-hint-run_1',
      'gpt-4o-2024-08-06',
      'princeton-nlp__SWE-bench_Lite-test',
      'CodeActAgent',
      30
    ])
    expect(h.headlines?.map((x) => [x.label, x.value])).toEqual([['resolved / submitted', 1 / 3]])
    expect(h.scoring?.unscoredAs).toBe('failure')
  })

  it('history events become turns through the event stream reader', () => {
    const body = O.parseEpisode(rows(HARNESS)[0])
    expect(body.turns.map(shape)).toEqual([
      'system',
      'user',
      'assistant execute_bash',
      'tool execute_bash',
      'assistant str_replace_editor',
      'tool str_replace_editor',
      'assistant execute_bash',
      'tool execute_bash',
      'assistant finish'
    ])
    expect(body.infoFull).toMatchObject({ model: 'gpt-4o-2024-08-06', instance_id: 'astropy__astropy-12907' })
    expect('history' in body.infoFull).toBe(false)
  })
})

describe('OpenHands eval: a remote evaluation', () => {
  it('the verdicts of output.swebench_eval.jsonl', () => {
    expect(summaries(REMOTE).map((x) => [x.sourceId, x.reward, x.info.swebench_source])).toEqual([
      ['astropy__astropy-12907', 0, 'output.swebench_eval.jsonl'],
      ['django__django-11099', 1, 'output.swebench_eval.jsonl']
    ])
    expect(O.readRunHeader(REMOTE).model).toBe('litellm_proxy/claude-sonnet-4-20250514')
  })

  it("the line's own report (update_output_with_eval.py) when nothing else is beside it", () => {
    const [r] = rows(HARNESS)
    const alone = {
      ...r,
      report: {
        empty_generation: false,
        resolved: false,
        failed_apply_patch: true,
        error_eval: false,
        test_timeout: false
      }
    }
    const s = O.summarize(alone, { path: '/nowhere/output.jsonl', ctx: formatContext() })
    expect([s.reward, s.info.swebench, s.info.failed_apply_patch]).toEqual([0, 'unresolved', true])
  })
})

describe('OpenHands eval through the engine', () => {
  it('one run per output file; bad lines skipped with a reason; the companions listed as such', async () => {
    engine = tempEngine().engine
    const report = await engine.indexPaths([BUILT])
    expect(report.files.map((f) => [f.path.slice(BUILT.length + 1), f.format, f.state, f.episodes])).toEqual([
      ['claude-sonnet-4_maxiter_100_N_v0.51.0-remote/metadata.json', 'openhands-eval', 'sidecar', 0],
      ['claude-sonnet-4_maxiter_100_N_v0.51.0-remote/output.jsonl', 'openhands-eval', 'indexed', 2],
      ['claude-sonnet-4_maxiter_100_N_v0.51.0-remote/output.swebench_eval.jsonl', 'openhands-eval', 'sidecar', 0],
      ['gpt-4o_maxiter_30_N_v0.40.0-no-hint-run_1/metadata.json', 'openhands-eval', 'sidecar', 0],
      ['gpt-4o_maxiter_30_N_v0.40.0-no-hint-run_1/output.jsonl', 'openhands-eval', 'indexed', 3],
      ['gpt-4o_maxiter_30_N_v0.40.0-no-hint-run_1/report.json', 'swe-bench-report', 'sidecar', 0]
    ])
    const warnings = report.files[4].warnings
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/^line 3: /)
    expect(warnings[1]).toMatch(/^line 5: not an OpenHands evaluation output/)
    const runs = await engine.api.listRuns()
    const harness = runs.find((r) => r.name === 'gpt-4o_maxiter_30_N_v0.40.0-no-hint-run_1')!
    expect([harness.episodes, harness.meanReward, harness.headlines[0].agrees]).toEqual([3, 1 / 3, true])
    // the report rows the file holds are what the test computes from the files
    const report0 = JSON.parse(
      readFileSync(join(BUILT, 'gpt-4o_maxiter_30_N_v0.40.0-no-hint-run_1/report.json'), 'utf8')
    )
    expect(harness.meanReward).toBe(report0.resolved_instances / report0.submitted_instances)
  })
})
