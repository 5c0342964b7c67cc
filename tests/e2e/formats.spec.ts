/** The whole shared corpus added in the open app: every file's state in the workspace, then episodes of new formats (issue 3). */
import { resolve } from 'node:path'
import { addPathViaUi, DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { REPO_ROOT } from './server-fixture'
import { shotMatrix } from './shot-matrix'
import { expect, test } from './server-fixture'

const CORPUS = resolve(REPO_ROOT, '../shared/fixtures')

test('every corpus file gets a state in the workspace; an Inspect agent sample and an ATIF trajectory open with paired tool calls', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, CORPUS)
  // 26 runs of the corpus (tests/main/integration/fixture-matrix.test.ts) next to the 2 demo runs
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 26, { timeout: 30_000 })
  const counts = page.getByTestId('state-counts')
  // 32 corpus files and the demo's 17 (two eval runs, the hosted-RL run's results.jsonl, the prime-rl run's 10 train
  // and 4 eval `all` files)
  await expect(counts).toContainText('indexed 49')
  // the hosted-RL run's metadata.json and progress.json, the prime-rl run's 14 `effective` files and metrics.jsonl
  await expect(counts).toContainText('companion 53')
  await expect(counts).toContainText('skipped: LFS pointer 2')
  await shot(page, '40-corpus-workspace')

  await selectRun(page, 'inspect_test_utils/guess_number')
  await page.getByTestId('episode-row').first().click()
  const turns = page.getByTestId('turn-row')
  await expect(turns.first()).toContainText('Guess the number')
  await expect(page.getByText('hardcoded_0').first()).toBeVisible()
  await shot(page, '41-inspect-dedup-sample')

  await page.getByTestId('episode-back').click()
  await selectRun(page, 'terminus_2')
  await expect(page.getByTestId('episode-count')).toContainText('4 episodes')
  await page.getByTestId('episode-row').filter({ hasText: '17' }).first().click()
  await expect(page.locator('[data-fact="Messages"]')).toContainText('17')
  // turn 7 is the system step of the context summarization: it links the three sub-trajectories
  for (let i = 0; i < 7; i++) await page.keyboard.press('j')
  const active = page.locator('[data-testid="turn-row"][aria-current="true"]')
  await expect(active).toHaveAttribute('data-turn', '7')
  await expect(active).toContainText(
    '↳ sub-trajectory trajectory.summarization-1-summary.json: Context summarization 1: Step 1 - Summary generation (5 steps)'
  )
  await shot(page, '42-atif-trajectory')

  // images stored as attachments are drawn (data URIs, lazily); tool errors and the simulated user are marked
  await page.getByTestId('episode-back').click()
  await selectRun(page, 'images 2024-10-22')
  await page.getByTestId('episode-row').first().click()
  const img = page.getByTestId('turn-image').first()
  await expect(img).toBeVisible()
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await shot(page, '43-inspect-image')

  await page.getByTestId('episode-back').click()
  await selectRun(page, '... 2025-02-07')
  await page.getByTestId('episode-row').first().click()
  await expect(page.getByTestId('turn-error').first()).toHaveText('parsing: ...')
  // every one of the 11 turns failed: the strip above the transcript counts them (rows are virtualized)
  await expect(page.getByTestId('reward-strip')).toContainText('11 error / truncated')
  await expect(page.getByTestId('turn-error-badge').first()).toBeVisible()
  await shot(page, '44-inspect-tool-errors')

  await page.getByTestId('episode-back').click()
  await selectRun(page, 'gpt-4o-airline')
  await page.getByTestId('episode-row').first().click()
  await expect(page.getByTestId('turn-simulated').first()).toBeVisible()
  await shot(page, '45-tau-simulated-user')

  // keys: ? shows the sheet (Esc closes it, not the episode), e / x expand and collapse every prompt and long text, c copies the turn
  await page.keyboard.press('?')
  const sheet = page.getByTestId('shortcut-sheet')
  await expect(sheet).toContainText('expand / collapse every prompt, long text')
  // generated from the keymap for where the user is: the episode's keys, the find box's, the global ones; not the tables'
  await expect(sheet.locator('th')).toHaveText(['This sheet', 'Episode', 'In the find box', 'Everywhere'])
  // 9, and since issue 15 the ends, trouble turns, show all / editor / note on the turn, the header, undo: 16
  await expect(sheet.getByTestId('shortcut-group-episode').locator('tr[data-binding]')).toHaveCount(16)
  await expect(sheet.getByTestId('shortcut-group-global')).toContainText('Ctrl+K')
  await expect(sheet.locator('[data-binding="grid.move"]')).toHaveCount(0)
  await shotMatrix(page, '46-shortcut-sheet')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('shortcut-sheet')).toHaveCount(0)
  await expect(page.getByTestId('episode-view')).toBeVisible()
  // the 6k-char policy (system prompt) is folded to one line; e unfolds it and opens it whole, x folds it back
  const folded = page.getByTestId('prompt-preview')
  const showAll = page.getByRole('button', { name: /^Show all/ })
  await expect(folded).toHaveCount(1)
  await page.keyboard.press('e')
  await expect(folded).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Collapse' }).first()).toBeVisible()
  await expect(showAll).toHaveCount(0)
  await page.keyboard.press('x')
  await expect(folded).toHaveCount(1)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.keyboard.press('j')
  await page.keyboard.press('c')
  await expect(page.getByText('Turn #1 copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "#1 user\n\nHi! I'm looking to book a flight from New York to Seattle on May 20th."
  )
})
