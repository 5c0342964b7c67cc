/**
 * The episode viewer over real traces (issue 4): keyboard stepping, find, long observations in the
 * editor, the reward strip, folded prompts, [ / ] across runs, deep links that survive a reload;
 * screenshots of each screen in both themes.
 */
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, MONACO_LOAD, openApp, selectRun, shot } from './e2e-helpers'
import { expect, REPO_ROOT, test } from './server-fixture'

const CORPUS = resolve(REPO_ROOT, '../shared/fixtures')
const OWN = resolve(REPO_ROOT, 'tests/fixtures')

/** Adds `path` and opens the first episode of the run named `run` (the demo's runs are there already). */
async function openFirstEpisode(page: Page, url: string, path: string, runs: number, run: string): Promise<void> {
  await openApp(page, url, DEMO_RUNS)
  await addPathViaUi(page, path)
  await expect(page.getByTestId('run-row')).toHaveCount(runs, { timeout: 20_000 })
  await selectRun(page, run)
  await page.getByTestId('episode-row').first().click()
  await expect(page.getByTestId('episode-view')).toBeVisible()
  await expect(page.getByTestId('turn-row').first()).toBeVisible()
}

/** The same screen in the light and the dark theme (the app follows the OS setting). */
async function shotBothThemes(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
  await shot(page, `${name}-light`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
}

const active = (page: Page) => page.locator('[data-testid="turn-row"][aria-current="true"]')

test('Inspect agent log: j / k step through tool calls, the turn is in the URL and survives a reload', async ({
  page,
  server
}) => {
  await openFirstEpisode(
    page,
    server.url,
    resolve(CORPUS, 'inspect-ai/log_message_deduplication.eval'),
    DEMO_RUNS + 1,
    'inspect_test_utils/guess_number'
  )
  await expect(active(page)).toHaveAttribute('data-turn', '0')
  await expect(page.getByTestId('tool-call').first()).toBeVisible()
  for (let i = 0; i < 3; i++) await page.keyboard.press('j')
  await expect(active(page)).toHaveAttribute('data-turn', '3')
  await page.keyboard.press('k')
  await expect(active(page)).toHaveAttribute('data-turn', '2')
  await expect(page).toHaveURL(/\/episode\/[^/]+\/turn\/2$/)
  await shotBothThemes(page, '50-inspect-tool-calls')

  const before = page.url()
  await page.reload()
  await expect(active(page)).toHaveAttribute('data-turn', '2')
  expect(page.url()).toBe(before)
  // Back leaves the episode in one step: turn moves replaced the history entry instead of adding one each
  await page.goBack()
  await expect(page.getByTestId('episodes-panel')).toBeVisible()
})

test('SWE-agent trajectory: a long observation opens in the editor with its language; find counts and walks matches', async ({
  page,
  server
}) => {
  await openFirstEpisode(
    page,
    server.url,
    resolve(CORPUS, 'swe-agent/v0.x'),
    DEMO_RUNS + 1,
    'gpt4__swe-bench-dev-easy_first_only'
  )
  // the system prompt is folded to one line; e unfolds it, x folds it again
  const firstTurn = page.getByTestId('turn-row').first()
  await expect(firstTurn.getByTestId('prompt-preview')).toBeVisible()
  await page.keyboard.press('e')
  await expect(firstTurn.getByTestId('prompt-preview')).toHaveCount(0)
  await page.keyboard.press('x')
  await expect(firstTurn.getByTestId('prompt-preview')).toBeVisible()
  await shotBothThemes(page, '51-swe-agent-folded-prompt')

  // step to the first long observation and open it
  const editorButton = active(page).getByTestId('open-in-editor')
  for (let i = 0; i < 80 && (await editorButton.count()) === 0; i++) await page.keyboard.press('j')
  await expect(editorButton).toBeVisible()
  await editorButton.click()
  const editor = page.getByTestId('text-editor')
  await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout: MONACO_LOAD })
  await expect(editor.getByTestId('editor-language')).toHaveValue('markdown')
  await expect(editor.locator('.view-line').first()).toBeVisible()
  await shotBothThemes(page, '52-swe-agent-observation-editor')
  // Esc closes the editor, not the episode, also with the focus inside the editor's text
  await editor.locator('.view-line').first().click()
  await expect(editor.locator('.monaco-editor.focused')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(editor).toHaveCount(0)
  await expect(page.getByTestId('episode-view')).toBeVisible()

  // find: "pydicom" is all over this trajectory
  await page.keyboard.press('/')
  await page.getByTestId('find-input').fill('pydicom')
  const count = page.getByTestId('find-count')
  await expect(count).toHaveText(/^1 of \d+$/)
  const total = Number((await count.textContent())?.split(' of ')[1])
  expect(total).toBeGreaterThan(5)
  await expect(page.getByTestId('find-current')).toBeVisible()
  await expect(page.getByTestId('find-current')).toHaveText(/pydicom/i)
  await page.keyboard.press('Enter')
  await expect(count).toHaveText(`2 of ${total}`)
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.press('Shift+Enter')
  await expect(count).toHaveText(`${total} of ${total}`)
  await shotBothThemes(page, '53-swe-agent-find')
  await page.getByTestId('find-input').fill('no such string anywhere')
  await expect(count).toHaveText('no matches')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('find-bar')).toHaveCount(0)
  await expect(page.getByTestId('episode-view')).toBeVisible()
})

