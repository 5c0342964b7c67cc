/**
 * Issue 15, item 3: the runs table of a workspace of many runs. The figures (reward, Pass, Perfect) stay in view
 * beside a long env name; the table has the whole height until a run is picked; search and grouping by env / model /
 * folder; runs of the same name are told apart by model or folder.
 */
import { resolve } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp } from './e2e-helpers'
import { LONG_ENV, writeTerminalBenchPair, writeVerifiersRuns } from './compare-fixtures'
import { REPO_ROOT, test } from './server-fixture'
import { shotMatrix, SIZES } from './shot-matrix'

const CORPUS = resolve(REPO_ROOT, '../shared/fixtures')
const rows = (page: Page) => page.getByTestId('run-row')

/** The right edge of an element of a row, and the right edge of the runs pane. */
async function inView(page: Page, testId: string): Promise<void> {
  const pane = await page.getByTestId('runs-panel').boundingBox()
  for (const row of await rows(page).all()) {
    const box = await row.getByTestId(testId).boundingBox()
    expect(box, testId).not.toBeNull()
    expect(box!.x + box!.width, `${testId} inside the pane`).toBeLessThanOrEqual(pane!.x + pane!.width + 1)
  }
}

test('many runs: figures in view, the whole height, search, grouping, namesakes told apart', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.setViewportSize({ width: 1440, height: 900 })
  await writeTerminalBenchPair(server.tmpDir)
  const written = await writeVerifiersRuns(server.tmpDir)
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, server.tmpDir)
  await addPathViaUi(page, CORPUS)
  const total = DEMO_RUNS + 2 + written + 26
  await expect(rows(page)).toHaveCount(total, { timeout: 60_000 })

  await test.step('no run picked: the table has the whole height', async () => {
    await expect(page.getByTestId('episodes-panel')).toHaveCount(0)
    const pane = (await page.getByTestId('runs-panel').boundingBox())!
    expect(pane.height).toBeGreaterThan(800)
    // more than twice the 8 rows the split showed at 1440 × 900
    const visible = await rows(page).evaluateAll(
      (els) => els.filter((e) => e.getBoundingClientRect().bottom <= window.innerHeight).length
    )
    expect(visible).toBeGreaterThan(20)
  })

  await test.step('Pass and Perfect in view beside a long env name, at 1440 and 1024', async () => {
    await expect(page.getByTestId('run-col-env').filter({ hasText: LONG_ENV }).first()).toBeAttached()
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await inView(page, 'run-col-pass')
      await inView(page, 'run-col-perfect')
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    // the env cell is cut, the whole value in its tooltip
    const env = page
      .getByTestId('run-col-env')
      .filter({ hasText: LONG_ENV.slice(0, 20) })
      .first()
    await expect(env).toHaveAttribute('title', LONG_ENV)
    expect(await env.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true)
    await shotMatrix(page, 'runs-01-many')
  })

  await test.step('namesakes: the folder that tells them apart', async () => {
    const hints = async (name: string): Promise<string[]> =>
      (
        await rows(page)
          .filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })
          .getByTestId('run-name-hint')
          .allTextContents()
      ).sort()
    expect(await hints('math-python · gpt-5-mini (gpt-5-mini)')).toEqual([
      '…/2025-11-20/nightly/gpt-5-mini',
      '…/2025-11-21/nightly/gpt-5-mini'
    ])
    // the two Terminal-Bench runs of one run id
    expect(await hints('2025-07-14__09-30-00')).toEqual(['…/tb-a', '…/tb-b'])
    // a unique name has no hint
    await expect(rows(page).filter({ hasText: 'gsm8k · qwen3-8b' }).getByTestId('run-name-hint')).toHaveCount(0)
  })

  await test.step('search by model, env or folder; Esc clears it', async () => {
    const search = page.getByTestId('runs-search')
    // every word must match: the model and a folder name
    await search.fill('gpt-5-mini nightly')
    await expect(rows(page)).toHaveCount(2)
    await expect(page.getByTestId('runs-shown')).toHaveText(`2 of ${total}`)
    await search.fill('tb-b')
    await expect(rows(page)).toHaveCount(1)
    await search.fill('no such run')
    await expect(page.getByTestId('runs-no-match')).toBeVisible()
    await search.fill('agentic')
    await expect(rows(page)).toHaveCount(6)
    await shotMatrix(page, 'runs-02-search')
    await search.press('Escape')
    await expect(rows(page)).toHaveCount(total)
  })

  await test.step('grouped by env, by folder; keys walk the rows group after group', async () => {
    await page.getByTestId('runs-group').selectOption('env')
    const long = page.locator(`[data-testid="runs-group-row"][data-group="${LONG_ENV}"]`)
    await expect(long).toContainText('6')
    await shotMatrix(page, 'runs-03-grouped-env')
    await page.getByTestId('runs-group').selectOption('model')
    await expect(page.locator('[data-testid="runs-group-row"][data-group="qwen3-8b"]')).toBeVisible()
    await page.getByTestId('runs-group').selectOption('folder')
    await expect(page.getByTestId('runs-group-row').filter({ hasText: 'tb-a' })).toHaveCount(1)
    await page.getByTestId('runs-group').selectOption('env')
  })

  await test.step('a run picked: runs over episodes, search and grouping kept', async () => {
    await page.getByTestId('runs-search').fill('nightly')
    await expect(rows(page)).toHaveCount(4)
    await rows(page).first().click()
    await expect(page.getByTestId('episodes-panel')).toBeVisible()
    await expect(page.getByTestId('runs-search')).toHaveValue('nightly')
    await expect(page.getByTestId('runs-group')).toHaveValue('env')
    await expect(rows(page)).toHaveCount(4)
    await shotMatrix(page, 'runs-04-picked')
    expect(pageErrors).toEqual([])
  })
})
