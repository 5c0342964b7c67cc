/**
 * Issue 12 §10 over the demo workspace: the comparison of base and trained opens with its verdict line (mean reward
 * on these partial-credit rewards, its CI, the task count), then the warnings that can change it, then the run
 * cards; every figure is written by the shared display rules (pts, σ said once).
 */
import { expect, type Page } from '@playwright/test'
import { DEMO_RUNS, openApp } from './e2e-helpers'
import { test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const TRAINED_RUN = 'repo-repair · qwen3-8b-grpo-step400 (trained)'

const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('the compare opens with its verdict, then the caveats, then the figures', async ({ page, server }) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)
  await runRow(page, BASE_RUN).getByTestId('run-pick').check()
  await runRow(page, TRAINED_RUN).getByTestId('run-pick').check()
  await page.getByTestId('compare-open').click()

  const verdict = page.getByTestId('compare-verdict')
  await test.step('the verdict line comes first and reads like the CLI and the reports', async () => {
    await expect(verdict).toBeVisible({ timeout: 20_000 })
    await expect(verdict).toHaveAttribute('data-direction', 'better')
    // the demo's rewards are shares of tests passing (not pass/fail): the verdict is on the mean reward, with its CI
    await expect(verdict).toHaveText(
      /^▲B is better: \+0\.146 mean reward \(95% CI \+0\.\d+ to \+0\.\d+\), on 16 shared tasks\.$/
    )
    const top = await verdict.boundingBox()
    const cards = await page.getByTestId('compare-run-a').boundingBox()
    expect(top!.y).toBeLessThan(cards!.y)
  })

  await test.step('figures in the shared units: rates in %, their changes in pts; σ said once', async () => {
    const pass = page.locator('[data-testid="compare-metric"][data-key="passRate"] td')
    await expect(pass.nth(1)).toHaveText('31.3%')
    await expect(pass.nth(2)).toHaveText('62.5%')
    await expect(pass.nth(3)).toHaveText('+31.3 pts')
    await expect(page.locator('[data-testid="compare-metric"][data-key="steps"] td').first()).toHaveText('Mean steps')
    await expect(page.getByTestId('std-note')).toHaveCount(1)
    await expect(page.getByTestId('std-note')).toContainText('population standard deviation')
    // same tasks in both runs: no whole-run columns
    await expect(page.getByTestId('compare-whole-a')).toHaveCount(0)
    await expect(page.getByText('Solved within k steps (RR@k)')).toBeVisible()
  })

  await test.step('each category row shows both runs’ whole-run scores beside the paired delta', async () => {
    const row = page.getByTestId('compare-category-row').first()
    await expect(row.getByTestId('category-whole-a')).toHaveText(/^\d\.\d+ · \d+\/\d+$/)
    await expect(row.getByTestId('category-whole-b')).toHaveText(/^\d\.\d+ · \d+\/\d+$/)
  })

  await test.step('screenshots', async () => {
    await shotMatrix(page, 'ver-01-verdict')
    await shotMatrix(page, 'ver-02-categories', async () =>
      page.getByTestId('compare-categories').scrollIntoViewIfNeeded()
    )
  })

  await test.step('Esc closes the compare back to the runs', async () => {
    await expect(page.getByTestId('runs-table')).toHaveCount(0)
    await page.getByTestId('compare-summary').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('runs-table')).toBeVisible()
  })
  expect(pageErrors).toEqual([])
})
