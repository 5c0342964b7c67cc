/**
 * Picking rows of the episodes table (browser mode, demo workspace): a click on a row's box and a Shift+click pick a
 * range of 3; "Export 3 selected…" → JSONL downloads exactly those 3 episodes (through the one-time ticket); key 3
 * ("loop" in the default taxonomy) labels all 3; the count and Clear in the toolbar; ? lists the tables' keys.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from './server-fixture'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

test('pick 3 rows (click, Shift+click), export them as JSONL, label them with key 3', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  const rows = page.getByTestId('episode-row')
  await expect(rows.nth(5)).toBeVisible()
  await expect(page.getByTestId('picked-count')).toHaveCount(0)

  await rows.nth(2).getByTestId('pick-row').click()
  await rows
    .nth(4)
    .getByTestId('pick-row')
    .click({ modifiers: ['Shift'] })
  await expect(page.getByTestId('picked-count')).toContainText('3 selected')
  const ids = await Promise.all([2, 3, 4].map((i) => rows.nth(i).getAttribute('data-episode-id')))
  for (const i of [2, 3, 4]) await expect(rows.nth(i)).toHaveAttribute('data-picked', 'true')
  for (const i of [1, 5]) await expect(rows.nth(i)).toHaveAttribute('data-picked', 'false')
  // picking did not open an episode
  await expect(page.getByTestId('episode-view')).toHaveCount(0)
  await expect(page.getByTestId('export-select').locator('option').first()).toHaveText('Export 3 selected…')

  const downloading = page.waitForEvent('download')
  await page.getByTestId('export-select').selectOption('jsonl')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^rollscope-[A-Za-z0-9._-]+(?<!-jsonl)\.jsonl$/)
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n')
  expect(lines.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(ids)

  // 3 = "loop": every picked row gets the badge, the others not
  // the boxes leave the focus on the table: its keys work right after the clicks
  await expect(page.getByTestId('episodes-table')).toBeFocused()
  await page.keyboard.press('Digit3')
  await expect(page.getByTestId('notice').filter({ hasText: 'Labelled 3 episodes loop' })).toBeVisible()
  for (const i of [2, 3, 4]) await expect(rows.nth(i).getByTestId('episode-labels')).toContainText('loop')
  for (const i of [1, 5]) await expect(rows.nth(i).getByTestId('episode-labels')).toHaveText('')
  await shot(page, 'sel-01-three-picked-labelled')

  // ? lists the keys of the runs and episodes tables (the ones the focused table just took among them)
  await page.keyboard.press('?')
  const sheet = page.getByTestId('shortcut-sheet')
  await expect(sheet.locator('th')).toHaveText([
    'This sheet',
    'Runs and episodes',
    'In the episodes table (click it or Tab to it)',
    'On a row of the runs table',
    'Everywhere'
  ])
  await expect(sheet.locator('[data-binding="grid.label"]')).toContainText(
    'apply / remove the label with that key on the picked rows'
  )
  await shot(page, 'sel-02-shortcut-sheet')
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await expect(page.getByTestId('episodes-panel')).toBeVisible()

  // Space picks the highlighted row too (the last one clicked was row 4: one down is row 5); Clear empties the selection
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(rows.nth(5)).toHaveAttribute('data-picked', 'true')
  await expect(page.getByTestId('picked-count')).toContainText('4 selected')
  // a filter hiding three of the four: still picked, and the count says so
  await page.getByTestId('episode-filter').fill('ordinal == 2') // row 2: the table is in file order
  await page.getByTestId('episode-filter').press('Enter')
  await expect(rows).toHaveCount(1)
  await expect(page.getByTestId('picked-count')).toContainText('4 selected (3 not shown)')
  await shot(page, 'sel-01b-picked-hidden')
  await page.getByTestId('episode-filter').fill('')
  await page.getByTestId('episode-filter').press('Enter')
  await expect(page.getByTestId('picked-hidden')).toHaveCount(0)
  await page.getByTestId('picked-clear').click()
  await expect(page.getByTestId('picked-count')).toHaveCount(0)
  await expect(rows.nth(2)).toHaveAttribute('data-picked', 'false')
  await expect(page.getByTestId('export-select').locator('option').first()).toHaveText(/^Export \d+ episodes…$/)

  // grouped by task: an unfolded task's rollouts have boxes (the task's own row has none); a pick there counts the same
  await page.getByTestId('group-by-task').check()
  await page.getByTestId('group-row').first().click()
  const children = page.locator('[data-testid="episode-row"][aria-level="2"]')
  await expect(children.first()).toBeVisible()
  await expect(page.getByTestId('group-row').first().getByTestId('pick-row')).toHaveCount(0)
  await children.nth(1).getByTestId('pick-row').click()
  await children
    .nth(2)
    .getByTestId('pick-row')
    .click({ modifiers: ['Shift'] })
  await expect(page.getByTestId('picked-count')).toContainText('2 selected')
  await shot(page, 'sel-02-grouped-picked')
})