test('NeMo Gym: a multi-step episode steps through its tool calls; per-step rewards draw a strip that jumps to a turn', async ({
  page,
  server
}) => {
  await openFirstEpisode(
    page,
    server.url,
    resolve(CORPUS, 'nemo-gym/example_multi_step'),
    DEMO_RUNS + 1,
    'example_multi_step'
  )
  await expect(page.getByTestId('tool-call')).not.toHaveCount(0)
  for (let i = 0; i < 3; i++) await page.keyboard.press('j')
  await expect(active(page)).toHaveAttribute('data-turn', '3')
  await expect(active(page)).toContainText('get_synonym_value')
  await shotBothThemes(page, '54-nemo-multi-step')

  // the project's own NeMo fixture has per-step reward / done on its observations
  await page.getByTestId('episode-back').click()
  await addPathViaUi(page, resolve(OWN, 'nemo-gym/circle_click_mini'))
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 2, { timeout: 20_000 })
  await selectRun(page, 'circle_click_mini')
  // not every rollout reached a rewarded step: open them in turn until one has a strip
  let found = false
  for (let i = 0; i < 4 && !found; i++) {
    await page.getByTestId('episode-row').nth(i).click()
    await expect(page.getByTestId('episode-view')).toBeVisible()
    // the view shows before its episode has loaded: count the strip once the turns are drawn
    await expect(page.getByTestId('turn-row').first()).toBeVisible()
    found = (await page.getByTestId('reward-strip').count()) > 0
    if (!found) await page.getByTestId('episode-back').click()
  }
  expect(found).toBe(true)
  const bar = page.getByTestId('strip-bar').last()
  const turn = await bar.getAttribute('data-turn')
  // a click near the bar (the chart snaps to the nearest turn with a signal)
  const box = await bar.boundingBox()
  expect(box).not.toBeNull()
  await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) / 2 + 2, (box?.y ?? 0) + 4)
  await expect(active(page)).toHaveAttribute('data-turn', turn ?? '')
  await expect(active(page).getByTestId('turn-reward')).toBeVisible()
  await shotBothThemes(page, '55-nemo-reward-strip')
})

test('tau-bench: the simulated user is marked; [ / ] step the same task through runs (verifiers Wordle)', async ({
  page,
  server
}) => {
  await openFirstEpisode(page, server.url, resolve(CORPUS, 'tau-bench'), DEMO_RUNS + 1, 'gpt-4o-airline')
  await expect(page.getByTestId('turn-simulated').first()).toBeVisible()
  await expect(page.getByTestId('related-rollouts')).toBeVisible()
  await shotBothThemes(page, '56-tau-episode')

  await page.getByTestId('episode-back').click()
  await addPathViaUi(page, resolve(CORPUS, 'verifiers/willccbb-verifiers/wordle--gpt-4.1-mini'))
  await addPathViaUi(page, resolve(CORPUS, 'verifiers/willccbb-verifiers/wordle--gpt-5-mini'))
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 3, { timeout: 20_000 })
  await selectRun(page, 'wordle · gpt-4.1-mini')
  await page.getByTestId('episode-row').nth(1).click()
  const task = await page.getByTestId('episode-task').textContent()
  const runs = page.getByTestId('related-runs')
  await expect(runs.getByTestId('ref-chip')).toHaveCount(2)
  await expect(runs.locator('[data-testid="ref-chip"][aria-current="page"]')).toContainText('gpt-4.1-mini')
  await page.keyboard.press(']')
  await expect(page.getByTestId('episode-crumbs')).toContainText('wordle · gpt-5-mini')
  await expect(page.getByTestId('episode-task')).toHaveText(task ?? '')
  await expect(runs.locator('[data-testid="ref-chip"][aria-current="page"]')).toContainText('gpt-5-mini')
  await shotBothThemes(page, '57-wordle-same-task-other-run')
  // n / p keep working in the run we landed in (its table in default order)
  await page.keyboard.press('n')
  await expect(page.getByTestId('episode-crumbs')).toContainText('row 3 / 15')
  await page.keyboard.press('p')
  await expect(page.getByTestId('episode-crumbs')).toContainText('row 2 / 15')
  await expect(page.getByTestId('episode-task')).toHaveText(task ?? '')
  await page.keyboard.press('[')
  await expect(page.getByTestId('episode-crumbs')).toContainText('wordle · gpt-4.1-mini')
  await expect(page.getByTestId('episode-task')).toHaveText(task ?? '')
  await page.keyboard.press('[')
  await expect(page.getByText('No previous run has this task')).toBeVisible()
})
