/**
 * The acceptance path in Chromium against browser mode: demo workspace → add the verifiers fixtures through the path
 * form → 9 runs → the Wordle gpt-5-mini run → sort → open an episode → turns, j/k, Raw (Monaco) → reload restores
 * the deep link; the filter expression box; and the README / dark-theme screenshots.
 */
import { join } from 'node:path'
import {
  addPathViaUi,
  DEMO_RUNS,
  MONACO_LOAD,
  openApp,
  recordProgressEvents,
  seenProgress,
  selectRun,
  shot,
  VERIFIERS_FIXTURES
} from './e2e-helpers'
import { expect, REPO_ROOT, test } from './server-fixture'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const TRAINED_RUN = 'repo-repair · qwen3-8b-grpo-step400 (trained)'
const WORDLE_RUN = 'wordle · gpt-5-mini (b5161fc3)'

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test('demo workspace → add the verifiers fixtures → Wordle episode, keys, Raw, deep link', async ({ page, server }) => {
  await test.step('the demo workspace opens with its runs', async () => {
    await recordProgressEvents(page)
    await openApp(page, server.url, DEMO_RUNS)
    await expect(page.getByTestId('runs-table')).toContainText(BASE_RUN)
    await expect(page.getByTestId('runs-table')).toContainText(TRAINED_RUN)
    // The token left the address bar (the server traded it for the session cookie and redirected).
    expect(page.url()).not.toContain('token=')
    await shot(page, '01-demo-workspace')
  })

  await test.step('add the fixture folder through the path form; the progress ends with 20/20 files', async () => {
    // Indexing 20 small files takes a fraction of a second: a MutationObserver notes whether the bar was drawn,
    // and the event log shows the states the job went through.
    await page.evaluate(() => {
      const w = window as unknown as { __sawProgressBar: boolean; __progressLog: unknown[] }
      w.__sawProgressBar = false
      w.__progressLog.length = 0
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="progress-bar"]')) w.__sawProgressBar = true
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.getByTestId('add-folder-button').click()
    await shot(page, '02-path-form')
    await addPathViaUi(page, VERIFIERS_FIXTURES, 'folder', { alreadyOpen: true })
    await expect(page.getByTestId('last-index')).toContainText('Indexed: 20/20 files, 93 episodes')
    await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 7)
    const log = await seenProgress(page)
    expect(log.some((p) => p.state === 'indexing' && p.filesTotal === 20 && p.filesDone < 20)).toBe(true)
    expect(log.at(-1)).toMatchObject({ state: 'done', filesDone: 20, filesTotal: 20 })
    expect(await page.evaluate(() => (window as unknown as { __sawProgressBar: boolean }).__sawProgressBar)).toBe(true)
    await expect(page.getByTestId('roots')).toContainText('verifiers')
    await shot(page, '03-fixtures-indexed')
  })

  await test.step('the files list shows both LFS pointers as not-downloaded, with the reason', async () => {
    await page.getByRole('checkbox', { name: 'problems' }).check()
    const pointers = page.locator('[data-testid="source-row"][data-state="not-downloaded"]')
    await expect(pointers).toHaveCount(2)
    for (const [i, size] of [
      [0, '844,823'],
      [1, '23,975']
    ] as const) {
      await expect(pointers.nth(i).getByTestId('source-state')).toHaveText('skipped: LFS pointer')
      await expect(pointers.nth(i).getByTestId('source-error')).toContainText(
        `Git LFS pointer: content not downloaded (real size ${size} bytes)`
      )
    }
    await shot(page, '04-lfs-pointers')
    await page.getByRole('checkbox', { name: 'problems' }).uncheck()
  })

  await test.step('the Wordle gpt-5-mini run: 15 episodes, reward descending puts 2.200 first', async () => {
    await selectRun(page, WORDLE_RUN)
    await expect(page.getByTestId('episode-count')).toHaveText('15 episodes')
    await expect(page.getByTestId('episode-row')).toHaveCount(15)
    await page.getByTestId('sort-reward').click()
    await expect(page.getByTestId('sort-reward')).toHaveAttribute('aria-sort', 'ascending')
    await page.getByTestId('sort-reward').click()
    await expect(page.getByTestId('sort-reward')).toHaveAttribute('aria-sort', 'descending')
    const first = page.locator('[data-testid="episode-row"][data-index="0"]')
    await expect(first.locator('[role="gridcell"]:not([data-pick])').nth(3)).toHaveText('2.200')
    await expect(first).toContainText('answer:thing')
    await expect(
      page.locator('[data-testid="episode-row"][data-index="1"]').locator('[role="gridcell"]:not([data-pick])').nth(3)
    ).toHaveText('2.167')
    await shot(page, '05-wordle-sorted')
  })

  await test.step('open the best episode: system, prompt, guesses, feedback as observation', async () => {
    // Ids derive from the file's absolute path, so they are read from the page rather than written here.
    const runId = await page.locator('[data-testid="run-row"][aria-selected="true"]').getAttribute('data-run-id')
    const best = page.locator('[data-testid="episode-row"][data-index="0"]')
    const episodeId = await best.getAttribute('data-episode-id')
    expect(episodeId).toBe(`${runId}-1`) // record #1 of the file is the 2.200 one
    await best.click()
    await expect(page.getByTestId('episode-view')).toBeVisible()
    await expect(page.getByTestId('episode-task')).toContainText('answer:thing')
    await expect(page.getByTestId('episode-reward')).toHaveText('2.200')
    const turns = page.getByTestId('turn-row')
    await expect(turns.first()).toHaveAttribute('data-role', 'system')
    await expect(turns.first()).toContainText('You are a competitive game player')
    await expect(turns.nth(1)).toHaveAttribute('data-role', 'user')
    await expect(turns.nth(1)).toContainText('[GAME] You are Playing Wordle.')
    await expect(turns.nth(1).getByTestId('turn-origin')).toHaveText('prompt')
    await expect(turns.nth(2)).toHaveAttribute('data-role', 'assistant')
    await expect(turns.nth(2)).toContainText('<guess>[')
    // The env's reply to a guess is the Wordle feedback (G/Y/X per letter), marked as an observation.
    await expect(turns.nth(3)).toHaveAttribute('data-role', 'user')
    await expect(turns.nth(3).getByTestId('turn-observation')).toHaveText('observation')
    await expect(turns.nth(3)).toContainText('guesses left')
    expect(new URL(page.url()).hash).toBe(`#/run/${runId}/episode/${episodeId}`)
    await shot(page, '06-episode')
  })

  await test.step('j / k move the highlighted turn', async () => {
    const active = page.locator('[data-testid="turn-row"][aria-current="true"]')
    await page.keyboard.press('j')
    await expect(active).toHaveAttribute('data-turn', '1')
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await expect(active).toHaveAttribute('data-turn', '3')
    await page.keyboard.press('k')
    await expect(active).toHaveAttribute('data-turn', '2')
    await shot(page, '07-turn-keys')
  })

  await test.step('the Raw tab renders the record in Monaco', async () => {
    await page.getByTestId('raw-tab').click()
    const editor = page.getByTestId('raw-editor').locator('.monaco-editor')
    await expect(editor).toBeVisible({ timeout: MONACO_LOAD })
    // Monaco draws only the lines in view: check the top of this record (tokenized as JSON).
    const lines = editor.locator('.view-lines')
    await expect(lines).toContainText('"prompt": [')
    await expect(lines).toContainText('You are a competitive game player.')
    await expect(lines).toContainText('"completion": [')
    await expect(page.getByTestId('raw-editor').locator('[data-mode-id="json"]')).toHaveCount(1)
    // Highlighted: keys, strings and punctuation get different token classes once the JSON tokenizer ran.
    await expect
      .poll(() =>
        lines.evaluate((el) => new Set([...el.querySelectorAll('span[class^="mtk"]')].map((s) => s.className)).size)
      )
      .toBeGreaterThanOrEqual(3)
    await shot(page, '08-raw-monaco')
  })

  await test.step('a reload restores the same episode from the URL hash', async () => {
    const before = page.url()
    await page.reload()
    expect(page.url()).toBe(before)
    await expect(page.getByTestId('episode-view')).toBeVisible()
    await expect(page.getByTestId('episode-task')).toContainText('answer:thing')
    await expect(page.getByTestId('episode-reward')).toHaveText('2.200')
    await expect(page.getByTestId('turn-row').first()).toContainText('You are a competitive game player')
    await shot(page, '09-after-reload')
  })
})

