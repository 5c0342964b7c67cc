/**
 * Issue 12 §1, §11, §12 on the project's own fixtures: a SWE-bench harness report over 23 instances of which 2 have
 * a trajectory on disk (tests/fixtures/swe-bench/report-without-trajectories), and a Terminal-Bench run with 6 trials
 * without a result (tests/fixtures/terminal-bench/null-results-run). The unscored episodes' count and how they count
 * are on screen, the producer's headline beside Rollscope's, results-only episodes are episodes ("no transcript" in
 * the table, the viewer and the side-by-side), termination is a field, generation time apart from total time, the
 * eval's wall time per run.
 */
import { cpSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { REPO_ROOT, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const SWE = resolve(REPO_ROOT, 'tests/fixtures/swe-bench/report-without-trajectories')
const TB = resolve(REPO_ROOT, 'tests/fixtures/terminal-bench/null-results-run')

const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })

async function filterEpisodes(page: Page, filter: string): Promise<void> {
  await page.getByTestId('episode-filter').fill(filter)
  await page.getByTestId('episode-filter').press('Enter')
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('a harness report with results-only episodes: counted as the harness counts, marked as without transcript', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, SWE)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })

  await test.step('the runs table and the run bar say how many have no result, and how they count', async () => {
    await expect(runRow(page, 'gpt5_mini_lite').getByTestId('run-col-unscored')).toHaveText('3 ✗')
    await selectRun(page, 'gpt5_mini_lite')
    await expect(page.getByTestId('episode-count')).toHaveText('23 episodes')
    await expect(page.getByTestId('run-unscored')).toContainText(
      '3 of 23 instances have no result: empty patch 2, error 1'
    )
    await expect(page.getByTestId('run-unscored')).toContainText('as the SWE-bench harness does')
    await expect(page.getByTestId('run-headline')).toHaveAttribute('data-agrees', 'true')
    // the harness's 5 / 23 beside Rollscope's mean reward over the 23 instances
    await expect(page.getByTestId('run-headline')).toContainText('resolved / submitted 0.2174')
    await expect(page.getByTestId('run-headline')).toContainText('mean reward is 0.217: they agree')
    await expect(page.getByTestId('run-no-transcript')).toContainText('21 of 23 episodes have no transcript on disk')
    await shotMatrix(page, 'cnt-01-swe-run')
  })

  await test.step('results-only episodes are rows of the table, flagged "no transcript"', async () => {
    await filterEpisodes(page, 'transcript == false')
    await expect(page.getByTestId('episode-count')).toHaveText('21 of 23 episodes')
    await expect(page.getByTestId('episode-row').first().getByTestId('flag-no-transcript')).toBeVisible()
  })

  await test.step('the viewer says there is no transcript on disk', async () => {
    await page.getByTestId('episode-row').first().click()
    await expect(page.getByTestId('no-transcript')).toHaveText(/^No transcript on disk: known from the harness report/)
    await expect(page.locator('[data-fact="Messages"]')).toContainText('no transcript')
    await shot(page, 'cnt-02-viewer-no-transcript')
    await page.getByTestId('episode-back').click()
  })
  expect(pageErrors).toEqual([])
})

test('side by side, a task known only from the harness report says "no transcript", not "same actions"', async ({
  page,
  server
}) => {
  // the same harness run copied twice: two runs of one environment, whose results-only tasks pair up
  for (const copy of ['a', 'b']) cpSync(SWE, join(server.tmpDir, copy, 'report'), { recursive: true })
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, join(server.tmpDir, 'a'))
  await addPathViaUi(page, join(server.tmpDir, 'b'))
  const rows = page
    .getByTestId('run-row')
    .filter({ has: page.getByTestId('run-col-name').filter({ hasText: 'gpt5_mini_lite' }) })
  await expect(rows).toHaveCount(2, { timeout: 20_000 })
  const [a, b] = [await rows.nth(0).getAttribute('data-run-id'), await rows.nth(1).getAttribute('data-run-id')]
  await page.goto(
    `${server.url}#/compare/${encodeURIComponent(a!)}/${encodeURIComponent(b!)}/task/${encodeURIComponent('astropy__astropy-14182')}`
  )
  await expect(page.getByTestId('sbs-no-transcript')).toHaveText('no transcript (A and B): nothing to align', {
    timeout: 20_000
  })
  await expect(page.getByTestId('sbs-no-transcript-a')).toBeVisible()
  await expect(page.getByText('the two episodes take the same actions')).toHaveCount(0)
  await shot(page, 'cnt-03-sbs-no-transcript')
})

test('a Terminal-Bench run with trials without a result: the rule, the headline, wall time, termination as a field', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, TB)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
  await selectRun(page, 'null-results-run')

  await test.step('unscored trials counted as failures, as Terminal-Bench does; results.json accuracy agrees', async () => {
    await expect(page.getByTestId('run-unscored')).toContainText('6 of 40 trials have no result')
    await expect(page.getByTestId('run-unscored')).toContainText('as Terminal-Bench does')
    await expect(page.getByTestId('run-headline')).toContainText('results.json accuracy')
    await expect(page.getByTestId('run-headline')).toHaveAttribute('data-agrees', 'true')
  })

  await test.step('eval wall time and how trials ended are facts of the run; termination is a column and a filter', async () => {
    await expect(page.locator('[data-testid="run-facts"] [data-fact="wallTime"]')).toContainText('24 min 57 s')
    await expect(page.locator('[data-testid="run-facts"] [data-fact="termination"]')).toContainText('parse_error 2')
    await expect(page.getByRole('columnheader', { name: 'Termination' })).toBeVisible()
    await filterEpisodes(page, 'termination == "parse_error"')
    await expect(page.getByTestId('episode-count')).toHaveText('2 of 40 episodes')
    await expect(page.getByTestId('episode-row').first().getByTestId('flag-unscored')).toBeVisible()
    await shotMatrix(page, 'cnt-04-tb-run')
  })
})
