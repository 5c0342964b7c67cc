/**
 * `rollscope compare` end to end, in-process, with the real engine (inline indexer) over the real Wordle pair
 * (verifiers, gpt-4.1-mini vs gpt-5-mini: the same 5 tasks × 3 rollouts). Expected numbers computed by hand from the
 * results.jsonl files (python: per-task mean reward over the rollouts, then the mean over the 5 tasks).
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CompareReport } from '@contract/compare'
import { fixture } from '../../helpers/fixtures-path'
import { captureCli } from '../../helpers/capture-cli'

const WILL = fixture('verifiers/willccbb-verifiers')
let dir: string

const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rollscope-compare-it-'))
  const r = await cli('index', join(WILL, 'wordle--gpt-4.1-mini'), join(WILL, 'wordle--gpt-5-mini'), '--json')
  expect(r.code).toBe(0)
})

describe('rollscope compare over the real Wordle pair', () => {
  it('--json: 5 shared tasks, none left out, mean reward 1.881 → 1.308, seeded CIs that hold the delta', async () => {
    const r = await cli('compare', 'wordle--gpt-4.1-mini', 'wordle--gpt-5-mini', '--json')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const report: CompareReport = JSON.parse(r.stdout)
    expect(report).toMatchObject({ sharedTasks: 5, onlyA: 0, onlyB: 0 })
    const reward = report.metrics.find((m) => m.key === 'reward')
    expect(reward?.a).toBeCloseTo(1.8810158730266666, 9)
    expect(reward?.b).toBeCloseTo(1.30826666666, 9)
    expect(reward?.delta).toBeCloseTo(-0.5727492063666666, 9)
    const [lo, hi] = reward?.ci95 ?? [NaN, NaN]
    expect(lo).toBeLessThanOrEqual(reward?.delta as number)
    expect(hi).toBeGreaterThanOrEqual(reward?.delta as number)
    // Same seed, same CIs; the seed is passed through.
    const again: CompareReport = JSON.parse(
      (await cli('compare', 'wordle--gpt-4.1-mini', 'wordle--gpt-5-mini', '--json')).stdout
    )
    expect(again.metrics).toEqual(report.metrics)
    const seeded: CompareReport = JSON.parse(
      (await cli('compare', 'wordle--gpt-4.1-mini', 'wordle--gpt-5-mini', '--json', '--seed', '9')).stdout
    )
    expect(seeded.ci.seed).toBe(9)
  })

  it('prints the terminal summary, the Markdown and the HTML report from the same comparison', async () => {
    const text = await cli('compare', 'wordle--gpt-4.1-mini', 'wordle--gpt-5-mini')
    expect(text.code).toBe(0)
    const report: CompareReport = JSON.parse(
      (await cli('compare', 'wordle--gpt-4.1-mini', 'wordle--gpt-5-mini', '--json')).stdout
    )
    expect(text.stdout.split('\n')[0]).toBe(report.verdict.text)
    expect(text.stdout).toContain('Every number is computed on the 5 tasks both runs have')
    expect(text.stdout).toMatch(/^Mean reward\s+1\.881\s+1\.308\s+−0\.573\s/m)

    const md = await cli('compare', 'wordle--gpt-4.1-mini', 'wordle--gpt-5-mini', '--md')
    expect(md.code).toBe(0)
    expect(md.stdout).toMatch(/^# .+ vs .+\n/)
    expect(md.stdout.split('\n')[2]).toBe(`**${report.verdict.text}**`)
    expect(md.stdout).toMatch(/^\| Mean reward \| 1\.881 \| 1\.308 \| \*{0,2}−0\.573\*{0,2} \|/m)
    expect(md.stdout).toContain('Every number is computed on the 5 tasks both runs have')
    expect(md.stdout).toContain('## Caveats')

    const html = await cli('compare', 'wordle--gpt-4.1-mini', 'wordle--gpt-5-mini', '--html', 'wordle.html')
    expect(html.code).toBe(0)
    expect(html.stdout).toBe(`Wrote the HTML report to ${join(dir, 'wordle.html')}\n`)
    const page = readFileSync(join(dir, 'wordle.html'), 'utf8')
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page).toContain('uPlot v1.6.32')
    expect(page).toContain('id="chart-histogram"')
    expect(page).toContain(`id="verdict">${report.verdict.text}</p>`)
    expect(page).not.toMatch(/https?:\/\//)
  })
})
