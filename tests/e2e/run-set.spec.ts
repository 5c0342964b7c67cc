/**
 * One episodes table over several runs (issue 6's saved views "over one or more runs"), in browser mode over the
 * demo: tick both runs → Episodes together; the table lists 128 rows with a Run column, a filter narrows both,
 * sorting by reward interleaves them; save it as a view, go to one run, apply the view (both again); a reload keeps
 * the table (#/run/a,b); Export… → CSV holds the rows of both runs.
 */
import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { DEMO_RUNS, openApp, shot } from './e2e-helpers'
import { test } from './server-fixture'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const TRAINED_RUN = 'repo-repair · qwen3-8b-grpo-step400 (trained)'
const BASE_SHORT = 'qwen3-8b (base)'
const TRAINED_SHORT = 'qwen3-8b-grpo-step400 (trained)'
const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })
const runCells = (page: Page) => page.getByTestId('episode-row').locator('[data-col="run"]')

test('episodes of two runs in one table: filter, sort, save as a view, reload, export', async ({ page, server }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page, server.url, DEMO_RUNS)

  await test.step('tick both runs → Episodes together', async () => {
    await runRow(page, BASE_RUN).getByTestId('run-pick').check()
    await runRow(page, TRAINED_RUN).getByTestId('run-pick').check()
    await page.getByTestId('list-together').click()
    await expect(page.getByTestId('run-set-bar')).toContainText('2 runs in one table')
    // the chips and the Run column name the runs without the part they share
    await expect(page.getByTestId('run-set-chip')).toHaveText([BASE_SHORT, TRAINED_SHORT])
    await expect(page.getByTestId('episode-count')).toHaveText('128 episodes')
    await expect(page.getByTestId('group-by-task')).toHaveCount(0)
    await expect(runCells(page).first()).toHaveText(BASE_SHORT)
    expect(new URL(page.url()).hash).toMatch(/^#\/run\/[^/,]+,[^/,]+$/)
  })

  await test.step('a filter narrows both runs; sorting by reward interleaves them', async () => {
    await page.getByTestId('episode-filter').fill('passed == false')
    await page.getByTestId('episode-filter').press('Enter')
    await expect(page.getByTestId('episode-count')).toHaveText(/^\d+ of 128 episodes$/)
    const shown = Number((await page.getByTestId('episode-count').textContent())!.split(' ')[0])
    expect(shown).toBeGreaterThan(0)
    await page.getByRole('columnheader', { name: /Reward/ }).click()
    await expect(page.getByRole('columnheader', { name: /Reward/ })).toHaveAttribute('aria-sort', 'ascending')
    // the lowest rewards of both runs come first (the table is virtualized: the rows on screen)
    const names = new Set(await runCells(page).allTextContents())
    expect(names).toEqual(new Set([BASE_SHORT, TRAINED_SHORT]))
    await shot(page, 'runset-01-filtered-sorted')
  })

  await test.step('save as a view; from one run, applying it brings both back with the filter', async () => {
    await page.getByTestId('save-view').click()
    await page.getByTestId('view-name').fill('failures of both')
    await page.getByTestId('view-save').click()
    await page.getByTestId('run-set-chip').filter({ hasText: TRAINED_SHORT }).click()
    await expect(page.getByTestId('run-set-bar')).toHaveCount(0)
    await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')
    await page.getByTestId('saved-views').selectOption({ label: 'failures of both (2 runs)' })
    await expect(page.getByTestId('run-set-bar')).toBeVisible()
    await expect(page.getByTestId('episode-count')).toHaveText(/^\d+ of 128 episodes$/)
    await expect(page.getByTestId('episode-filter')).toHaveValue('passed == false')
  })

  await test.step('a reload keeps the table of both runs', async () => {
    await page.reload()
    await expect(page.getByTestId('run-set-bar')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('episode-count')).toHaveText('128 episodes')
  })

  await test.step('Export… → CSV holds the rows of both runs', async () => {
    const downloading = page.waitForEvent('download')
    await page.getByTestId('export-select').selectOption('csv')
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/-and-1-more\.csv$/)
    const text = readFileSync((await download.path())!, 'utf8')
    const rows = text.trim().split('\r\n').slice(1)
    expect(rows).toHaveLength(128)
    expect(rows.filter((r) => r.includes(BASE_RUN))).toHaveLength(64)
    expect(rows.filter((r) => r.includes(TRAINED_RUN))).toHaveLength(64)
    await shot(page, 'runset-02-after-reload-export')
  })
})
