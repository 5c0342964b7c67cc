/**
 * Issue 15, item 4 (and item 9's Groups colours): from "what broke" to rows. Two Terminal-Bench runs where B breaks
 * one task by parse errors (the harness), one by wrong results (the model) and fixes one: the per-task table lists
 * the broken first with both runs' pass counts, mean rewards, the delta and why it failed; the flip cells filter it;
 * the Groups tab sorts by delta, filters to broken / fixed and draws a rollout's pass by shape, in blue and orange.
 */
import { expect, type Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp } from './e2e-helpers'
import { TB_CHANGES, writeTerminalBenchPair } from './compare-fixtures'
import { test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const taskRows = (page: Page) => page.getByTestId('flip-task-row')
const taskRow = (page: Page, key: string) => page.locator(`[data-testid="flip-task-row"][data-task="${key}"]`)

/** Ticks the run found by `query` in the runs table's search. */
async function pick(page: Page, query: string): Promise<void> {
  await page.getByTestId('runs-search').fill(query)
  await expect(page.getByTestId('run-row')).toHaveCount(1)
  await page.getByTestId('run-pick').check()
}

test('the per-task flip table and the Groups tab: harness vs model failures, sorted and filtered', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.setViewportSize({ width: 1440, height: 900 })
  await writeTerminalBenchPair(server.tmpDir)
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, server.tmpDir)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 2, { timeout: 30_000 })
  await pick(page, 'tb-a')
  await pick(page, 'tb-b')
  await page.getByTestId('runs-search').fill('')
  await page.getByTestId('compare-open').click()
  await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
  // two runs of one name: each card says its folder, as the runs table does
  await expect(page.getByTestId('compare-run-a').getByTestId('compare-card-hint')).toHaveText('…/tb-a')
  await expect(page.getByTestId('compare-run-b').getByTestId('compare-card-hint')).toHaveText('…/tb-b')

  await test.step('broken and fixed tasks, most regressed first, with counts, rewards, delta and failure mode', async () => {
    await expect(page.getByTestId('flip-broken').getByTestId('flip-count')).toHaveText('2')
    await expect(page.getByTestId('flip-fixed').getByTestId('flip-count')).toHaveText('1')
    await expect(taskRows(page)).toHaveCount(3)
    const keys = await taskRows(page).evaluateAll((rs) => rs.map((r) => r.getAttribute('data-task')))
    expect(keys.at(-1)).toBe(TB_CHANGES.fixed)
    expect(keys.slice(0, 2).sort()).toEqual([TB_CHANGES.harness, TB_CHANGES.model].sort())

    const harness = taskRow(page, TB_CHANGES.harness)
    await expect(harness).toHaveAttribute('data-cell', 'broken')
    await expect(harness.getByTestId('flip-task-a')).toHaveText('2/2')
    await expect(harness.getByTestId('flip-task-b')).toHaveText('0/2')
    await expect(harness.getByTestId('flip-task-delta')).toHaveText('−1.000')
    await expect(harness.getByTestId('flip-task-failure')).toHaveAttribute('data-failure', 'harness')
    await expect(harness.getByTestId('flip-task-failure')).toHaveText('B: harness · parse_error')
    const model = taskRow(page, TB_CHANGES.model)
    await expect(model.getByTestId('flip-task-failure')).toHaveAttribute('data-failure', 'model')
    await expect(model.getByTestId('flip-task-b')).toHaveText('0/2')
    const fixed = taskRow(page, TB_CHANGES.fixed)
    await expect(fixed.getByTestId('flip-task-a')).toHaveText('0/2')
    await expect(fixed.getByTestId('flip-task-b')).toHaveText('2/2')
    await expect(fixed.getByTestId('flip-task-delta')).toHaveText('+1.000')
    // A's failures of the fixed task: one parse error (the fixture's), one wrong result
    await expect(fixed.getByTestId('flip-task-failure')).toHaveAttribute('data-failure', 'mixed')
    await expect(fixed.getByTestId('flip-task-failure')).toHaveText('A: harness 1 + model 1 · parse_error')
    await expect(page.getByTestId('flip-task-count')).toContainText('2 failed by the harness')
    // the table's cells add up to the flip table's
    await page.getByTestId('flip-task-filter').selectOption('all')
    for (const cell of ['fixed', 'broken', 'bothPass', 'bothFail'] as const) {
      const n = await page.getByTestId(`flip-${cell}`).getByTestId('flip-count').textContent()
      await expect(page.locator(`[data-testid="flip-task-row"][data-cell="${cell}"]`)).toHaveCount(Number(n))
    }
    await page.getByTestId('flip-task-filter').selectOption('changed')
    await shotMatrix(page, 'flip-01-tasks', async () => {
      await page.getByTestId('compare-flips').scrollIntoViewIfNeeded()
    })
  })

  await test.step('a flip cell lists only its tasks; the columns sort', async () => {
    await page.getByTestId('flip-fixed').click()
    await expect(taskRows(page)).toHaveCount(1)
    await expect(page.getByTestId('flip-task-filter')).toHaveValue('fixed')
    await page.getByTestId('flip-fixed').click()
    await expect(taskRows(page)).toHaveCount(3)
    await page.getByTestId('flip-sort-rewardDelta').click()
    await page.getByTestId('flip-sort-rewardDelta').click()
    await expect(taskRows(page).first()).toHaveAttribute('data-task', TB_CHANGES.fixed)
    await page.getByTestId('flip-sort-failure').click()
    await expect(taskRows(page).first()).toHaveAttribute('data-task', TB_CHANGES.harness)
    await page.getByTestId('flip-sort-reset').click()
    await expect(taskRows(page).last()).toHaveAttribute('data-task', TB_CHANGES.fixed)
  })

  await test.step('a task opens A and B side by side; ] steps to the next row of the table', async () => {
    const first = await taskRows(page).first().getAttribute('data-task')
    await page.getByTestId('flip-task-table').evaluate((e) => e.scrollIntoView({ block: 'end' }))
    const scroll = page.getByTestId('compare-scroll')
    const before = await scroll.evaluate((e) => e.scrollTop)
    expect(before).toBeGreaterThan(0)
    await taskRows(page).first().getByTestId('compare-task-link').click()
    await expect(page.getByTestId('side-by-side')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('sbs-task')).toHaveText(first!)
    await page.goBack()
    await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
    // back where the task was opened from, not at the report's top
    await expect.poll(() => scroll.evaluate((e) => e.scrollTop)).toBe(before)
    await expect(taskRows(page).first()).toBeInViewport()
  })

  await test.step('Groups: pass by shape (filled / outlined), the legend, sorted by delta, filtered to broken', async () => {
    await page.getByTestId('compare-tab-groups').click()
    await expect(page.getByTestId('groups-legend')).toContainText('a rollout passes')
    await page.getByTestId('groups-filter').selectOption('broken')
    await expect(page.getByTestId('group-row')).toHaveCount(2)
    await expect(page.getByTestId('group-verdict').first()).toHaveText('▼ broken')
    await page.getByTestId('groups-filter').selectOption('all')
    await page.getByTestId('groups-sort').selectOption('deltaUp')
    await expect(page.getByTestId('group-delta').first()).toHaveText('−1.000')
    const passed = page.locator(`[data-testid="group-row"][data-task="${TB_CHANGES.fixed}"] [data-pass="pass"]`)
    await expect(passed).toHaveCount(2)
    await expect(
      page.locator(`[data-testid="group-row"][data-task="${TB_CHANGES.harness}"] [data-pass="fail"]`)
    ).toHaveCount(2)
    // blue for a pass, never the theme's green
    const colour = await passed.first().evaluate((e) => getComputedStyle(e).backgroundColor)
    const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number)
    expect(b).toBeGreaterThan(g)
    expect(b).toBeGreaterThan(r)
    await page.getByTestId('groups-sort').selectOption('deltaDown')
    await expect(page.getByTestId('group-row').first()).toHaveAttribute('data-task', TB_CHANGES.fixed)
    await page.getByTestId('groups-sort').selectOption('deltaUp')
    await shotMatrix(page, 'flip-02-groups')
    expect(pageErrors).toEqual([])
  })
})
