/**
 * Issue 12 §6 over the demo's GRPO training run (a hosted-RL export, 10 steps × 8 problems × 4 rollouts): the run
 * reads as a training run; its curve draws each step's whole batch (mean reward ± σ, pass rate, groups without
 * signal, steps, tokens) as panels and a table; hovering a point reads it, clicking shows that step's best and worst
 * groups, from which its episodes open (`step == N`), Back returns; tasks learned and forgotten are listed.
 */
import { expect } from '@playwright/test'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const TRAINING_RUN = 'repo-repair-grpo-qwen3-8b'

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('the training run’s curve: panels and table by step; a point shows that step, whose episodes open', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)

  await test.step('ticking the training run in the runs table offers its curve and its breakdown', async () => {
    const row = page
      .getByTestId('run-row')
      .filter({ has: page.getByTestId('run-col-name').filter({ hasText: TRAINING_RUN }) })
    await row.getByTestId('run-pick').check()
    await expect(page.getByTestId('compare-bar').getByTestId('open-curve')).toBeVisible()
    await expect(page.getByTestId('compare-bar').getByTestId('open-breakdown')).toBeVisible()
    await shot(page, 'curve-00-entry-1440-light')
    await row.getByTestId('run-pick').uncheck()
  })
  await selectRun(page, TRAINING_RUN)

  await test.step('the run reads as a training run: its bar offers the curve; its figures are counted in steps', async () => {
    await expect(page.getByTestId('run-facts')).toContainText('Steps')
    await expect(page.getByTestId('run-facts')).toContainText('Ended by')
    await page.getByTestId('run-bar').getByTestId('open-curve').click()
    await expect(page.getByTestId('curve-view')).toBeVisible()
    expect(new URL(page.url()).hash).toMatch(/^#\/curve\/[^/]+$/)
  })

  await test.step('one point per step over the whole batch; every panel drawn', async () => {
    await expect(page.getByTestId('curve-row')).toHaveCount(10)
    await expect(page.getByTestId('curve-row').first()).toContainText('32')
    await expect(page.getByTestId('curve-summary')).toContainText(/^10 training steps .*, 320 rollouts/)
    for (const panel of ['reward', 'passRate', 'noSignal', 'steps', 'tokensOut', 'tokensIn', 'truncated']) {
      await expect(page.getByTestId(`chart-curve-${panel}`)).toHaveAttribute('data-drawn', 'true')
    }
    await expect(page.getByTestId('curve-learned')).toHaveText(/^\d+ learned, \d+ forgotten$/)
    await expect(page.getByTestId('curve-task').first()).toBeVisible()
    await expect(page.getByTestId('std-note')).toContainText('population standard deviation')
  })

  let step = ''
  await test.step('hovering the reward panel reads a step, in every panel at once', async () => {
    const over = page.getByTestId('chart-curve-reward').locator('.u-over')
    const box = (await over.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.72, box.y + box.height / 2)
    await expect(page.getByTestId('curve-readout')).toContainText(/step \d+ · 32 rollouts of 8 tasks/)
    step = /step (\d+)/.exec((await page.getByTestId('curve-readout').innerText()) ?? '')![1]
    await expect(page.locator(`[data-testid="curve-row"][data-step="${step}"]`)).toHaveAttribute('aria-current', 'true')
    await shotMatrix(page, 'curve-01-panels', async () => {
      const b = (await over.boundingBox())!
      await page.mouse.move(b.x + b.width * 0.72, b.y + b.height / 2)
    })
  })

  await test.step('a click shows that step’s groups; its 32 episodes open from there; Back returns', async () => {
    const over = page.getByTestId('chart-curve-reward').locator('.u-over')
    const box = (await over.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.72, box.y + box.height / 2)
    await expect(page.getByTestId('curve-readout')).toContainText(`step ${step} ·`)
    // the shown groups' rollouts in one request (not one per group)
    const asked: string[] = []
    const count = (r: { url(): string; postData(): string | null }) => {
      const m = /\/api\/(groupRollouts|listEpisodes)$/.exec(new URL(r.url()).pathname)
      if (m && (m[1] === 'groupRollouts' || (r.postData() ?? '').includes('"taskKey"'))) asked.push(m[1])
    }
    page.on('request', count)
    await page.mouse.click(box.x + box.width * 0.72, box.y + box.height / 2)
    await expect(page.getByTestId('curve-step')).toHaveAttribute('data-step', step)
    await expect(page.getByTestId('curve-best-group')).toHaveCount(5)
    // 8 groups at a step: the worst list holds the 3 the best list does not show
    await expect(page.getByTestId('curve-worst-group')).toHaveCount(3)
    // each group's 4 rollouts at the step drawn as cells
    await expect(page.getByTestId('curve-worst-group').last().getByTestId('rollout-cell')).toHaveCount(4)
    // each group says which task it is, beside its prompt
    const worst = page.getByTestId('curve-worst-group').last()
    await expect(worst.getByTestId('curve-group-task')).toHaveText((await worst.getAttribute('data-task'))!)
    page.off('request', count)
    expect(asked).toEqual(['groupRollouts'])
    await page.getByTestId('curve-step-open').click()
    await expect(page.getByTestId('episodes-panel')).toBeVisible()
    await expect(page.getByTestId('episode-filter')).toHaveValue(`step == ${step}`)
    await expect(page.getByTestId('episode-count')).toHaveText('32 of 320 episodes')
    await expect(page.getByRole('columnheader', { name: 'Step', exact: true })).toBeVisible()
    await page.goBack()
    await expect(page.getByTestId('curve-view')).toBeVisible()
    // the step picked is in the link: Back comes back to it
    expect(new URL(page.url()).hash).toMatch(new RegExp(`^#/curve/[^/?]+\\?step=${step}$`))
    await expect(page.getByTestId('curve-step')).toHaveAttribute('data-step', step)
  })

  await test.step('a row of the table picks its step too (keyboard: Enter)', async () => {
    await page.locator('[data-testid="curve-row"][data-step="0"]').focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('curve-step')).toHaveAttribute('data-step', '0')
    await expect(page.locator('[data-testid="curve-row"][data-step="0"]')).toHaveAttribute('aria-current', 'true')
    // a reload (or the link shared) shows the same step's groups
    await page.reload()
    await expect(page.getByTestId('curve-step')).toHaveAttribute('data-step', '0')
    await expect(page.getByTestId('curve-best-group')).toHaveCount(5)
    await page.getByTestId('curve-table').scrollIntoViewIfNeeded()
    await shotMatrix(page, 'curve-02-table', async () => page.getByTestId('curve-tasks').scrollIntoViewIfNeeded())
    expect(pageErrors).toEqual([])
  })
})