test('the filter expression box: a valid filter narrows the rows, a typo shows the error', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, VERIFIERS_FIXTURES)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 7)
  await selectRun(page, WORDLE_RUN)
  await expect(page.getByTestId('episode-count')).toHaveText('15 episodes')

  const filter = page.getByTestId('episode-filter')
  await filter.fill('reward < 0.5')
  await filter.press('Enter')
  await expect(page.getByTestId('episode-count')).toHaveText('4 of 15 episodes')
  await expect(page.getByTestId('episode-row')).toHaveCount(4)
  for (const row of await page.getByTestId('episode-row').all()) {
    expect(Number(await row.locator('[role="gridcell"]:not([data-pick])').nth(3).textContent())).toBeLessThan(0.5)
  }
  await shot(page, '10-filter')

  await filter.fill('rewrd < 1')
  await filter.press('Enter')
  const error = page.getByTestId('filter-error')
  await expect(error).toBeVisible()
  await expect(error).toContainText('Unknown field "rewrd"')
  await expect(error).toContainText('did you mean "reward"?')
  await expect(filter).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('episode-count')).toHaveText('invalid filter')
  await shot(page, '11-filter-error')
})

test('README screenshot (light) and dark-theme screenshots of the demo workspace', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')
  await shot(page, '12-demo-base-run')

  // Row 4 is a near miss (5 of 6 tests pass): its pytest run shows the failures and the per-step reward.
  const row = page.locator('[data-testid="episode-row"][data-index="4"]')
  await expect(row).toContainText('rr-002-slugify-lite')
  await row.click()
  await expect(page.getByTestId('episode-reward')).toHaveText('0.833')
  await expect(page.getByTestId('episode-passed')).toContainText('failed')
  for (let i = 0; i < 6; i++) await page.keyboard.press('j')
  const active = page.locator('[data-testid="turn-row"][aria-current="true"]')
  await expect(active).toHaveAttribute('data-turn', '6')
  const pytest = page.locator('[data-testid="turn-row"][data-turn="7"]')
  await expect(pytest).toContainText('2 failed, 4 passed')
  await expect(pytest.getByTestId('turn-reward')).toHaveText('r = 0.6667')
  await expect(active).toBeInViewport()
  await page.screenshot({ path: join(REPO_ROOT, 'docs/screenshot.png') })
  await shot(page, '13-readme')

  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
  await shot(page, '14-dark-episode')
  await page.getByTestId('raw-tab').click()
  await expect(page.getByTestId('raw-editor').locator('.monaco-editor.vs-dark .view-lines')).toContainText(
    '"task_id"',
    {
      timeout: MONACO_LOAD
    }
  )
  await shot(page, '15-dark-raw')
  await page.getByTestId('tab-transcript').click()
  await page.getByTestId('episode-back').click()
  await expect(page.getByTestId('episodes-table')).toBeVisible()
  await shot(page, '16-dark-runs')
})
