/**
 * Preference pairs say what they make before the file is written (a browser download says nothing afterwards): the
 * dialog counts the pairs and the episodes in no pair by reason, and the download holds that many pairs. One run of
 * the demo (16 tasks × 4 rollouts: a pair per task, the two middle rollouts in none), then both repo-repair runs in
 * one table (a pair per task both have, ties left out).
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { DEMO_RUNS, openApp, selectRun } from './e2e-helpers'
import { expect, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const TRAINED_RUN = 'repo-repair · qwen3-8b-grpo-step400 (trained)'
const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })

interface PairLine {
  prompt: unknown[]
  chosen: unknown[]
  rejected: unknown[]
  taskKey: string
  chosenEpisode: { reward: number }
  rejectedEpisode: { reward: number }
}

/** Downloads what the dialog's button exports, as parsed lines. */
async function download(page: Page): Promise<PairLine[]> {
  const downloading = page.waitForEvent('download')
  await page.getByTestId('preference-export-go').click()
  const file = await downloading
  expect(file.suggestedFilename()).toMatch(/^rollscope-[A-Za-z0-9._-]+\.jsonl$/)
  return readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as PairLine)
}

test('preference pairs: the dialog counts the pairs and why the other episodes are in none', async ({
  page,
  server
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  await expect(page.getByTestId('export-select').locator('option').first()).toHaveText('Export 64 episodes…')

  await page.getByTestId('export-select').selectOption('preference')
  const dialog = page.getByTestId('preference-options')
  await expect(dialog).toContainText('One pair per task: its best-rewarded rollout against its worst.')
  await expect(dialog.getByTestId('preference-preview')).toHaveText(
    '64 episodes selected: 16 pairs (32 episodes); in no pair: 32 neither the best nor the worst rollout of their task.'
  )
  await expect(dialog.getByTestId('preference-export-go')).toHaveText('Export 16 pairs')
  await shotMatrix(page, 'export-preference-01-one-run')

  const pairs = await download(page)
  expect(pairs).toHaveLength(16)
  expect(new Set(pairs.map((p) => p.taskKey)).size).toBe(16)
  for (const p of pairs) expect(p.chosenEpisode.reward).toBeGreaterThan(p.rejectedEpisode.reward)
  await expect(dialog).toHaveCount(0)

  await test.step('Esc closes the dialog without exporting', async () => {
    await page.getByTestId('export-select').selectOption('preference')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  })

  await test.step('two runs in one table: a pair per task both have, ties counted apart', async () => {
    await runRow(page, BASE_RUN).getByTestId('run-pick').check()
    await runRow(page, TRAINED_RUN).getByTestId('run-pick').check()
    await page.getByTestId('list-together').click()
    await expect(page.getByTestId('episode-count')).toHaveText('128 episodes')
    await page.getByTestId('export-select').selectOption('preference')
    await expect(dialog).toContainText('One pair per task both runs have')
    const text = (await dialog.getByTestId('preference-preview').textContent())!
    const [, selected, pairCount, inPairs] = /^(\d+) episodes selected: (\d+) pairs \((\d+) episodes\)/.exec(text)!
    expect(Number(selected)).toBe(128)
    expect(Number(inPairs)).toBe(2 * Number(pairCount))
    // every selected episode is in a pair or counted under a reason
    const counted = [...text.matchAll(/(\d+) (?:in ties|not their run’s best|of a task the other|without a reward)/g)]
    expect(counted.reduce((n, m) => n + Number(m[1]), Number(inPairs))).toBe(128)
    await expect(dialog.getByTestId('preference-preview')).toContainText('in ties (equal rewards)')
    await shotMatrix(page, 'export-preference-02-two-runs')
    const got = await download(page)
    expect(got).toHaveLength(Number(pairCount))
  })
})
