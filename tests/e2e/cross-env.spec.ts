/**
 * Issue 12 §9: runs of different environments (tau-bench airline and NeMo Gym grl_sokoban, whose task ids are both
 * 0..2: tests/fixtures/cross-env) are refused by the engine with its reason; "Compare anyway" shows them, and every
 * screen of that comparison (report, groups, a task side by side, a reload) is marked not comparable, the forced
 * warning first under the verdict. The same for three runs side by side.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp } from './e2e-helpers'
import { REPO_ROOT, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const FIXTURE = resolve(REPO_ROOT, 'tests/fixtures/cross-env')
const BASE_RUN = 'repo-repair · qwen3-8b (base)'

const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })

/** The fixture folder, or (before it is committed) two tiny chat-JSONL runs of different environments with task ids 0..2. */
function crossEnvRuns(tmpDir: string): { path: string; a: string; b: string } {
  if (existsSync(FIXTURE)) return { path: FIXTURE, a: 'gpt-4o-airline', b: 'grl_sokoban' }
  const dir = join(tmpDir, 'cross-env')
  mkdirSync(dir, { recursive: true })
  for (const env of ['airline', 'sokoban']) {
    const rows = [0, 1, 2].map((t) => ({
      id: String(t),
      task_id: String(t),
      env,
      messages: [
        { role: 'user', content: `task ${t}` },
        { role: 'assistant', content: 'done' }
      ],
      reward: t === 2 ? 0 : 1
    }))
    writeFileSync(join(dir, `${env}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  }
  return { path: dir, a: 'airline', b: 'sokoban' }
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('runs of different environments: refused with the reason, then compared anyway and marked everywhere', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  const runs = crossEnvRuns(server.tmpDir)
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, runs.path)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 2, { timeout: 20_000 })

  await test.step('comparing them is refused, with the engine’s reason', async () => {
    await runRow(page, runs.a).getByTestId('run-pick').check()
    await runRow(page, runs.b).getByTestId('run-pick').check()
    await page.getByTestId('compare-open').click()
    await expect(page.getByTestId('env-refusal')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('env-refusal-reason')).toContainText('different environments')
    await expect(page.getByTestId('env-refusal-reason')).toContainText('are not the same task')
    await expect(page.getByTestId('compare-summary')).toHaveCount(0)
    await shotMatrix(page, 'env-01-refused')
  })

  await test.step('"Compare anyway": the figures, marked not comparable, the forced warning right under the verdict', async () => {
    await page.getByTestId('compare-anyway').click()
    await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('not-comparable')).toBeVisible()
    await expect(page.getByTestId('compare-verdict')).toBeVisible()
    const top = page.getByTestId('compare-top-warnings').locator('li').first()
    await expect(top).toHaveAttribute('data-severity', 'forced')
    expect(new URL(page.url()).hash).toMatch(/\?envs=any$/)
    await shotMatrix(page, 'env-02-anyway')
  })

  await test.step('every screen of the comparison stays marked: groups, a reload', async () => {
    await page.getByTestId('compare-tab-groups').click()
    await expect(page.getByTestId('not-comparable')).toBeVisible()
    await page.getByTestId('compare-tab-summary').click()
    await page.reload()
    await expect(page.getByTestId('not-comparable')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('env-refusal')).toHaveCount(0)
  })

  await test.step('three runs side by side: refused, then compared anyway and marked', async () => {
    await page.getByTestId('compare-back').click()
    await page.getByTestId('compare-picks-clear').click()
    for (const name of [BASE_RUN, runs.a, runs.b]) await runRow(page, name).getByTestId('run-pick').check()
    await page.getByTestId('many-open').click()
    await expect(page.getByTestId('env-refusal')).toBeVisible({ timeout: 20_000 })
    await page.getByTestId('compare-anyway').click()
    await expect(page.getByTestId('many-table')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('not-comparable')).toBeVisible()
    await expect(page.getByTestId('many-top-warnings').locator('li').first()).toHaveAttribute('data-severity', 'forced')
    expect(new URL(page.url()).hash).toMatch(/&envs=any$/)
    await shotMatrix(page, 'env-03-many-anyway')
    expect(pageErrors).toEqual([])
  })
})
