/**
 * Issue 15 item 5, the keyboard gaps of reading an episode: the ends of a 124-turn transcript in one key (g g / G,
 * Home / End), the next / previous turn with an error or anomaly (f / F), Show all (s), Open in editor (o) and a
 * note (N) on the highlighted turn, search hits by arrows and Enter with the term marked in the viewer and Esc back
 * to the hits, and the auto-advance notice with Undo (u). Screenshots at 1440×900 and 1024×768, light and dark.
 */
import type { Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, MONACO_LOAD, openApp, selectRun } from './e2e-helpers'
import { LONG_TURNS, READING_RUN, writeReadingRun } from './reading-fixture'
import { expect, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const active = (page: Page) => page.locator('[data-testid="turn-row"][aria-current="true"]')

async function openLongEpisode(page: Page, url: string, tmpDir: string): Promise<void> {
  await openApp(page, url, DEMO_RUNS)
  await addPathViaUi(page, writeReadingRun(tmpDir))
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
  await selectRun(page, READING_RUN)
  await page.getByTestId('episode-row').filter({ hasText: 'long-read' }).click()
  await expect(page.getByTestId('transcript-turn-count')).toHaveText(String(LONG_TURNS))
  await expect(active(page)).toHaveAttribute('data-turn', '0')
  // the row that had the focus went with the table: the view takes it (Tab goes on from there, not the window's top)
  await expect(page.getByTestId('episode-view')).toBeFocused()
}

test('the ends of a 124-turn episode in one key, its anomaly turns with f / F, actions on the highlighted turn', async ({
  page,
  server
}) => {
  await openLongEpisode(page, server.url, server.tmpDir)
  await page.keyboard.press('G')
  await expect(active(page)).toHaveAttribute('data-turn', String(LONG_TURNS - 1))
  await expect(active(page)).toBeInViewport()
  await page.keyboard.press('g')
  await page.keyboard.press('g')
  await expect(active(page)).toHaveAttribute('data-turn', '0')
  await page.keyboard.press('End')
  await expect(active(page)).toHaveAttribute('data-turn', String(LONG_TURNS - 1))
  await page.keyboard.press('Home')
  await expect(active(page)).toHaveAttribute('data-turn', '0')

  // f: the loop's first turn, then the harness timeout; F back; past the last one it says so
  await page.keyboard.press('f')
  const first = Number(await active(page).getAttribute('data-turn'))
  expect(first).toBeGreaterThan(50)
  await page.keyboard.press('f')
  const second = Number(await active(page).getAttribute('data-turn'))
  expect(second).toBeGreaterThan(first)
  await expect(active(page)).toContainText('cancelled because it took more than 30 seconds')
  await page.keyboard.press('F')
  await expect(active(page)).toHaveAttribute('data-turn', String(first))
  await page.keyboard.press('End')
  await page.keyboard.press('f')
  await expect(page.getByTestId('notice').filter({ hasText: 'No later turn with an error' })).toBeVisible()
  await page.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).click()

  // N: a note on the highlighted turn, typed and saved without the mouse
  await page.keyboard.press('Home')
  await page.keyboard.press('j')
  await page.keyboard.press('N')
  await expect(page.getByTestId('turn-note-input')).toBeFocused()
  await page.keyboard.type('the plan starts here')
  await page.keyboard.press('Control+Enter')
  await expect(active(page)).toContainText('the plan starts here')

  // o: the highlighted turn's text in the editor; Esc closes it
  await page.keyboard.press('o')
  await expect(page.getByTestId('text-editor').locator('.monaco-editor')).toBeVisible({ timeout: MONACO_LOAD })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('text-editor')).toHaveCount(0)
  await expect(page.getByTestId('episode-view')).toBeVisible()

  // s: Show all on the highlighted turn (the long first result, #2), s again collapses it
  await page.keyboard.press('j')
  await expect(active(page)).toHaveAttribute('data-turn', '2')
  const toggle = active(page).getByTestId('show-all')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('s')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('s')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  await page.keyboard.press('G')
  await shotMatrix(page, 'kg-01-last-turn', async () => {
    await page.keyboard.press('G')
    await expect(active(page)).toBeInViewport()
  })
  await page.keyboard.press('?')
  await expect(page.getByText('next / previous turn with an error, a truncation or an anomaly')).toBeVisible()
  await shotMatrix(page, 'kg-02-sheet')
  await page.keyboard.press('Escape')
})

