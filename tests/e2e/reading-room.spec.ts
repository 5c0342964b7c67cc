/**
 * Issue 15 item 2, the transcript gets the height: the episode header folds to one line once the reading starts
 * (j, a jump, a scroll), opens again with its button or `i`; opened, it is never a nested scroll box at 1024×768 or
 * 1280×720 (labels and note in view); a strip of per-step rewards that are all zero is not drawn; the workspace
 * sidebar hides to a rail (its button or Ctrl+B), stays hidden after a reload and in the comparison and the viewer,
 * and search still has its box. The pixels the turns get are printed (`turn area …`) and bounded below.
 */
import type { Page } from '@playwright/test'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { expect, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

/** The transcript's height and width in CSS pixels. */
async function turnArea(page: Page): Promise<{ height: number; width: number }> {
  const box = await page.getByTestId('transcript').boundingBox()
  expect(box).not.toBeNull()
  return { height: Math.round(box!.height), width: Math.round(box!.width) }
}

/** The header shows all it holds: no scroll box inside it. */
async function headerUnclipped(page: Page): Promise<void> {
  const [scroll, client] = await page
    .getByTestId('episode-header')
    .evaluate((el) => [el.scrollHeight, el.clientHeight] as const)
  expect(scroll).toBeLessThanOrEqual(client + 1)
}

async function openFirstEpisode(page: Page, url: string): Promise<void> {
  await openApp(page, url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  await page.getByTestId('episode-row').first().click()
  await expect(page.getByTestId('turn-row').first()).toBeVisible()
}

test('the header folds while reading, opens with i; opened it is whole at 1280×720 and 1024×768', async ({
  page,
  server
}) => {
  await openFirstEpisode(page, server.url)
  const header = page.getByTestId('episode-header')
  await expect(header).toHaveAttribute('data-folded', 'false')
  await expect(header.getByText('Expected answer')).toBeVisible()

  for (const [w, h] of [
    [1280, 720],
    [1024, 768]
  ]) {
    await page.setViewportSize({ width: w, height: h })
    await headerUnclipped(page)
    await expect(page.getByTestId('episode-note')).toBeInViewport({ ratio: 1 })
    await expect(page.getByTestId('label-picker')).toBeInViewport({ ratio: 1 })
    await shot(page, `rr-01-header-open-${w}`)
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  const open = await turnArea(page)

  await page.keyboard.press('j')
  await expect(header).toHaveAttribute('data-folded', 'true')
  await expect(page.getByTestId('episode-note')).toHaveCount(0)
  const folded = await turnArea(page)
  console.log(`turn area 1440×900: header open ${open.height} px, folded ${folded.height} px`)
  expect(folded.height).toBeGreaterThan(open.height + 150)
  // labels applied by key show in the folded line
  await page.keyboard.press('3')
  await expect(page.getByTestId('folded-labels')).toContainText('loop')

  // opened by hand it stays open while reading on; i folds it again
  await page.keyboard.press('i')
  await expect(header).toHaveAttribute('data-folded', 'false')
  await page.keyboard.press('j')
  await expect(header).toHaveAttribute('data-folded', 'false')
  await page.keyboard.press('i')
  await expect(header).toHaveAttribute('data-folded', 'true')
  await shotMatrix(page, 'rr-02-header-folded')

  // the next episode opens with its header whole; a scroll down the transcript folds it
  await page.keyboard.press('n')
  await expect(header).toHaveAttribute('data-folded', 'false')
  await page.getByTestId('transcript').evaluate((el) => el.scrollBy(0, 600))
  await expect(header).toHaveAttribute('data-folded', 'true')
  await page.getByTestId('episode-header-toggle').click()
  await expect(header).toHaveAttribute('data-folded', 'false')
  await shotMatrix(page, 'rr-03-header-open')
})

test('a failed episode whose per-step rewards are all zero draws no reward strip; a passed one does', async ({
  page,
  server
}) => {
  await openFirstEpisode(page, server.url)
  await expect(page.getByTestId('reward-strip')).toBeVisible()
  await page.keyboard.press('n')
  await page.keyboard.press('n')
  await expect(page.getByTestId('episode-passed')).toContainText('failed')
  await expect(page.getByTestId('turn-reward').first()).toBeVisible()
  await expect(page.getByTestId('reward-strip')).toHaveCount(0)
})

test('the sidebar hides to a rail (button, Ctrl+B), is remembered, stays hidden in the viewer and the comparison', async ({
  page,
  server
}) => {
  await openFirstEpisode(page, server.url)
  const measured: string[] = []
  const header = page.getByTestId('episode-header')
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 }
  ]) {
    await page.setViewportSize(size)
    // before: the sidebar and the whole header, as the viewer always was
    await expect(header).toHaveAttribute('data-folded', 'false')
    const before = await turnArea(page)
    await page.getByTestId('sidebar-toggle').click()
    await expect(page.getByTestId('sidebar')).toHaveCount(0)
    await page.keyboard.press('i')
    await expect(header).toHaveAttribute('data-folded', 'true')
    const after = await turnArea(page)
    measured.push(
      `${size.width}×${size.height}: ${before.width}×${before.height} px before, ${after.width}×${after.height} px after (sidebar hidden, header folded)`
    )
    expect(after.width).toBeGreaterThan(before.width + 150)
    expect(after.height).toBeGreaterThan(before.height + 150)
    await page.keyboard.press('Control+b')
    await expect(page.getByTestId('sidebar')).toBeVisible()
    await page.keyboard.press('i')
  }
  console.log(`turn area: ${measured.join('; ')}`)

  await page.setViewportSize({ width: 1440, height: 900 })
  await page.keyboard.press('Control+b')
  await expect(page.getByTestId('sidebar-rail')).toBeVisible()
  await shotMatrix(page, 'rr-04-sidebar-hidden-viewer')
  await page.reload()
  await expect(page.getByTestId('turn-row').first()).toBeVisible()
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
  await expect(page.getByTestId('sidebar-rail')).toBeVisible()

  // search still has its box: on the search screen while the sidebar is hidden
  await page.keyboard.press('Control+k')
  await expect(page.getByTestId('search-input')).toBeFocused()
  await page.keyboard.type('tinycsv')
  await expect(page.getByTestId('search-hit').first()).toBeVisible({ timeout: 15_000 })
  await page.keyboard.press('Escape')

  // the comparison too
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('run-row').first()).toBeVisible()
  const row = (name: string) =>
    page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })
  await row(BASE_RUN).getByTestId('run-pick').check()
  await row('repo-repair · qwen3-8b-grpo-step400').getByTestId('run-pick').check()
  await page.getByTestId('compare-open').click()
  await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
  await shotMatrix(page, 'rr-05-sidebar-hidden-compare')
  await page.getByTestId('sidebar-toggle').click()
  await expect(page.getByTestId('sidebar')).toBeVisible()
})
