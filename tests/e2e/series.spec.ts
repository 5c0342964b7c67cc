/**
 * The checkpoint series over the demo workspace: three runs ticked → "As a series". Each column is over its whole run
 * (the same figures the side-by-side table shows), the chart follows the chosen metric, tasks that flipped are listed,
 * and Esc goes back to the runs.
 */
import { expect, type Page } from '@playwright/test'
import { DEMO_RUNS, openApp } from './e2e-helpers'
import { test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const TRAINED_RUN = 'repo-repair · qwen3-8b-grpo-step400 (trained)'
const TRAINING_RUN = 'repo-repair-grpo-qwen3-8b'

const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })
const cells = (page: Page, key: string) =>
  page.locator(`[data-testid="series-row"][data-key="${key}"] [data-testid="series-cell"]`)

test('three runs as a checkpoint series: whole-run figures per checkpoint, flips, Esc back', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.setViewportSize({ width: 1440, height: 900 })
  await openApp(page, server.url, DEMO_RUNS)

  await test.step('tick three runs, open them as a series', async () => {
    for (const name of [BASE_RUN, TRAINED_RUN, TRAINING_RUN]) await runRow(page, name).getByTestId('run-pick').check()
    await page.getByTestId('series-open').click()
    await expect(page.getByTestId('series-table')).toBeVisible({ timeout: 20_000 })
    expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/^#\/series\/[^,]+,[^,]+,[^,?]+$/)
  })

  await test.step('each column is over its whole run: the figures the side-by-side table shows', async () => {
    await expect(page.getByTestId('series-basis')).toContainText('Each column is over its whole checkpoint')
    await expect(cells(page, 'reward')).toHaveCount(3)
    // columns are named by run; the training run records no checkpoint step, so the runs go in the order ticked
    await expect(page.getByTestId('series-head').nth(0)).toHaveText(`${BASE_RUN}#1`)
    await expect(page.getByTestId('series-head').nth(2)).toContainText(TRAINING_RUN)
    // base and trained: 0.731 and 0.877 over their 64 episodes (the runs table and the N-way table say the same)
    await expect(cells(page, 'reward').nth(0)).toHaveText('0.731')
    await expect(cells(page, 'reward').nth(1)).toHaveText('0.877')
    await expect(cells(page, 'passRate').nth(1)).toHaveText('62.5%')
    await expect(page.getByTestId('chart-series')).toBeVisible()
    await page.getByTestId('series-metric').selectOption('passRate')
    await expect(page.getByTestId('series-flips')).toContainText('learned')
    await shotMatrix(page, 'series-01-table')
  })

  await test.step('Esc goes back to the runs', async () => {
    await page.getByTestId('series-table').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('runs-table')).toBeVisible()
    await expect(page.getByTestId('series-view')).toHaveCount(0)
  })
  expect(pageErrors).toEqual([])
})