test('search hits by arrows and Enter; the term is marked in the viewer; Esc goes back to the hits', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await page.keyboard.press('Control+k')
  await expect(page.getByTestId('search-input')).toBeFocused()
  await page.keyboard.type('tinycsv')
  await expect(page.getByTestId('search-hit').nth(2)).toBeVisible({ timeout: 15_000 })
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  const hit = page.getByTestId('search-hit').nth(1)
  await expect(hit).toHaveAttribute('aria-current', 'true')
  await expect(hit).toBeFocused()
  await shotMatrix(page, 'kg-03-search-cursor')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('episode-view')).toBeVisible()
  await expect(page.getByTestId('find-input')).toHaveValue(/tinycsv/i)
  await expect(page.getByTestId('find-current')).toBeVisible()
  await expect(page.getByTestId('find-current')).toHaveText(/tinycsv/i)
  // the keys stay with the transcript (the find box did not take the cursor)
  await expect(page.getByTestId('find-input')).not.toBeFocused()
  await shotMatrix(page, 'kg-04-hit-marked')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('search-view')).toBeVisible()
  await expect(page.getByTestId('search-hit').nth(1)).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('episode-view')).toBeVisible()
})

test('auto-advance says which label went on which episode, and u undoes it', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, 'repo-repair · qwen3-8b (base)')
  await page.getByTestId('episode-row').first().click()
  await expect(page.getByTestId('episode-task')).toHaveText(/rr-001/)
  const firstTask = await page.getByTestId('episode-task').textContent()
  await page.getByTestId('auto-advance').check()
  await page.keyboard.press('3')
  const notice = page.getByTestId('advance-notice')
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('loop')
  await expect(notice).toContainText(`${firstTask} · rollout 0`)
  await expect(page.getByText('row 2 / 64')).toBeVisible()
  await shotMatrix(page, 'kg-05-advance-notice')
  await page.keyboard.press('u')
  await expect(page.getByText('row 1 / 64')).toBeVisible()
  await expect(notice).toHaveCount(0)
  await expect(page.getByTestId('episode-label-chips')).not.toContainText('loop')
})

test('one tab stop for the runs table and one for each radio group; the arrows walk them', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  const table = page.getByTestId('runs-table')
  // the rows and their boxes: one stop (the first row, none being shown), the boxes reached by Space on a row
  await expect(table.locator('[tabindex="0"]')).toHaveCount(1)
  await expect(table.getByTestId('run-pick').first()).toHaveAttribute('tabindex', '-1')
  const first = page.getByTestId('run-row').first()
  await first.focus()
  await page.keyboard.press('ArrowDown')
  const second = page.getByTestId('run-row').nth(1)
  await expect(second).toBeFocused()
  await expect(second).toHaveAttribute('tabindex', '0') // the run shown is the stop now
  await expect(first).toHaveAttribute('tabindex', '-1')
  await page.keyboard.press('Space')
  await expect(second.getByTestId('run-pick')).toBeChecked()
  // Tab leaves the table in one press, whichever row it was on
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="runs-table"]') ?? null)).toBeNull()

  // the theme: its checked choice is the stop; the arrows check the next one (wrapping), Home / End the ends
  const system = page.getByTestId('theme-system')
  await expect(page.getByTestId('theme-toggle').locator('[tabindex="0"]')).toHaveCount(1)
  await expect(system).toHaveAttribute('tabindex', '0')
  await system.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('theme-light')).toBeFocused()
  await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-checked', 'true')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.keyboard.press('End')
  await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.keyboard.press('ArrowRight')
  await expect(system).toBeFocused()
  await expect(system).toHaveAttribute('aria-checked', 'true')
  // the arrows were the group's: the runs table did not move meanwhile
  await expect(second).toHaveAttribute('aria-selected', 'true')
})
