/**
 * A generated episode of 2,000 turns / 10 MB (tests/generators/long-episode.mjs) opened by deep link in browser mode:
 * the first turns render, `j` walks the transcript, a scroll reaches the last turn, and the transcript stays
 * virtualized (a bounded number of turn rows in the DOM whatever the position). Speed is measured by
 * `npm run bench`, not here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { generateLongEpisode } from '../generators/long-episode.mjs'
import { shot } from './e2e-helpers'
import { expect, test, type ServerInfo } from './server-fixture'
import { addAndFindRun, apiCall } from './api-call'

/** Turn rows allowed in the DOM at once: a virtualized 2,000-turn transcript draws a screenful plus overscan. */
const MAX_ROWS = 100

/** One API call with the server's token; fails the test on an error Result. */
/** Keeps the largest number of turn rows ever in the DOM at once (in `window.__maxRows`), from now on. */
async function watchRowCount(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __maxRows: number }
    w.__maxRows = 0
    new MutationObserver(() => {
      w.__maxRows = Math.max(w.__maxRows, document.querySelectorAll('[data-testid="turn-row"]').length)
    }).observe(document, { childList: true, subtree: true })
  })
}

test('a 2,000-turn / 10 MB episode opens by deep link, j walks it, the last turn shows, the DOM stays bounded', async ({
  page,
  server,
  request
}) => {
  test.setTimeout(120_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))

  const { manifest } = generateLongEpisode({ outDir: join(server.tmpDir, 'long') })
  const last = manifest.long.turns - 1
  expect(last).toBe(1999)
  const firstLine = readFileSync(join(server.tmpDir, 'long', manifest.results), 'utf8').split('\n')[0]
  const { completion } = JSON.parse(firstLine) as { completion: { role: string; content: string | null }[] }
  // The first tool result with terminal colours, as a transcript position (two prompt messages come first).
  const ansiAt = 2 + completion.findIndex((m) => m.role === 'tool' && String(m.content).includes('\u001b[32mPASSED'))
  expect(ansiAt).toBeGreaterThan(2)
  expect(ansiAt).toBeLessThan(100)

  const runId = await test.step('index the generated file through the API', () =>
    addAndFindRun(request, server, join(server.tmpDir, 'long', 'outputs'), 'long-horizon', manifest.episodes))
  const episodes = await apiCall<{ items: { id: string; turns: number }[] }>(request, server, 'listEpisodes', {
    runId,
    sort: 'turns',
    desc: true,
    limit: 1
  })
  const longest = episodes.items[0]
  expect(longest.turns).toBe(2000)

  await test.step('the deep link opens the episode and its first turns', async () => {
    await watchRowCount(page)
    await page.goto(`${server.url}#/run/${encodeURIComponent(runId)}/episode/${encodeURIComponent(longest.id)}`)
    await expect(page.getByTestId('episode-view')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('tab-transcript')).toContainText('2,000')
    const turns = page.getByTestId('turn-row')
    await expect(turns.first()).toHaveAttribute('data-turn', '0')
    await expect(page.locator('[data-testid="turn-row"][data-turn="0"]')).toHaveAttribute('data-role', 'system')
    await expect(page.locator('[data-testid="turn-row"][data-turn="1"]')).toHaveAttribute('data-role', 'user')
    const call2 = page.locator('[data-testid="turn-row"][data-turn="2"]')
    await expect(call2).toHaveAttribute('data-role', 'assistant')
    await expect(call2.getByTestId('tool-call')).toContainText('bash')
    const result3 = page.locator('[data-testid="turn-row"][data-turn="3"]')
    await expect(result3).toHaveAttribute('data-role', 'tool')
    expect(await turns.count()).toBeLessThan(MAX_ROWS)
    await shot(page, '60-long-episode-first-turns')
  })

  await test.step('j walks the turns; a coloured pytest run shows without escape codes', async () => {
    const active = page.locator('[data-testid="turn-row"][aria-current="true"]')
    for (let i = 0; i < ansiAt; i++) await page.keyboard.press('j')
    await expect(active).toHaveAttribute('data-turn', String(ansiAt))
    await expect(active).toBeInViewport()
    await expect(active).toHaveAttribute('data-role', 'tool')
    await expect(active).toContainText('PASSED')
    const text = (await active.textContent()) ?? ''
    expect(text).not.toContain('\u001b')
    expect(text).not.toContain('[32m')
    for (let i = ansiAt; i < 120; i++) await page.keyboard.press('j')
    await expect(active).toHaveAttribute('data-turn', '120')
    await expect(active).toBeInViewport()
    // The first turns left the DOM: the transcript is virtualized, not merely scrolled.
    await expect(page.locator('[data-testid="turn-row"][data-turn="0"]')).toHaveCount(0)
    expect(await page.getByTestId('turn-row').count()).toBeLessThan(MAX_ROWS)
    await shot(page, '61-long-episode-turn-120')
  })

  await test.step('scrolling to the end shows the last turn, #1999, with the final answer', async () => {
    const transcript = page.getByTestId('transcript')
    const lastRow = page.locator(`[data-testid="turn-row"][data-turn="${last}"]`)
    // Row heights are measured as rows appear, so the end moves a few times: scroll until it holds still.
    await expect
      .poll(
        async () => {
          await transcript.evaluate((el) => (el.scrollTop = el.scrollHeight))
          return (
            (await lastRow.count()) === 1 &&
            (await transcript.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2))
          )
        },
        { timeout: 15_000 }
      )
      .toBe(true)
    await expect(lastRow).toBeInViewport()
    await expect(lastRow).toHaveAttribute('data-role', 'assistant')
    await expect(lastRow).toContainText(`All tests pass after ${manifest.long.toolCalls} commands.`)
    expect(await page.getByTestId('turn-row').count()).toBeLessThan(MAX_ROWS)
    await shot(page, '62-long-episode-last-turn')
  })

  await test.step('k from the last turn walks back up', async () => {
    await page.locator(`[data-testid="turn-row"][data-turn="${last}"] [data-testid="turn-head"]`).click()
    const active = page.locator('[data-testid="turn-row"][aria-current="true"]')
    await expect(active).toHaveAttribute('data-turn', String(last))
    for (let i = 0; i < 5; i++) await page.keyboard.press('k')
    await expect(active).toHaveAttribute('data-turn', String(last - 5))
    await expect(active).toBeInViewport()
  })

  await test.step('opened again from the run’s table, its first turns show while the rest is read', async () => {
    // the long episode's preview held back, as a slow disk would: what shows meanwhile is its head (getEpisodeHead)
    let release = (): void => undefined
    const held = new Promise<void>((done) => (release = done))
    await page.route('**/api/getEpisodePreview', async (route) => {
      if (route.request().postData()?.includes(JSON.stringify(longest.id))) await held
      await route.continue()
    })
    // another episode in between, so the app no longer holds the long one (as the bench's in-app open does)
    await page.getByTestId('episode-back').click()
    await page.locator(`[data-testid="episode-row"]:not([data-episode-id="${longest.id}"])`).first().click()
    await expect(page.getByTestId('episode-header')).toBeVisible()
    await page.getByTestId('episode-back').click()
    await page.locator(`[data-testid="episode-row"][data-episode-id="${longest.id}"]`).click()
    await expect(page.getByTestId('episode-head-note')).toHaveText('Reading the rest of the episode…')
    await expect(page.getByTestId('head-turn-count')).toHaveText('2,000')
    const turns = page.getByTestId('episode-head').getByTestId('turn-row')
    await expect(turns).toHaveCount(12)
    await expect(turns.first()).toHaveAttribute('data-turn', '0')
    await expect(page.locator('[data-testid="turn-row"][data-turn="2"]').getByTestId('tool-call')).toContainText('bash')
    // no header yet: it comes with the preview
    await expect(page.getByTestId('episode-header')).toHaveCount(0)
    for (const [w, h] of [
      [1440, 900],
      [1024, 768]
    ]) {
      await page.setViewportSize({ width: w, height: h })
      await shot(page, `63-long-episode-head-${w}`)
    }
    release()
    await expect(page.getByTestId('episode-head-note')).toHaveCount(0)
    await expect(page.getByTestId('transcript-turn-count')).toHaveText('2,000')
    await expect(page.getByTestId('transcript').getByTestId('turn-row').first()).toHaveAttribute('data-turn', '0')
    // the reader is on the turns already: the header comes as its one line, so they move down by that line only
    await expect(page.getByTestId('episode-header')).toHaveAttribute('data-folded', 'true')
    await shot(page, '64-long-episode-after-head-1024')
    await page.unroute('**/api/getEpisodePreview')
  })

  const maxRows = await page.evaluate(() => (window as unknown as { __maxRows: number }).__maxRows)
  expect(maxRows).toBeGreaterThan(3)
  expect(maxRows).toBeLessThan(MAX_ROWS)
  expect(errors).toEqual([])
})
