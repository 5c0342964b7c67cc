/**
 * Triage over the demo workspace (issue 6): a number key labels the open episode (chip in the header), Shift+key
 * labels the highlighted turn, the Labels column and the label filter find it, a note and the label survive a reload,
 * the taxonomy editor gives a new label a key, and a saved view brings back filter and sort. Screenshots looked at.
 */
import { expect, test } from './server-fixture'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

test('label with a key, see the chip, filter by label, reload: still there', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  const rows = page.getByTestId('episode-row')
  await rows.nth(1).click()
  await expect(page.getByTestId('episode-view')).toBeVisible()
  const chips = page.getByTestId('episode-label-chips')
  await expect(page.getByTestId('label-picker')).toContainText('loop')
  const task = (await page.getByTestId('episode-task').textContent())!.trim()

  // 3 = "loop" in the default taxonomy; Shift+1 = "format error" on the highlighted turn (j moves it to turn 1)
  await page.keyboard.press('3')
  await expect(chips.getByTestId('label-chip')).toHaveText(['loop×'])
  await page.keyboard.press('j')
  await page.keyboard.press('Shift+Digit1')
  const turn = page.locator('[data-testid="turn-row"][aria-current="true"]')
  await expect(turn.getByTestId('turn-labels').getByTestId('label-chip')).toHaveText(['format error×'])
  // moving off the first turn folded the header to one line (its labels in it): i opens it again for the note
  await expect(page.getByTestId('folded-labels').getByTestId('label-chip')).toHaveText(['loop×'])
  await page.keyboard.press('i')
  await page.getByTestId('episode-note').fill('keeps re-running the same test')
  await page.getByTestId('episode-note').blur()
  // a note on the highlighted turn: the action is in its head; Esc drops an edit, Ctrl+Enter keeps it
  await turn.getByTestId('turn-note-edit').click()
  await turn.getByTestId('turn-note-input').fill('dropped')
  await turn.getByTestId('turn-note-input').press('Escape')
  await expect(page.getByTestId('episode-view')).toBeVisible() // Esc closed the editor, not the episode
  await expect(turn.getByTestId('turn-note-input')).toHaveCount(0)
  await turn.getByTestId('turn-note-edit').click()
  await turn.getByTestId('turn-note-input').fill('wrong file opened here')
  await turn.getByTestId('turn-note-input').press('Control+Enter')
  await expect(turn.getByTestId('turn-note')).toHaveText('wrong file opened here')
  await expect(turn.getByTestId('turn-note-edit')).toHaveText('✎ edit note')
  await shot(page, 'lab-01-episode-labelled')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'lab-01-episode-labelled-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // the table shows the label, and the label filter keeps only that episode
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('episodes-panel')).toBeVisible()
  await expect(rows.nth(1).getByTestId('episode-labels')).toContainText('loop')
  // the turn's label too, apart from the episode's
  await expect(rows.nth(1).getByTestId('turn-label-chip')).toHaveText('↳format error')
  await page.getByTestId('label-filter').selectOption('loop')
  await expect(page.getByTestId('episode-filter')).toHaveValue('label == "loop"')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(task)
  await shot(page, 'lab-02-filtered-by-label')
  // the turn label is a choice of its own; either goes with a typed filter, and "Any label" gives it back
  await page.getByTestId('label-filter').selectOption({ label: 'format error (turn)' })
  await expect(page.getByTestId('episode-filter')).toHaveValue('turn_label == "format error"')
  await expect(rows).toHaveCount(1)
  await page.getByTestId('episode-filter').fill('turns > 0')
  await page.getByTestId('episode-filter').press('Enter')
  await page.getByTestId('label-filter').selectOption('loop')
  await expect(page.getByTestId('episode-filter')).toHaveValue('turns > 0 and label == "loop"')
  await expect(rows).toHaveCount(1)
  await page.getByTestId('label-filter').selectOption('')
  await expect(page.getByTestId('episode-filter')).toHaveValue('turns > 0')
  await page.getByTestId('episode-filter').fill('')
  await page.getByTestId('episode-filter').press('Enter')

  // reload: label, turn label and note come back from the engine
  await page.reload()
  await expect(page.getByTestId('episodes-panel')).toBeVisible()
  // the filter is not part of the URL: the badge is on row 2 again, and the label filter finds it again
  await expect(rows.nth(1).getByTestId('episode-labels')).toContainText('loop')
  await page.getByTestId('label-filter').selectOption('loop')
  await expect(rows).toHaveCount(1)
  await rows.first().click()
  await expect(chips.getByTestId('label-chip')).toHaveText(['loop×'])
  await expect(page.getByTestId('turn-labels').getByTestId('label-chip')).toHaveText(['format error×'])
  await expect(page.getByTestId('turn-labels').getByTestId('turn-note')).toHaveText('wrong file opened here')
  await expect(page.getByTestId('episode-note')).toHaveValue('keeps re-running the same test')
  // the same key again takes the label off
  await page.keyboard.press('3')
  await expect(chips.getByTestId('label-chip')).toHaveCount(0)
})

