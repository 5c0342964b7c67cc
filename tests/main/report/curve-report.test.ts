/**
 * The training-curve renderers (Markdown, terminal) over report 004's reward progression: the step table with the
 * columns the run has, σ, GRPO's groups without signal as "25% (4/16)", and the tasks learned and forgotten with
 * their steps.
 */
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { describe, expect, it } from 'vitest'
import { curveMarkdown } from '../../../src-main/report/curve-markdown'
import { formatCurve } from '../../../src-main/report/curve-text'
import { forgottenTasks, learnedTasks } from '../../../src-main/report/curve-sections'
import { demoCurve } from './curve-fixture'

const render = (md: string): string => micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })

describe('curveMarkdown', () => {
  const md = curveMarkdown(demoCurve())

  it("has one row per step over the step's whole batch, with the columns the run has figures for", () => {
    expect(md.split('\n')[0]).toBe('# deeprepo · GRPO training: training curve')
    expect(md).toContain('11 steps (0 to 99); each row is the whole batch the trainer wrote at that step')
    expect(md).toContain(
      '| Step | Episodes | Tasks | Mean reward | σ | Min – max | Mean steps | Tokens in | Tokens out | No-signal groups | Errors |'
    )
    // report 004: "Step 90: reward=0.8518 turns=5.11"
    expect(md).toContain(
      '| 90 | 128 | 16 | 0.852 | 0.048 | 0.200 – 1.000 | 5.11 | 9,300 | 2,300 | 56.3% (9/16) | 0.8% |'
    )
    expect(md).toContain('| 0 | 128 | 16 | 0.844 | 0.120 | 0.200 – 1.000 | 7.57 | 12,000 | 2,300 | 0% (0/16) | 0% |')
    // no pass rate (no verdicts) and no truncation: no such columns
    expect(md).not.toContain('Pass rate')
    expect(md).not.toContain('Truncated')
    expect(md.split('population standard deviation').length - 1).toBe(1)
  })

  it('lists the tasks learned and forgotten with their steps, and the notes', () => {
    expect(md).toContain('16 tasks were sampled at two or more steps. Learned: ends passing after failing')
    // a task learned then forgotten counts once, among the forgotten (as the app counts)
    expect(md).toContain('- **Learned (2):** `repo-auth` (step 20), `repo-ledger` (step 99)')
    expect(md).toContain('- **Forgotten (1):** `repo-cache` (passed at step 80, failed at 90)')
    expect(md).toContain('## Notes\n\n- 3 of 1411 episodes carry no training step and are not on the curve.')
  })

  it('puts a warning that can change the reading under the title, and renders hostile task keys as code', () => {
    const c = demoCurve()
    c.warnings.unshift({ code: 'no-verdict', severity: 'conclusion', message: 'No pass/fail verdict.' })
    c.tasks[0].taskKey = '<img src=x onerror=alert(1)>`x`'
    const out = curveMarkdown(c)
    expect(out.split('\n')[4]).toBe('- ⚠ **Check before concluding:** No pass/fail verdict.')
    expect(render(out)).not.toContain('<img')
  })
})

describe('curve-sections', () => {
  it("reads the learned step and the forgotten steps from each task's verdicts over the points", () => {
    const c = demoCurve()
    // lost at 90 and passing at 99 is learned (from 99), not forgotten; the last pass before the fail it ends on
    expect(learnedTasks(c)).toEqual([
      { taskKey: 'repo-auth', step: 20 },
      { taskKey: 'repo-ledger', step: 99 }
    ])
    expect(forgottenTasks(c)).toEqual([{ taskKey: 'repo-cache', passedAt: 80, failedAt: 90 }])
  })
})

describe('formatCurve', () => {
  it('prints the step table (σ stays σ) and the task changes', () => {
    const text = formatCurve(demoCurve())
    expect(text.split('\n')[0]).toBe("deeprepo · GRPO training: 11 steps (0 to 99), each over the step's whole batch")
    expect(text).toMatch(
      /^STEP\s+EPISODES\s+TASKS\s+MEAN REWARD\s+σ\s+MIN – MAX\s+MEAN STEPS\s+TOKENS IN\s+TOKENS OUT\s+NO-SIGNAL GROUPS\s+ERRORS$/m
    )
    expect(text).toMatch(
      /^\s+99\s+128\s+16\s+0\.969\s+0\.040\s+0\.200 – 1\.000\s+6\.01\s+9,000\s+2,300\s+62\.5% \(10\/16\)\s+0%$/m
    )
    expect(text).toContain('TASKS  16 sampled at two or more steps; learned 2, forgotten 1')
    expect(text).toContain('  forgotten  repo-cache (80 → 90)')
    expect(text).toContain('  (learned: ends passing after failing at an earlier step; forgotten: ends failing')
    // a run without a pass/fail verdict follows no task: said so, not "0 sampled at two or more steps"
    const unjudged = demoCurve()
    unjudged.tasks = []
    unjudged.followedTasks = 0
    unjudged.warnings.push({ code: 'no-verdict', severity: 'caveat', message: 'No pass/fail verdict.' })
    expect(formatCurve(unjudged)).toContain('TASKS  not followed: the run has no pass/fail verdict')
    expect(formatCurve(unjudged)).not.toContain('sampled at two or more')
    expect(curveMarkdown(unjudged)).toContain('Tasks not followed: the run has no pass/fail verdict')
  })
})
