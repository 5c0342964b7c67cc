/**
 * The Markdown report over a fixed demo-shaped CompareReport: its sections and numbers, and hostile strings from
 * traces rendered (by micromark with GFM, what react-markdown and GitHub-like renderers use) as the same text.
 */
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { describe, expect, it } from 'vitest'
import { compareMarkdown } from '../../../src-main/report/markdown-report'
import { mdCode, mdText } from '../../../src-main/report/md-escape'
import { demoCompareReport } from './compare-fixture'

const render = (md: string): string => micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })

/** The lines of one `## Title` section. */
function section(md: string, title: string): string {
  const start = md.indexOf(`\n## ${title}`)
  expect(start, title).toBeGreaterThan(-1)
  const end = md.indexOf('\n## ', start + 1)
  return md.slice(start + 1, end === -1 ? undefined : end)
}

describe('compareMarkdown', () => {
  const md = compareMarkdown(demoCompareReport())

  it('opens with the verdict, then the warnings that can change it, then both runs and what the numbers are over', () => {
    const head = md.split('\n').slice(0, 11)
    expect(head[0]).toBe('# repo-repair · qwen3-8b (base) vs repo-repair · qwen3-8b GRPO step 400')
    expect(head[2]).toBe(
      '**B is better: +31.3 pts pass rate (95% CI +14.1 to +48.4 pts), McNemar p = 0.039, on 16 shared tasks.**'
    )
    // only the 'conclusion' warning comes up front; the sampling caveat waits for the Caveats
    expect(head[4]).toBe(
      '- ⚠ **Check before concluding:** Only 16 shared tasks: the 95% CI cannot exclude deltas smaller than 5 points.'
    )
    expect(head[5]).toBe('')
    expect(head[6]).toBe(
      '- **A:** repo-repair · qwen3-8b (base) (qwen3-8b, repo-repair, chat-jsonl, step 0): 64 episodes, 16 tasks, 4 rollouts per task'
    )
    expect(head[7]).toContain(
      '- **B:** repo-repair · qwen3-8b GRPO step 400 (qwen3-8b-grpo-step400, repo-repair, chat-jsonl, step 400)'
    )
    expect(head[9]).toMatch(/^> Every number is computed on the 16 tasks both runs have;/)
    expect(md.indexOf('Sampling settings differ')).toBeGreaterThan(md.indexOf('## Caveats'))
  })

  it('puts a forced comparison first under the verdict, before a conclusion warning', () => {
    const report = demoCompareReport()
    report.verdict.text = 'Not comparable (different environments): ' + report.verdict.text
    report.warnings.unshift({
      code: 'different-env',
      severity: 'forced',
      message: 'Runs of different environments (repo-repair, sokoban), compared because you insisted.'
    })
    const lines = compareMarkdown(report).split('\n')
    expect(lines[2]).toMatch(/^\*\*Not comparable \(different environments\): B is better/)
    expect(lines[4]).toBe(
      '- ⚠ **Not comparable:** Runs of different environments (repo-repair, sokoban), compared because you insisted.'
    )
    expect(lines[5]).toMatch(/^- ⚠ \*\*Check before concluding:\*\* Only 16 shared tasks/)
  })

  it('has a summary table: metric | A | B | Δ | Δ% | 95% CI, in the display rules (pts, real minus signs, durations by size)', () => {
    const s = section(md, 'Summary')
    expect(s).toContain('| Metric | A | B | Δ | Δ% | 95% CI |\n')
    expect(s).toContain('| Mean reward | 0.732 | 0.877 | **+0.146** | +19.9% | +0.070 to +0.225 |')
    expect(s).toContain('| Pass rate | 31.3% | 62.5% | **+31.3 pts** | +100% | +14.1 to +48.4 pts |')
    expect(s).toContain('| Mean steps | 17.4 | 18.6 | +1.2 | +6.9% | −0.9 to +3.2 |')
    expect(s).toContain('| Tokens in | 9,877 | 10,422 | +546 | +5.5% | −310 to +1,403 |')
    expect(s).toContain('| Duration | 41 s | 39 s | −2.4 s | −5.7% | −6.1 s to +1.4 s |')
    expect(s).toContain('| Reward σ | 0.310 | 0.234 | −0.077 | −24.7% | n/a |')
    expect(s).toContain('| Episodes never calling edit_file | 9.4% | 3.1% | −6.3 pts | −66.7% | −15.6 to +3.1 pts |')
    expect(md).not.toMatch(/\bpp\b/)
    // the σ note, once in the whole report
    expect(md.split('population standard deviation').length - 1).toBe(1)
    expect(s).toContain('Steps are agent actions.')
  })

  it("shows each run's whole-run figures beside the shared-task ones when the task sets differ", () => {
    const report = demoCompareReport()
    // the engine lists up to 200 of the 630 keys; the report counts all of them
    Object.assign(report, { onlyA: 630, onlyATasks: Array.from({ length: 200 }, (_, i) => `x-${i}`), onlyB: 0 })
    report.runA.tasks = 646
    report.metrics[1].whole = { a: 0.638, b: 0.9, delta: 0.262, relDelta: 0.4107 }
    const out = compareMarkdown(report)
    const s = section(out, 'Summary')
    expect(s).toContain('| Metric | A | B | Δ | Δ% | 95% CI | A, whole run | B, whole run | Δ, whole run |')
    expect(s).toContain(
      '| Pass rate | 31.3% | 62.5% | **+31.3 pts** | +100% | +14.1 to +48.4 pts | 63.8% | 90% | +26.2 pts |'
    )
    // a summary row has no whole-run figure
    expect(s).toContain('| Reward σ | 0.310 | 0.234 | −0.077 | −24.7% | n/a | – | – | – |')
    expect(out).toContain(
      '> The paired numbers (A, B, Δ, CI) are computed on the 16 tasks both runs have (630 only in A, 0 only in B)'
    )
    expect(out).toContain(
      "The whole-run columns are each run's own figure over all its episodes (A: 646 tasks, B: 16)."
    )
    expect(out).toMatch(/^Only in A \(630\): `x-0`, .*`x-19`, \+610 more$/m)
    // the same task sets: no whole-run columns
    expect(section(md, 'Summary')).not.toContain('whole run')
  })

  it('has the flip table, McNemar p and both flip lists', () => {
    const s = section(md, 'Flips')
    // the app's way round: A fail first, then A pass
    expect(s).toContain('| **A fail** | ▲ 8 fixed | × 6 still fail |\n| **A pass** | = 1 still pass | ▼ 1 broken |')
    expect(s).toContain('McNemar exact p = 0.039 (8 fixed vs 1 broken).')
    expect(s).toContain('- **Fixed (8):** `rr-001-tinycsv`, `rr-003-retry-utils`,')
    expect(s).toContain('- **Broken (1):** `rr-015-sched-cron`')
  })

  it('caps long flip lists with "+N more"', () => {
    const report = demoCompareReport()
    report.flips.fixed = Array.from({ length: 45 }, (_, i) => `t${i}`)
    const s = section(compareMarkdown(report), 'Flips')
    expect(s).toMatch(/- \*\*Fixed \(45\):\*\* `t0`, .*`t19`, \+25 more$/m)
    expect(s).not.toContain('`t20`')
  })

  it('has pass@k and pass^k per k', () => {
    expect(section(md, 'pass@k and pass^k')).toContain('| 4 | 16 | 56.3% | 81.3% | +25 pts | 12.5% | 37.5% | +25 pts |')
  })

  it("breaks down per category with the best and worst called out, success counts and each run's whole-run score", () => {
    const s = section(md, 'Per category')
    expect(s).toContain('### difficulty\n\nBest: **easy** (+0.238); worst: **hard** (−0.012).')
    expect(s).toContain('| difficulty | Tasks | A | B | Δ | 95% CI | Passed A → B | A, whole run | B, whole run |')
    expect(s).toContain(
      '| medium | 6 | 0.717 | 0.916 | **+0.200** | +0.050 to +0.340 | 0/6 → 4/6 | 0.717 (0/24) | 0.916 (12/24) |'
    )
    expect(s).toContain(
      '| hard | 5 | 0.769 | 0.758 | −0.012 | −0.130 to +0.110 | 1/5 → 0/5 | 0.769 (2/20) | 0.758 (0/20) |'
    )
    expect(s).toContain('### archetype\n\nBest: **import-error** (+0.211); worst: **off-by-one** (+0.028).')
  })

  it('writes category scores as pass rates (in pts) when the runs have no reward', () => {
    const report = demoCompareReport()
    report.metrics = report.metrics.filter((m) => m.key !== 'reward')
    Object.assign(report.perCategory[0], { a: 0.2, b: 1, delta: 0.8, ci95: [0.5, 1] })
    Object.assign(report.perCategory[0].wholeA, { score: 0.1 })
    const s = section(compareMarkdown(report), 'Per category')
    expect(s).toContain('| easy | 5 | 20% | 100% | **+80 pts** | +50 to +100 pts | 1/5 → 5/5 | 10% (2/20) |')
    expect(s).toContain('A, B, Δ and the CI: pass rate on the shared tasks')
  })

  it('groups the broken tasks by category, or lists them when the report has no task categories', () => {
    expect(section(md, 'Failures')).toContain(
      '## Failures: broken tasks by difficulty\n\nTasks A passed and B failed.\n\n- **hard** (1): `rr-015-sched-cron`'
    )
    const report = demoCompareReport()
    delete report.flipCategories
    expect(section(compareMarkdown(report), 'Failures')).toContain(
      '## Failures: broken tasks\n\nTasks A passed and B failed.\n\n- **(no value)** (1):'
    )
    report.flips.broken = []
    expect(section(compareMarkdown(report), 'Failures')).toContain('No task broke')
  })

  it('lists each broken task with the app’s per-task figures: pass counts, rewards, delta, harness or model', () => {
    const s = section(md, 'Failures')
    expect(s).toContain('| Task | A pass | B pass | A reward | B reward | Δ reward | Why it failed |')
    // the fixture's broken task failed B by parse errors (the harness)
    expect(s).toMatch(
      /\| ▼ `rr-015-sched-cron` \| 3\/4 \| 1\/4 \| 0\.700 \| 0\.300 \| −0\.400 \| harness · parse_error \|/
    )
    expect(s).toContain('harness, the harness failed B’s rollouts')
  })

  it('gives RR@k at 5, 10, 15 and 20 only', () => {
    const s = section(md, 'Success within k steps')
    expect(s.match(/^\| \d+ \|/gm)).toEqual(['| 5 |', '| 10 |', '| 15 |', '| 20 |'])
    expect(s).toContain('| 10 | 12.5% | 34.4% | +21.9 pts |')
    expect(s).toContain('Share of episodes solved within k steps (agent actions)')
  })

  it('writes the caveats from the warnings not shown up front, the CI note and the CI method', () => {
    const lines = section(md, 'Caveats').trim().split('\n').slice(2)
    expect(lines).toEqual([
      '- Sampling settings differ: temperature 0.7 (A) vs 1.0 (B).',
      expect.stringMatching(/^- A 95% CI that excludes 0 means/),
      '- CIs: paired bootstrap over shared tasks, 2000 resamples, seed 1 (rerun with the same seed for the same numbers).'
    ])
  })

  it('lists tasks only one run has', () => {
    const report = demoCompareReport()
    Object.assign(report, { onlyA: 2, onlyATasks: ['x-1', 'x-2'], onlyB: 1, onlyBTasks: ['y-1'] })
    const out = compareMarkdown(report)
    expect(out).toContain('(2 only in A, 1 only in B)')
    expect(out).toContain('Only in A (2): `x-1`, `x-2`')
    expect(out).toContain('Only in B (1): `y-1`')
  })

  it('renders hostile task keys, run names and category values as the same text', () => {
    const hostile = '</script><img src=x onerror=alert(1)> *em* [link](http://evil.example) | `tick` ~~s~~ &amp;'
    const report = demoCompareReport()
    report.runA.name = hostile
    report.flips.broken = [hostile, 'a\nb']
    report.flipCategories = { [hostile]: { difficulty: hostile } }
    report.perCategory[0].value = hostile
    report.metrics[6].label = `Never calls ${hostile}`
    report.warnings.push({ code: 'different-tasks', severity: 'conclusion', message: hostile })
    const html = render(compareMarkdown(report))
    expect(html).not.toMatch(/<img|<a |<em>|<del>|<script/)
    // The hostile text survives as text (entities are how HTML says `<`, `&`).
    const asText = hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    expect(html).toContain(`<h1>${asText} vs`)
    expect(html).toContain(`<code>${asText.replace('`tick`', '`tick`')}</code>`)
    // The summary and per-category tables keep 6 and 9 cells per row: the `|` did not split the hostile cells.
    const rows = html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []
    expect(rows.filter((r) => r.includes('onerror')).map((r) => r.match(/<td/g)?.length)).toEqual([6, 9])
    // the up-front warning reads as text too
    expect(html).toContain(`<strong>Check before concluding:</strong> ${asText}</`)
    // Newlines inside a key do not end the list item.
    expect(html).toContain('<code>a b</code>')
  })

  it('mdCode picks a fence longer than any backtick run; mdText escapes markup and cuts long text', () => {
    expect(mdCode('a`b')).toBe('``a`b``')
    expect(mdCode('`x`')).toBe('`` `x` ``')
    expect(mdCode('a|b', true)).toBe('`a\\|b`')
    expect(mdText('a_b*c<d>[e]')).toBe('a_b\\*c\\<d>\\[e\\]')
    // an `_` inside a word and a `<` before a space or digit start nothing: left as written
    expect(mdText('p < 0.001, p<5, a<b, x</y, _em_ snake_case_name __init__')).toBe(
      'p < 0.001, p<5, a\\<b, x\\</y, \\_em\\_ snake_case_name \\_\\_init\\_\\_'
    )
    expect(render(mdText('_em_ snake_case_name *b* a<b>c __init__ x_<i>'))).toBe(
      '<p>_em_ snake_case_name *b* a&lt;b&gt;c __init__ x_&lt;i&gt;</p>'
    )
    expect(mdText('see https://x.io or www.y.io, me@z.io')).toBe('see https\\:\\/\\/x.io or www\\.y.io, me\\@z.io')
    expect(mdText('x'.repeat(300))).toHaveLength(120)
    expect(render(mdText('see https://x.io or www.y.io, me@z.io'))).not.toContain('<a ')
  })
})
