/**
 * Issue 15 item 6 (faithful text): a Ctrl-D keystroke (`\x04`) and the other control characters show as their caret (`^D`), boxed
 * so they read apart from a literal `^D`, in the assistant's words, its command and the observation; find counts
 * them as shown and marks them; dunder identifiers (`__init__.py`) in the model's markdown stay as written. Screenshots
 * at 1440×900 and 1024×768, light and dark.
 */
import { addPathViaUi, DEMO_RUNS, openApp, selectRun } from './e2e-helpers'
import { READING_RUN, writeReadingRun } from './reading-fixture'
import { expect, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

test('a Ctrl-D shows as a boxed ^D in text, command and observation; find counts and marks it as shown', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, writeReadingRun(server.tmpDir))
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
  await selectRun(page, READING_RUN)
  await page.getByTestId('episode-row').filter({ hasText: 'long-read' }).click()
  await expect(page.getByTestId('turn-row').first()).toBeVisible()
  for (let i = 0; i < 21; i++) await page.keyboard.press('j')
  const said = page.locator('[data-testid="turn-row"][data-turn="21"]')
  const echo = page.locator('[data-testid="turn-row"][data-turn="22"]')
  await expect(said).toHaveAttribute('aria-current', 'true')

  // the assistant's words (markdown), its shell command, the observation: a caret each, never an empty box
  await expect(said.locator('[data-control]')).toHaveText(['^D', '^D'])
  await expect(said.getByTestId('tool-call').locator('[data-control]')).toHaveText('^D')
  await expect(echo.locator('[data-control]')).toHaveText('^D')
  await expect(echo.locator('[data-control]')).toHaveAttribute('title', 'Ctrl-D (U+0004)')
  const text = (await echo.locator('pre').first().textContent()) ?? ''
  expect(text).toContain('>>> ^D^D')
  expect(text).not.toMatch(/\u0004/)

  // find: the observation's literal ^D and its Ctrl-D are two matches; stepping marks the control's caret
  await page.keyboard.press('/')
  await page.getByTestId('find-input').fill('^D')
  await expect(page.getByTestId('find-count')).toHaveText(/of [3-9]/)
  await page.getByTestId('find-input').fill('^D^D')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1')
  await expect(page.getByTestId('find-current')).toHaveText('^D')
  await expect(echo.locator('mark')).toHaveText(['^D', '^D'])
  await page.keyboard.press('Escape')
  await shotMatrix(page, 'cc-01-control-carets', async () => {
    await said.scrollIntoViewIfNeeded()
  })
})

test('dunder identifiers in the assistant markdown show as written, bold stays bold', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, writeReadingRun(server.tmpDir))
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
  await selectRun(page, READING_RUN)
  await page.getByTestId('episode-row').filter({ hasText: 'long-read' }).click()
  await expect(page.getByTestId('turn-row').first()).toBeVisible()
  for (let i = 0; i < 23; i++) await page.keyboard.press('j')
  const said = page.locator('[data-testid="turn-row"][data-turn="23"]')
  await expect(said).toHaveAttribute('aria-current', 'true')

  // the words as the model wrote them: no <strong> around init / name / main, the code span kept, **bold** bold
  await expect(said).toContainText('then __init__.py and __name__ == "__main__"; bold stays bold.')
  await expect(said.locator('code').first()).toHaveText('pkg/__init__.py')
  await expect(said.locator('strong')).toHaveText(['bold'])
  await shotMatrix(page, 'cc-02-dunder-identifiers', async () => {
    await said.scrollIntoViewIfNeeded()
  })
})
