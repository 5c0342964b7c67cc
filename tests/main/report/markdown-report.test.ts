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

  it('opens with both runs and says the numbers are on the shared tasks', () => {
    const head = md.split('\n').slice(0, 6)
    expect(head[0]).toBe('# repo-repair · qwen3-8b (base) vs repo-repair · qwen3-8b GRPO step 400')
    expect(head[2]).toBe('- **A:** repo-repair · qwen3-8b (base) (qwen3-8b, repo-repair, chat-jsonl, step 0): 64 episodes, 16 tasks, 4 rollouts per task')
    expect(head[3]).toContain('- **B:** repo-repair · qwen3-8b GRPO step 400 (qwen3-8b-grpo-step400, repo-repair, chat-jsonl, step 400)')
    expect(head[5]).toMatch(/^> Every number is computed on the 16 tasks both runs have;/)
  })

  it('has a summary table: metric | A | B | Δ | Δ% | 95% CI, bold where the CI excludes 0', () => {
    const s = section(md, 'Summary')
    expect(s).toContain('| Metric | A | B | Δ | Δ% | 95% CI |')
    expect(s).toContain('| Mean reward | 0.732 | 0.877 | **+0.146** | +19.9% | [+0.07, +0.225] |')
    expect(s).toContain('| Pass rate | 31.3% | 62.5% | **+31.3 pp** | +100.0% | [+14.1, +48.4] pp |')
    expect(s).toContain('| Mean turns | 17.4 | 18.6 | +1.2 | +6.9% | [-0.9, +3.2] |')
    expect(s).toContain('| Tokens in | 9,877 | 10,422 | +546 | +5.5% | [-310, +1,403] |')
    expect(s).toContain('| Duration | 41.3 s | 38.9 s | -2.4 s | -5.7% | [-6.1 s, +1.4 s] |')
    expect(s).toContain('| Reward std | 0.31 | 0.234 | -0.077 | -24.7% | n/a |')
    expect(s).toContain('| Episodes never calling edit\\_file | 9.4% | 3.1% | -6.3 pp | -66.7% | [-15.6, +3.1] pp |')
  })

  it('has the flip table, McNemar p and both flip lists', () => {
    const s = section(md, 'Flips')
    expect(s).toContain('| **A pass** | 1 still pass | 1 broken |')
    expect(s).toContain('| **A fail** | 8 fixed | 6 still fail |')
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
    expect(section(md, 'pass@k and pass^k')).toContain('| 4 | 16 | 56.3% | 81.3% | +25.0 pp | 12.5% | 37.5% | +25.0 pp |')
  })

  it('breaks down per category with the best and worst called out and success counts', () => {
    const s = section(md, 'Per category')
    expect(s).toContain('### difficulty\n\nBest: **easy** (+0.238); worst: **hard** (-0.012).')
    expect(s).toContain('| medium | 6 | 0.717 | 0.916 | +0.2 | [+0.05, +0.34] | 0/6 → 4/6 |')
    expect(s).toContain('| hard | 5 | 0.769 | 0.758 | -0.012 | [-0.13, +0.11] | 1/5 → 0/5 |')
    expect(s).toContain('### archetype\n\nBest: **import-error** (+0.211); worst: **off-by-one** (+0.028).')
  })

  it('groups the broken tasks by category, or lists them when the report has no task categories', () => {
    expect(section(md, 'Failures')).toContain('## Failures: broken tasks by difficulty\n\nTasks A passed and B failed.\n\n- **hard** (1): `rr-015-sched-cron`')
    const report = demoCompareReport()
    delete report.flipCategories
    expect(section(compareMarkdown(report), 'Failures')).toContain('## Failures: broken tasks\n\nTasks A passed and B failed.\n\n- **(no value)** (1):')
    report.flips.broken = []
    expect(section(compareMarkdown(report), 'Failures')).toContain('No task broke')
  })

  it('gives RR@k at 5, 10, 15 and 20 only', () => {
    const s = section(md, 'Success within k steps')
    expect(s.match(/^\| \d+ \|/gm)).toEqual(['| 5 |', '| 10 |', '| 15 |', '| 20 |'])
    expect(s).toContain('| 10 | 12.5% | 34.4% | +21.9 pp |')
  })

  it('writes the caveats from the warnings, the CI note and the CI method', () => {
    const lines = section(md, 'Caveats').trim().split('\n').slice(2)
    expect(lines).toEqual([
      '- Sampling settings differ: temperature 0.7 (A) vs 1.0 (B).',
      '- Only 16 shared tasks: the 95% CI cannot exclude deltas smaller than 5 points.',
      expect.stringMatching(/^- A 95% CI that excludes 0 means/),
      '- CIs: paired bootstrap over shared tasks, 2000 resamples, seed 1 (rerun with the same seed for the same numbers).'
    ])
  })

  it('lists tasks only one run has', () => {
    const report = demoCompareReport()
    Object.assign(report, { onlyA: 2, onlyATasks: ['x-1', 'x-2'], onlyB: 1, onlyBTasks: ['y-1'] })
    const out = compareMarkdown(report)
    expect(out).toContain('(2 only in A, 1 only in B, left out)')
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
    const html = render(compareMarkdown(report))
    expect(html).not.toMatch(/<img|<a |<em>|<del>|<script/)
    // The hostile text survives as text (entities are how HTML says `<`, `&`).
    const asText = hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    expect(html).toContain(`<h1>${asText} vs`)
    expect(html).toContain(`<code>${asText.replace('`tick`', '`tick`')}</code>`)
    // The per-category table still has 7 cells per row: the `|` did not split the hostile cell.
    const row = html.match(/<tr>[\s\S]*?<\/tr>/g)?.find((r) => r.includes('onerror'))
    expect(row?.match(/<td/g)).toHaveLength(7)
    // Newlines inside a key do not end the list item.
    expect(html).toContain('<code>a b</code>')
  })

  it('mdCode picks a fence longer than any backtick run; mdText escapes markup and cuts long text', () => {
    expect(mdCode('a`b')).toBe('``a`b``')
    expect(mdCode('`x`')).toBe('`` `x` ``')
    expect(mdCode('a|b', true)).toBe('`a\\|b`')
    expect(mdText('a_b*c<d>[e]')).toBe('a\\_b\\*c\\<d\\>\\[e\\]')
    expect(mdText('see https://x.io or www.y.io, me@z.io')).toBe('see https\\:\\/\\/x.io or www\\.y.io, me\\@z.io')
    expect(mdText('x'.repeat(300))).toHaveLength(120)
    expect(render(mdText('see https://x.io or www.y.io, me@z.io'))).not.toContain('<a ')
  })
})
