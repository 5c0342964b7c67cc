/**
 * The N-way renderers (Markdown, terminal, HTML) over a report-004-shaped MultiCompareReport: the runs table as the
 * report writes it (mean (σ), range, steps mean and range, tokens, generation time, zero-delegation share), the
 * changes "From → To | Absolute | Relative" against the baseline and the previous run, the rollout rewards, warnings
 * placed by severity, and hostile names inert.
 */
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { parse } from 'parse5'
import { describe, expect, it } from 'vitest'
import { multiCompareMarkdown } from '../../../src-main/report/multi-markdown'
import { formatMultiCompare } from '../../../src-main/report/multi-text'
import { multiCompareHtml } from '../../../src-main/report/multi-html'
import { changeLines, statCell } from '../../../src-main/report/multi-sections'
import { demoMultiReport } from './multi-fixture'

const render = (md: string): string => micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })

function section(md: string, title: string): string {
  const start = md.indexOf(`\n## ${title}`)
  expect(start, title).toBeGreaterThan(-1)
  const end = md.indexOf('\n## ', start + 1)
  return md.slice(start + 1, end === -1 ? undefined : end)
}

describe('multiCompareMarkdown', () => {
  const md = multiCompareMarkdown(demoMultiReport())

  it('opens with each run against the baseline, then the warning that can change that', () => {
    const lines = md.split('\n')
    expect(lines[0]).toBe(
      '# 3 runs side by side: deeprepo · Qwen3-8B, deeprepo · Qwen3-30B-A3B, deeprepo · 30B GRPO step 99'
    )
    expect(lines[2]).toBe('Baseline: **deeprepo · Qwen3-8B**.')
    expect(lines[4]).toBe(
      '- **deeprepo · Qwen3-30B-A3B** (B) against **deeprepo · Qwen3-8B** (A): B is better: +0.234 mean reward (95% CI +0.05 to +0.41), on 3 shared tasks.'
    )
    expect(lines[5]).toMatch(/^- \*\*deeprepo · 30B GRPO step 99\*\* \(B\) against/)
    expect(lines[7]).toBe(
      '- ⚠ **Check before concluding:** Only 3 shared tasks: small changes cannot be told from noise.'
    )
    expect(section(md, 'Caveats')).toContain('Sampling settings differ')
    expect(md.indexOf('Only 3 shared tasks')).toBeLessThan(md.indexOf('## Runs'))
  })

  it("has report 004's table: mean (σ), range, steps mean (range), tokens, generation time, zero-delegation rate", () => {
    const s = section(md, 'Runs')
    expect(s).toContain(
      '|  | deeprepo · Qwen3-8B (baseline) | deeprepo · Qwen3-30B-A3B | deeprepo · 30B GRPO step 99 |'
    )
    expect(s).toContain('| Mean reward | 0.551 (σ 0.173) | 0.785 (σ 0.100) | 0.987 (σ 0.018) |')
    expect(s).toContain('| Reward range | 0.200 – 0.729 | 0.636 – 0.900 | 0.962 – 1.000 |')
    expect(s).toContain('| Mean steps | 3.67 (2 – 5) | 8.67 (5 – 18) | 6 (6 – 6) |')
    expect(s).toContain('| Tokens in | 6,175 | 14,599 | 8,585 |')
    expect(s).toContain('| Generation time | 12 s (9 s – 15 s) | 34 s (20 s – 1 min) | 35 s (31 s – 39 s) |')
    expect(s).toContain('| Never calls llm_batch | 16.7% (1/6) | 0% (0/6) | 0% (0/6) |')
    expect(s).toContain('| Episodes | 6 | 6 | 6 |')
    expect(s.split('population standard deviation').length - 1).toBe(1)
  })

  it('has the changes against the baseline and the previous run, each once, with paired CIs', () => {
    const s = section(md, 'Changes')
    expect(s).toContain('| Metric | From → To | Absolute | Relative | 95% CI | Shared tasks |')
    // report 004: +0.234 (+42.5%), +0.202 (+25.7%), +0.436 (+79.1% from its rounded figures; 79.2% unrounded)
    expect(s).toContain(
      '| Mean reward | deeprepo · Qwen3-8B → deeprepo · Qwen3-30B-A3B | +0.234 | +42.5% | +0.050 to +0.410 | 3 |'
    )
    expect(s).toContain(
      '| Mean reward | deeprepo · Qwen3-30B-A3B → deeprepo · 30B GRPO step 99 | +0.202 | +25.7% | +0.100 to +0.300 | 3 |'
    )
    expect(s).toContain(
      '| Mean reward | deeprepo · Qwen3-8B → deeprepo · 30B GRPO step 99 | +0.436 | +79.2% | +0.300 to +0.570 | 3 |'
    )
    expect(s).toContain(
      '| Tokens in | deeprepo · Qwen3-30B-A3B → deeprepo · 30B GRPO step 99 | −6,013 | −41.2% | – | – |'
    )
    expect(s.match(/^\| Mean reward \|/gm)).toHaveLength(3)
  })

  it("lists each task's rollout rewards per run", () => {
    const s = section(md, 'Rewards per rollout')
    expect(s).toContain('| `ex-0` | 0.200, 0.700 | 0.636, 0.887 | 0.962, 0.962 |')
    expect(s).toContain('3 tasks are in every run.')
  })

  it('renders hostile run names, labels, task keys and warnings as text', () => {
    const hostile = '<img src=x onerror=alert(1)> *em* | [l](http://evil.example)'
    const r = demoMultiReport()
    r.runs[1].name = hostile
    r.rows[4].label = hostile
    r.perTask[0].taskKey = hostile
    r.warnings.push({ code: 'different-tasks', severity: 'conclusion', message: hostile })
    const html = render(multiCompareMarkdown(r))
    expect(html).not.toMatch(/<img|<a |<em>/)
    // every table row keeps its cells (4 in the runs table and the rollouts, 6 in the changes)
    const counts = (html.match(/<tr>[\s\S]*?<\/tr>/g) ?? [])
      .filter((row) => row.includes('onerror'))
      .map((row) => row.match(/<t[dh]/g)?.length)
    expect(counts).toEqual([4, 4, 6, 6, 6, 6, 6, 6, 6, 6, 4, 4])
  })
})

