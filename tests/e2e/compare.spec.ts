/**
 * The compare screen over the demo workspace (repo-repair base vs GRPO-trained, 16 tasks × 4 rollouts): tick both
 * runs, compare, see the summary with CIs, the flips, the categories and the drawn charts; a broken task opens the
 * aligned side-by-side view with the first divergence marked; the Groups tab flags groups without GRPO signal; a reload keeps the view; the HTML export
 * downloads; light and dark screenshots.
 */
import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { DEMO_RUNS, openApp, shot } from './e2e-helpers'
import { shotMatrix } from './shot-matrix'
import { test } from './server-fixture'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const TRAINED_RUN = 'repo-repair · qwen3-8b-grpo-step400 (trained)'

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })

/** Ticks base then trained in the runs table and opens the comparison. */
async function compareDemoRuns(page: Page): Promise<void> {
  await runRow(page, BASE_RUN).getByTestId('run-pick').check()
  await expect(page.getByTestId('compare-bar')).toContainText('tick the run to compare it with')
  await runRow(page, TRAINED_RUN).getByTestId('run-pick').check()
  await expect(page.getByTestId('compare-bar')).toContainText(BASE_RUN)
  await page.getByTestId('compare-open').click()
  await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
}

test('pick two runs, read the comparison, open a broken task, reload, export, both themes', async ({
  page,
  server
}) => {
  test.setTimeout(120_000) // 13 screenshots, four of them the Groups tab at both sizes in both themes
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)

  await test.step('ticking two runs offers Compare A → B; ⇄ swaps them', async () => {
    await runRow(page, TRAINED_RUN).getByTestId('run-pick').check()
    await runRow(page, BASE_RUN).getByTestId('run-pick').check()
    await expect(page.getByTestId('compare-pair')).toHaveText(`A ${TRAINED_RUN} → B ${BASE_RUN}`)
    await page.getByTestId('compare-picks-swap').click()
    await expect(page.getByTestId('compare-pair')).toHaveText(`A ${BASE_RUN} → B ${TRAINED_RUN}`)
    await shot(page, 'cmp-01-picked')
    await page.getByTestId('compare-picks-clear').click()
    await compareDemoRuns(page)
  })

  await test.step('header, shared tasks, summary with CIs, flips, categories, charts', async () => {
    expect(new URL(page.url()).hash).toMatch(/^#\/compare\/[^/]+\/[^/]+$/)
    await expect(page.getByTestId('compare-run-a')).toContainText(BASE_RUN)
    await expect(page.getByTestId('compare-run-b')).toContainText(TRAINED_RUN)
    await expect(page.getByTestId('compare-run-a')).toContainText('rollouts / task4')
    await expect(page.getByTestId('compare-shared')).toHaveText(
      '16 shared tasks (0 only in A, 0 only in B): every number is on the shared tasks.'
    )
    const reward = page.locator('[data-testid="compare-metric"][data-key="reward"]')
    await expect(reward).toContainText('Mean reward')
    await expect(reward.getByTestId('ci-bar')).toHaveCount(1)
    await expect(page.locator('[data-testid="compare-metric"][data-key="passRate"] td').nth(1)).toHaveText(/%$/)
    // the four flip cells add up to the shared tasks
    const counts = await page.getByTestId('flip-count').allTextContents()
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(16)
    await expect(page.getByTestId('compare-mcnemar')).toContainText('McNemar exact p =')
    await expect(page.getByTestId('compare-passk')).toContainText('pass^k')
    await expect(page.getByTestId('compare-categories').locator('[data-field="difficulty"]')).toBeVisible()
    await expect(page.getByTestId('compare-category-row').first()).toContainText(/\d+\/\d+ → \d+\/\d+/)
    for (const chart of ['chart-histogram', 'chart-rrk']) {
      await expect(page.getByTestId(chart)).toHaveAttribute('data-drawn', 'true')
      await expect(page.getByTestId(chart).locator('canvas')).toHaveCount(1)
    }
    await expect(page.getByTestId('chart-categories').first()).toHaveAttribute('data-drawn', 'true')
    await shot(page, 'cmp-02-summary')
    await page.getByTestId('compare-categories').scrollIntoViewIfNeeded()
    await shot(page, 'cmp-03-categories')
  })

  await test.step('one field only: re-fetched breakdown', async () => {
    await page.getByTestId('compare-category-field').selectOption('archetype')
    await expect(page.getByTestId('compare-categories').locator('[data-field]')).toHaveCount(1)
    await expect(page.getByTestId('compare-categories').locator('[data-field="archetype"]')).toBeVisible()
    await page.getByTestId('compare-category-field').selectOption('')
  })

  let brokenTask = ''
  await test.step('the broken cell lists its tasks; a task opens A and B side by side', async () => {
    const cell =
      (await page.getByTestId('flip-broken').getByTestId('flip-count').textContent()) === '0'
        ? 'flip-fixed'
        : 'flip-broken'
    await page.getByTestId(cell).click()
    const link = page.getByTestId('flip-task-list').getByTestId('compare-task-link').first()
    brokenTask = (await link.textContent()) ?? ''
    await shot(page, 'cmp-04-flip-list')
    await link.click()
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain(`/task/${brokenTask}`)
    await expect(page.getByTestId('compare-summary')).toHaveCount(0)
    // the aligned side-by-side view, with the first divergence of the two rollouts marked
    await expect(page.getByTestId('first-divergence')).toBeVisible({ timeout: 20_000 })
    await shot(page, 'cmp-05-task')
  })

  await test.step('reload keeps the task view; Back returns to the comparison', async () => {
    await page.reload()
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain(`/task/${brokenTask}`)
    await expect(page.getByTestId('first-divergence')).toBeVisible({ timeout: 20_000 })
    await page.goBack()
    await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
  })

  await test.step('Groups tab: every rollout as a cell, no-signal groups flagged and filterable', async () => {
    // the page's rollouts come in one request per run, not one per task and run
    const asked: string[] = []
    const count = (r: { url(): string; postData(): string | null }) => {
      const m = /\/api\/(groupRollouts|listEpisodes)$/.exec(new URL(r.url()).pathname)
      if (m && (m[1] === 'groupRollouts' || (r.postData() ?? '').includes('"taskKey"'))) asked.push(m[1])
    }
    page.on('request', count)
    await page.getByTestId('compare-tab-groups').click()
    await expect(page.getByTestId('group-row')).toHaveCount(16)
    await expect(page.getByTestId('group-row').first().getByTestId('rollout-cell')).toHaveCount(8)
    await expect(page.getByTestId('group-row').last().getByTestId('rollout-cell')).toHaveCount(8)
    page.off('request', count)
    expect(asked).toEqual(['groupRollouts', 'groupRollouts'])
    const flagged = await page.locator('[data-testid="group-row"][data-no-signal="true"]').count()
    await page.getByTestId('groups-filter').selectOption('either')
    await expect(page.getByTestId('group-row')).toHaveCount(flagged)
    await page.getByTestId('groups-filter').selectOption('all')
    await shot(page, 'cmp-06-groups')
    await shotMatrix(page, 'cmp-06-groups')
    // the tab is in the link: a reload comes back to it
    expect(new URL(page.url()).hash).toMatch(/\?tab=groups$/)
    await page.reload()
    await expect(page.getByTestId('group-row')).toHaveCount(16)
    await page.getByTestId('compare-tab-summary').click()
    expect(new URL(page.url()).hash).not.toContain('tab=')
  })

  await test.step('Export HTML report downloads compare-<A>-vs-<B>.html', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-export').click()])
    expect(download.suggestedFilename()).toMatch(/^compare-.+-vs-.+\.html$/)
    const html = readFileSync(await download.path(), 'utf8')
    expect(html).toContain('<html')
  })

  await test.step('dark theme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
    await expect(page.getByTestId('chart-histogram')).toHaveAttribute('data-scheme', 'dark')
    await expect(page.getByTestId('chart-histogram')).toHaveAttribute('data-drawn', 'true')
    await shot(page, 'cmp-07-dark-summary')
    await page.getByTestId('compare-categories').scrollIntoViewIfNeeded()
    await shot(page, 'cmp-08-dark-categories')
    await page.getByTestId('compare-tab-groups').click()
    await expect(page.getByTestId('group-row')).toHaveCount(16)
    await shot(page, 'cmp-09-dark-groups')
  })

  await test.step('← Runs goes back to the runs table', async () => {
    await page.getByTestId('compare-back').click()
    await expect(page.getByTestId('runs-table')).toBeVisible()
    expect(pageErrors).toEqual([])
  })
})
