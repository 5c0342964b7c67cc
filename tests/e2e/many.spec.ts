/**
 * Issue 12 §8 over the demo workspace: three runs (base, trained, the GRPO training run) ticked → "Side by side":
 * one table of every run's whole-run figures (mean, σ, range) with absolute and relative changes and paired CIs
 * against the baseline, each run's verdict first; another baseline, changes against the previous run, a reload.
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
  page.locator(`[data-testid="many-row"][data-key="${key}"] [data-testid="many-cell"]`)

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('three runs side by side against a baseline, with deltas and paired CIs', async ({ page, server }) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)

  await test.step('tick three runs: "Side by side" against the first ticked', async () => {
    for (const name of [BASE_RUN, TRAINED_RUN, TRAINING_RUN]) await runRow(page, name).getByTestId('run-pick').check()
    await expect(page.getByTestId('compare-bar')).toContainText(`3 runs, baseline A ${BASE_RUN}`)
    await page.getByTestId('many-open').click()
    await expect(page.getByTestId('many-table')).toBeVisible({ timeout: 20_000 })
    expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/^#\/many\/[^,]+,[^,]+,[^,?]+\?base=.+$/)
  })

  await test.step('verdicts first, one per run against the baseline', async () => {
    await expect(page.getByTestId('many-verdict')).toHaveCount(2)
    await expect(page.getByTestId('many-verdict').first()).toContainText('is better: +0.146 mean reward')
    await expect(page.getByTestId('many-run-head')).toHaveCount(3)
    await expect(page.getByTestId('many-run-head').first()).toContainText('baseline')
  })

  await test.step('each run’s mean (σ) and range, and its change against the baseline with a CI', async () => {
    const reward = cells(page, 'reward')
    // rewards by the shared display rules (3 decimals)
    await expect(reward.nth(0).getByTestId('many-value')).toHaveText(/^0\.731 \(σ 0\.310?\)$/)
    await expect(reward.nth(0).getByTestId('many-range')).toHaveText(/^0(\.000)? – 1(\.000)?$/)
    await expect(reward.nth(0).getByTestId('many-delta')).toHaveCount(0)
    await expect(reward.nth(1).getByTestId('many-delta')).toContainText('+0.146 (+19.9%)')
    await expect(reward.nth(1).getByTestId('many-ci')).toContainText('16 tasks')
    await expect(cells(page, 'passRate').nth(1).getByTestId('many-delta')).toContainText('+31.3 pts')
    await expect(cells(page, 'steps').nth(0).getByTestId('many-value')).toHaveText(/^9\.67 \(σ 2\.37\)$/)
    await expect(page.getByTestId('many-table')).toContainText('Steps (agent actions)')
    await expect(page.getByTestId('many-table')).toContainText('Tool use')
    await expect(page.getByTestId('std-note')).toContainText('population standard deviation')
    await shotMatrix(page, 'many-01-table')
  })

  await test.step('Δ against the previous run; another baseline', async () => {
    await page.getByTestId('many-vs-previous').click()
    await expect(cells(page, 'reward').nth(2).getByTestId('many-delta')).toContainText('−0.406')
    await page.getByTestId('many-vs-baseline').click()
    await page.getByTestId('many-baseline').selectOption({ index: 1 })
    await expect(page.getByTestId('many-run-head').nth(1)).toContainText('baseline')
    await expect(cells(page, 'reward').nth(0).getByTestId('many-delta')).toContainText('−0.146')
  })

  await test.step('per-task rollout rewards unfold; the link (with its baseline) survives a reload', async () => {
    await page.getByTestId('many-per-task').locator('summary').click()
    await expect(page.getByTestId('many-per-task').locator('tbody tr')).toHaveCount(16)
    await page.reload()
    await expect(page.getByTestId('many-run-head').nth(1)).toContainText('baseline', { timeout: 20_000 })
    await page.getByTestId('screen-back').click()
    await expect(page.getByTestId('runs-table')).toBeVisible()
    expect(pageErrors).toEqual([])
  })
})