describe('multi-sections', () => {
  it('writes each unit as report 004 does, and a lone value without a range', () => {
    expect(statCell({ unit: 'rate' }, { count: 6, mean: 1 / 6, std: 0.37, min: 0, max: 1 })).toBe('16.7% (1/6)')
    expect(statCell({ unit: 'ms' }, { count: 1, mean: 34000, std: 0, min: 34000, max: 34000 })).toBe('34 s')
    expect(statCell({ unit: 'reward' }, { count: 1, mean: 0.5, std: 0, min: 0.5, max: 0.5 })).toBe('0.500')
    expect(statCell({ unit: 'reward' }, null)).toBe('–')
  })

  it('lists a change against the previous run only where the previous run is not the baseline', () => {
    const r = demoMultiReport()
    r.baseline = 1
    r.rows[0].vsBaseline = [r.rows[0].vsPrevious[1], null, r.rows[0].vsPrevious[2]]
    const lines = changeLines(r).filter((l) => l.label === 'Mean reward')
    expect(lines.map((l) => `${l.from} → ${l.to} (${l.against})`)).toEqual([
      'deeprepo · Qwen3-30B-A3B → deeprepo · Qwen3-8B (baseline)',
      'deeprepo · Qwen3-30B-A3B → deeprepo · 30B GRPO step 99 (baseline)',
      'deeprepo · Qwen3-8B → deeprepo · Qwen3-30B-A3B (previous)'
    ])
  })
})

describe('formatMultiCompare', () => {
  const text = formatMultiCompare(demoMultiReport())

  it('prints the verdicts, the runs table, the changes and the rollout rewards', () => {
    const lines = text.split('\n')
    expect(lines[0]).toBe(
      'deeprepo · Qwen3-30B-A3B (B) against deeprepo · Qwen3-8B (A): B is better: +0.234 mean reward (95% CI +0.05 to +0.41), on 3 shared tasks.'
    )
    expect(lines[2]).toBe('  ! Check before concluding: Only 3 shared tasks: small changes cannot be told from noise.')
    expect(text).toMatch(/^Mean reward\s+0\.551 \(σ 0\.173\)\s+0\.785 \(σ 0\.100\)\s+0\.987 \(σ 0\.018\)$/m)
    expect(text).toMatch(/^Mean steps\s+3\.67 \(2 – 5\)\s+8\.67 \(5 – 18\)\s+6 \(6 – 6\)$/m)
    // runs are numbered in a legend: long names sharing a prefix would read alike cut to a column
    expect(text).toContain(
      'RUNS\n  #1  deeprepo · Qwen3-8B (baseline)  (run-8b; Qwen/Qwen3-8B; deeprepo-orchestration)\n  #2  deeprepo · Qwen3-30B-A3B  ('
    )
    expect(text).toMatch(/^METRIC\s+#1 BASELINE\s+#2\s+#3$/m)
    expect(text).not.toMatch(/^Model /m)
    expect(text).toMatch(/^Mean reward\s+#2 → #3\s+\+0\.202\s+\+25\.7%\s+\+0\.100 to \+0\.300\s+3$/m)
    expect(text).toMatch(/^ex-1\s+0\.729, 0\.600\s+0\.900, 0\.700\s+1\.000, 1\.000$/m)
    expect(text).toContain('CAVEATS\n  - deeprepo · Qwen3-8B vs deeprepo · Qwen3-30B-A3B: Sampling settings differ')
  })

  it('keeps control characters of a run name off the terminal', () => {
    const r = demoMultiReport()
    r.runs[2].name = 'evil\u001b]0;title\u0007name'
    expect(formatMultiCompare(r)).not.toMatch(/\u001b|\u0007/)
  })
})

describe('multiCompareHtml', () => {
  it('is one well-formed page without scripts, with the same tables, and escapes hostile names', () => {
    const r = demoMultiReport()
    r.runs[1].name = '</td><script>alert(1)</script>'
    const page = multiCompareHtml(r)
    const errors: string[] = []
    parse(page, { onParseError: (e) => errors.push(e.code) })
    expect(errors).toEqual([])
    expect(page).not.toContain('<script')
    expect(page).toContain("script-src 'none'")
    expect(page).toContain('<strong>&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;</strong> (B) against')
    expect(page).toContain('<td>Mean reward</td><td class="num">0.551 (σ 0.173)</td>')
    expect(page).toContain('<h2>Changes</h2>')
    expect(page).toContain('<td><code>ex-0</code></td><td class="num">0.200, 0.700</td>')
  })
})
