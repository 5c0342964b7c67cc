/**
 * Issue 14 over the demo's prime-rl run (rollouts/step_N/train/{all,effective}: 10 steps drawing 4 of 12 problems,
 * groups of 6): open the training run, read its curve (the whole batch beside what the batch filters kept), click a
 * step, open its worst group's rollouts, and compare step 0 with the last step like two runs.
 */
import { expect } from '@playwright/test'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const TRAIN_RUN = 'rl-math-prime-rl · train'

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('a prime-rl training run: its curve, a step’s worst group, step 0 against the last step', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, TRAIN_RUN)
  // the run has no success flag: a correct answer scores 1 (+0.2 for the format), so pass at 1
  await page.getByTestId('pass-threshold-input').fill('1')
  await page.getByTestId('pass-threshold-input').press('Enter')
  await expect(page.getByTestId('pass-threshold-kind')).toHaveText('custom')

  await test.step('the run opens on its curve: 10 steps of 24 rollouts, the kept batch beside the whole', async () => {
    await page.getByTestId('run-bar').getByTestId('open-curve').click()
    await expect(page.getByTestId('curve-view')).toBeVisible()
    await expect(page.getByTestId('curve-summary')).toContainText(/^10 training steps .*, 240 rollouts/)
    await expect(page.getByTestId('curve-row')).toHaveCount(10)
    await expect(page.getByTestId('chart-curve-kept')).toHaveAttribute('data-drawn', 'true')
    await expect(page.getByTestId('curve-panel-kept')).toContainText('kept (effective)')
    // every step's mean equals the one prime-rl logged in metrics.jsonl
    await expect(page.getByTestId('curve-producer-check')).toContainText(
      '✓ The mean reward of each of the 10 logged steps equals the trainer’s own (train/agg/all/agent/reward/mean'
    )
    await expect(page.getByTestId('curve-producer').first()).toContainText('✓')
    // the kept column: how many rollouts the filters kept at step 0, and their mean
    await expect(page.locator('[data-testid="curve-row"][data-step="0"] td').last()).toHaveText(/^\d+ \(\d\.\d+\)$/)
    await shotMatrix(page, 'training-00-curve')
  })

  await test.step('per task: first solved, learned, forgotten, over the steps each was drawn at', async () => {
    await expect(page.getByTestId('curve-learned')).toHaveText(/^\d+ learned, \d+ forgotten$/)
    const first = page.getByTestId('curve-task').first()
    await expect(first.getByTestId('task-first-solved')).toHaveText(/^step \d+$/)
    await page.getByTestId('curve-tasks').scrollIntoViewIfNeeded()
    await shot(page, 'training-05-tasks-1440-light')
  })

  await test.step('hovering a point reads the step, kept of all included', async () => {
    await page.getByTestId('curve-summary').scrollIntoViewIfNeeded()
    const over = page.getByTestId('chart-curve-reward').locator('.u-over')
    const box = (await over.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2)
    await expect(page.getByTestId('curve-readout')).toContainText(/step \d+ · 24 rollouts of 4 tasks .* kept \d+ of 24/)
  })

  let worstTask = ''
  await test.step('clicking the last step shows its best and worst groups', async () => {
    const over = page.getByTestId('chart-curve-reward').locator('.u-over')
    const box = (await over.boundingBox())!
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2)
    await expect(page.getByTestId('curve-readout')).toContainText('step 9 ·')
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2)
    const panel = page.getByTestId('curve-step')
    await expect(panel).toHaveAttribute('data-step', '9')
    await expect(panel).toContainText(/24 rollouts of 4 tasks · .* no signal [0-9.]+% of 4 groups/)
    // 4 groups: all in the best list, the worst list says so
    await expect(page.getByTestId('curve-best-group')).toHaveCount(4)
    await expect(page.getByTestId('curve-best-group').first().getByTestId('rollout-cell')).toHaveCount(6)
    await expect(panel).toContainText('Every group of the step is in the other list.')
    worstTask = (await page.getByTestId('curve-best-group').last().getAttribute('data-task')) ?? ''
    expect(worstTask).not.toBe('')
    await shotMatrix(page, 'training-01-step', async () => page.getByTestId('curve-step').scrollIntoViewIfNeeded())
  })

  await test.step('the worst group opens its 6 rollouts of that step, worst first', async () => {
    await page.getByTestId('curve-best-group').last().click()
    await expect(page.getByTestId('episodes-panel')).toBeVisible()
    await expect(page.getByTestId('episode-filter')).toHaveValue(`step == 9 and task == ${JSON.stringify(worstTask)}`)
    await expect(page.getByTestId('episode-count')).toHaveText('6 of 240 episodes')
    await shot(page, 'training-02-worst-group-1440-light')
    await page.goBack()
    await expect(page.getByTestId('curve-view')).toBeVisible()
  })

  await test.step('step 0 against the last step: the prompts both drew are paired, the batches stand beside', async () => {
    await expect(page.getByTestId('curve-compare-a')).toHaveValue('0')
    await expect(page.getByTestId('curve-compare-b')).toHaveValue('9')
    await page.getByTestId('curve-compare-go').click()
    await expect(page.getByTestId('compare-view')).toBeVisible()
    expect(new URL(page.url()).hash).toMatch(/\?stepA=0&stepB=9$/)
    await expect(page.getByTestId('compare-run-a')).toContainText(`${TRAIN_RUN} @ step 0`)
    await expect(page.getByTestId('compare-run-b')).toContainText(`${TRAIN_RUN} @ step 9`)
    await expect(page.getByTestId('compare-run-a').getByTestId('compare-side-step')).toHaveText('0')
    await expect(page.getByTestId('compare-metric').first()).toBeVisible()
    await shotMatrix(page, 'training-03-compare-steps')
    await page.getByTestId('compare-tab-groups').click()
    await expect(page.getByTestId('group-row').first()).toBeVisible()
    await shot(page, 'training-04-compare-steps-groups-1440-light')
    await page.getByTestId('compare-back').click()
    await expect(page.getByTestId('curve-view')).toBeVisible()
  })
  expect(pageErrors).toEqual([])
})
