/**
 * Issue 12 §5 over the demo workspace: the base run's scores by difficulty over all its tasks (table, bars, best and
 * worst, "passed 5/20" counts equal to the engine's), then archetype × difficulty as a grid whose failures mode
 * counts failures per cell; a row or a cell opens its episodes (filtered), Back returns; the link survives a reload.
 */
import { expect, type Page } from '@playwright/test'
import { DEMO_RUNS, openApp, selectRun } from './e2e-helpers'
import { test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

const row = (page: Page, values: string) => page.locator(`[data-testid="breakdown-row"][data-values="${values}"]`)

test('a run by difficulty, then archetype × difficulty; rows and cells open their episodes', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)

  await test.step('the run bar opens the breakdown, by difficulty first', async () => {
    await page.getByTestId('run-bar').getByTestId('open-breakdown').click()
    await expect(page.getByTestId('breakdown-view')).toBeVisible()
    await expect(page.getByTestId('breakdown-field')).toHaveValue('difficulty')
    expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/^#\/breakdown\/[^/]+\/difficulty$/)
  })

  await test.step('one row per difficulty over all 64 episodes, with "passed x/y" counts and best / worst', async () => {
    await expect(page.getByTestId('breakdown-row')).toHaveCount(3)
    // the demo's plan: hard 5 of 20 rollouts pass, medium 5 of 24, easy 10 of 20
    await expect(row(page, 'hard').getByTestId('breakdown-passed')).toHaveText('5/20')
    await expect(row(page, 'medium').getByTestId('breakdown-passed')).toHaveText('5/24')
    await expect(row(page, 'easy').getByTestId('breakdown-passed')).toHaveText('10/20')
    await expect(page.getByTestId('breakdown-total-row')).toContainText('20/64')
    await expect(page.getByTestId('breakdown-total')).toContainText('all 64 episodes')
    // ranked by mean reward: hard (0.769) best, easy (0.712) worst
    await expect(page.getByTestId('breakdown-best')).toContainText('hard')
    await expect(page.getByTestId('breakdown-worst')).toContainText('easy')
    await expect(page.getByTestId('chart-breakdown')).toHaveAttribute('data-drawn', 'true')
    await expect(page.getByTestId('std-note')).toContainText('population standard deviation')
    await shotMatrix(page, 'bd-01-difficulty')
  })

  await test.step('a row opens its episodes; Back returns to the breakdown', async () => {
    await row(page, 'hard').click()
    await expect(page.getByTestId('breakdown-view')).toHaveCount(0)
    await expect(page.getByTestId('episode-filter')).toHaveValue('info.difficulty == "hard"')
    await expect(page.getByTestId('episode-count')).toHaveText('20 of 64 episodes')
    await page.goBack()
    await expect(page.getByTestId('breakdown-view')).toBeVisible()
  })

  await test.step('archetype × difficulty: a grid; failures per cell add up to the run’s failures', async () => {
    await page.getByTestId('breakdown-field').selectOption('archetype')
    await page.getByTestId('breakdown-field-2').selectOption('difficulty')
    await expect(page.getByTestId('breakdown-crosstab')).toBeVisible()
    expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/\/archetype,difficulty$/)
    await page.getByTestId('crosstab-mode-failed').click()
    const cells = page.getByTestId('crosstab-cell')
    const n = await cells.count()
    expect(n).toBeGreaterThan(3)
    let failures = 0
    for (let i = 0; i < n; i++) failures += Number(await cells.nth(i).innerText())
    expect(failures).toBe(44)
    await shotMatrix(page, 'bd-02-crosstab')
    await page.getByTestId('crosstab-mode-score').click()
  })

  await test.step('a cell opens the episodes of both values', async () => {
    const cell = page.getByTestId('crosstab-cell').first()
    const values = (await cell.getAttribute('data-values'))!.split(' × ')
    await cell.getByRole('button').click()
    await expect(page.getByTestId('episode-filter')).toHaveValue(
      `info.archetype == "${values[0]}" and info.difficulty == "${values[1]}"`
    )
    await page.goBack()
    await expect(page.getByTestId('breakdown-crosstab')).toBeVisible()
  })

  await test.step('the link survives a reload; Esc goes back to the runs', async () => {
    await page.reload()
    await expect(page.getByTestId('breakdown-crosstab')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('breakdown-field-2')).toHaveValue('difficulty')
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('runs-table')).toBeVisible()
    expect(pageErrors).toEqual([])
  })
})
