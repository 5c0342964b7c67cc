/**
 * Issue 6's acceptance flow in one go, over the demo workspace: search a phrase, jump to its turn, label the
 * episode with a key, go back and filter the table by that label, and export the filtered view as SFT.
 * Screenshots looked at.
 */
import { readFileSync } from 'node:fs'
import { DEMO_RUNS, openApp, shot } from './e2e-helpers'
import { expect, test } from './server-fixture'
import { knownTurn } from './demo-known-turn'

test('search, jump to the turn, label with a key, filter by the label, export SFT', async ({ page, server }) => {
  const known = knownTurn()
  await openApp(page, server.url, DEMO_RUNS)

  // search → the hit → the viewer at that turn
  await page.keyboard.press('Control+k')
  await page.getByTestId('search-input').fill(`"${known.phrase}"`)
  // the phrase is in 200+ turns of the demo: in file order its turn is on the first page (by best match it is not)
  await page.getByTestId('search-order').selectOption('index')
  const hit = page
    .getByTestId('search-hit')
    .filter({ hasText: known.task })
    .filter({ hasText: `rollout ${known.rollout}` })
    .filter({ hasText: `turn #${known.turn}` })
  await expect(hit).toHaveCount(1)
  await hit.click()
  await expect(page).toHaveURL(new RegExp(`#/run/[^/]+/episode/[^/]+/turn/${known.turn}$`))
  await expect(page.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute(
    'data-turn',
    String(known.turn)
  )

  // key 3 is "loop" in the default taxonomy
  await page.keyboard.press('3')
  // at a turn past the first the header is folded to one line, the episode's labels in it
  await expect(page.getByTestId('folded-labels').getByTestId('label-chip')).toHaveText(['loop×'])
  await shot(page, 'flow-01-labelled-at-turn')

  // Esc goes back to the hits (the episode was opened from one), Esc there back to the episode, then to the table
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('search-view')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('episode-view')).toBeVisible()
  // back to the run's table, filtered by the label: just this episode
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('episodes-panel')).toBeVisible()
  await page.getByTestId('label-filter').selectOption('loop')
  await expect(page.getByTestId('episode-count')).toHaveText('1 of 64 episodes')
  const row = page.getByTestId('episode-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(known.task)
  await shot(page, 'flow-02-filtered-by-label')

  // export the view as SFT: one chat line, this episode's, with every tool call answered
  await page.getByTestId('export-select').selectOption('sft')
  const downloading = page.waitForEvent('download')
  await page.getByTestId('sft-export-go').click() // the options as they come: every episode, no turn left out
  const download = await downloading
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n')
  expect(lines).toHaveLength(1)
  const { messages } = JSON.parse(lines[0]) as {
    messages: { role: string; tool_calls?: { id: string }[]; tool_call_id?: string }[]
  }
  expect(messages.some((m) => m.role === 'tool' && typeof m.tool_call_id === 'string')).toBe(true)
  const answered = new Set(messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id))
  for (const m of messages) for (const c of m.tool_calls ?? []) expect(answered.has(c.id)).toBe(true)
})
