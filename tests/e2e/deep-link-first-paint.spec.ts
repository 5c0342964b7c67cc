/**
 * A deep link's first paint (issue 16: "a deep link to a 2,000-turn episode first painted < 150 ms"): before the
 * app's bundle runs, the page's first scripts (src-renderer/src/boot) draw the link's first turns as plain text in
 * the transcript's layout; the app then takes the layer's place with the same turns, with no frame showing both or
 * neither. The app's bundle is held back here, so "before the app has mounted" is a state the test can look at.
 * Speed is measured by `npm run bench` (its browser phase), not here.
 */
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { generateLongEpisode } from '../generators/long-episode.mjs'
import { expect, test, type ServerInfo } from './server-fixture'
import { addAndFindRun, apiCall } from './api-call'
import { SIZES } from './shot-matrix'
import { shot } from './e2e-helpers'

/** The app's own bundle (Vite names it index-<hash>.js); the boot scripts are other files. */
const APP_BUNDLE = /\/assets\/index-[^/]+\.js$/

/** Holds the app's bundle until the returned function is called. */
async function holdAppBundle(page: Page): Promise<() => void> {
  let release = (): void => undefined
  const held = new Promise<void>((done) => (release = done))
  await page.route(APP_BUNDLE, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Checks every frame (requestAnimationFrame runs before each paint) that the page never shows the first paint's rows
 * and the app's together, nor, once the first paint was drawn, neither of them.
 */
async function watchFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: { both: number; neither: number; boot: number } }
    w.__frames = { both: 0, neither: 0, boot: 0 }
    const tick = (): void => {
      const boot = document.querySelector('[data-testid="boot-turn-row"]') !== null
      const app = document.querySelector('[data-testid="turn-row"]') !== null
      if (boot) w.__frames.boot++
      if (boot && app) w.__frames.both++
      if (!boot && !app && w.__frames.boot > 0) w.__frames.neither++
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

/** Each row's turn, role and first line of text as shown. */
async function rowsOf(page: Page, testId: string): Promise<{ turn: string; role: string; text: string }[]> {
  return page.locator(`[data-testid="${testId}"]`).evaluateAll((rows) =>
    rows.map((r) => ({
      turn: r.getAttribute('data-turn') ?? '',
      role: r.getAttribute('data-role') ?? '',
      text: (r as HTMLElement).innerText
    }))
  )
}

test('a deep link paints its first turns before the app runs; the app then shows the same turns in their place', async ({
  page,
  browser,
  server,
  request
}) => {
  test.setTimeout(180_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const { manifest } = generateLongEpisode({ outDir: join(server.tmpDir, 'long') })
  const runId = await addAndFindRun(
    request,
    server,
    join(server.tmpDir, 'long', 'outputs'),
    'long-horizon',
    manifest.episodes
  )
  const { items } = await apiCall<{ items: { id: string }[] }>(request, server, 'listEpisodes', {
    runId,
    sort: 'turns',
    desc: true,
    limit: 1
  })
  const link = `#/run/${encodeURIComponent(runId)}/episode/${encodeURIComponent(items[0].id)}`
  let first: { turn: string; role: string; text: string }[] = []

  await test.step('with the app held back, the first turns are painted as the transcript lays them out', async () => {
    await watchFrames(page)
    const release = await holdAppBundle(page)
    await page.goto(server.url + link, { waitUntil: 'commit' })
    const layer = page.getByTestId('boot-paint')
    await expect(layer).toBeVisible({ timeout: 20_000 })
    // the app has not mounted: its root is still empty
    await expect(page.locator('#root > *')).toHaveCount(0)
    await expect(layer.locator('.bp-count')).toHaveText('2,000')
    first = await rowsOf(page, 'boot-turn-row')
    expect(first.length).toBeGreaterThanOrEqual(6)
    expect(first.slice(0, 4).map((r) => [r.turn, r.role])).toEqual([
      ['0', 'system'],
      ['1', 'user'],
      ['2', 'assistant'],
      ['3', 'tool']
    ])
    // the first turn is highlighted, as the app highlights it
    await expect(page.locator('[data-testid="boot-turn-row"][data-turn="0"]')).toHaveClass(/bp-active/)
    // colour codes dropped, the long observation cut with its size, as collapsed in the app
    expect(first[3].text).not.toContain('\u001b')
    expect(first[3].text).toMatch(/Show all \([\d,]+ lines · [\d.]+k chars\)/)
    await shot(page, 'deep-link-first-paint')
    release()
  })

  await test.step('the app takes over with the same turns, without a frame of both or of neither', async () => {
    await expect(page.getByTestId('episode-view')).toBeVisible({ timeout: 20_000 })
    await expect(page.locator('[data-testid="turn-row"][data-turn="0"]')).toBeVisible()
    await expect(page.getByTestId('boot-paint')).toHaveCount(0)
    await expect(page.getByTestId('tab-transcript')).toContainText('2,000')
    const app = await rowsOf(page, 'turn-row')
    for (const row of first.slice(0, 4)) {
      const same = app.find((a) => a.turn === row.turn)
      expect(same?.role).toBe(row.role)
      // the same words: the first line the first paint showed is in the app's row
      const line = row.text.split('\n').find((l) => /\w{4}/.test(l) && !l.startsWith('#')) ?? ''
      expect(same?.text, `turn ${row.turn}`).toContain(line.replace(/…$/, '').slice(0, 60))
    }
    await expect(page.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute('data-turn', '0')
    const frames = await page.evaluate(() => (window as unknown as { __frames: object }).__frames)
    expect(frames).toMatchObject({ both: 0, neither: 0 })
    expect((frames as { boot: number }).boot).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  await test.step('a link to a later turn paints from that turn, highlighted', async () => {
    const tab = await page.context().newPage()
    const release = await holdAppBundle(tab)
    await tab.goto(`${server.baseUrl}/${link}/turn/40`, { waitUntil: 'commit' })
    const rows = tab.getByTestId('boot-turn-row')
    await expect(rows.first()).toHaveAttribute('data-turn', '40', { timeout: 20_000 })
    await expect(tab.locator('[data-testid="boot-turn-row"][data-turn="40"]')).toHaveClass(/bp-active/)
    release()
    await expect(tab.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute('data-turn', '40', {
      timeout: 20_000
    })
    await expect(tab.getByTestId('boot-paint')).toHaveCount(0)
    await tab.close()
  })

  await test.step('screenshots of the first paint and of the app, at both sizes, light and dark', async () => {
    for (const size of SIZES)
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          colorScheme: scheme
        })
        const p = await context.newPage()
        const release = await holdAppBundle(p)
        await p.goto(server.url + link, { waitUntil: 'commit' })
        await expect(p.getByTestId('boot-paint')).toBeVisible({ timeout: 20_000 })
        await shot(p, `deep-link-first-paint-${size.name}-${scheme}`)
        release()
        await expect(p.locator('[data-testid="turn-row"][data-turn="0"]')).toBeVisible({ timeout: 20_000 })
        await expect(p.getByTestId('boot-paint')).toHaveCount(0)
        await shot(p, `deep-link-app-${size.name}-${scheme}`)
        await context.close()
      }
  })
})