test('auto-advance walks a review queue; the taxonomy editor gives a new label a key; a saved view comes back', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  const rows = page.getByTestId('episode-row')

  // a new label on key 9
  await rows.first().click()
  await page.getByTestId('edit-taxonomy').click()
  const editor = page.getByTestId('taxonomy-editor')
  await expect(editor.getByTestId('taxonomy-row')).toHaveCount(7)
  await editor.getByTestId('taxonomy-add').click()
  const added = editor.getByTestId('taxonomy-row').last()
  await added.getByLabel('Label name').fill('flaky test')
  await added.getByRole('combobox').selectOption('9')
  await shot(page, 'lab-03-taxonomy-editor')
  await editor.getByTestId('taxonomy-save').click()
  await expect(editor).toHaveCount(0)
  await expect(page.getByTestId('label-picker')).toContainText('flaky test')

  // review queue: every key press labels and moves to the next row
  await page.getByTestId('auto-advance').check()
  await expect(page.getByTestId('episode-crumbs')).toContainText('row 1 /')
  await page.keyboard.press('9')
  await expect(page.getByTestId('episode-crumbs')).toContainText('row 2 /')
  await expect(page.getByTestId('episode-label-chips').getByTestId('label-chip')).toHaveCount(0)
  await page.keyboard.press('9')
  await expect(page.getByTestId('episode-crumbs')).toContainText('row 3 /')
  await page.getByTestId('auto-advance').uncheck()
  await page.keyboard.press('Escape')

  // save the label filter sorted by reward as a view, leave it, apply it again
  await page.getByTestId('label-filter').selectOption('flaky test')
  await expect(rows).toHaveCount(2)
  await page.getByTestId('sort-reward').click()
  // the search text goes with the view too (a letter every preview holds: the same two rows)
  await page.getByTestId('episode-text-filter').fill('e')
  await page.getByTestId('episode-text-filter').press('Enter')
  await expect(rows).toHaveCount(2)
  await page.getByTestId('save-view').click()
  await page.getByTestId('view-name').fill('flaky by reward')
  await page.getByTestId('view-save').click()
  await page.getByTestId('label-filter').selectOption('')
  await expect(page.getByTestId('episode-filter')).toHaveValue('')
  await page.getByTestId('episode-text-filter').fill('')
  await page.getByTestId('episode-text-filter').press('Enter')
  await page.getByTestId('saved-views').selectOption({ label: 'flaky by reward' })
  await expect(page.getByTestId('episode-filter')).toHaveValue('label == "flaky test"')
  await expect(page.getByTestId('episode-text-filter')).toHaveValue('e')
  await expect(rows).toHaveCount(2)
  await expect(rows.first().getByTestId('episode-labels')).toContainText('flaky test')
  await shot(page, 'lab-04-saved-view-applied')
  // the same menu deletes it
  await page.getByTestId('saved-views').selectOption({ label: 'Delete “flaky by reward”' })
  await expect(page.getByTestId('saved-views').locator('option')).toHaveCount(1)
})
