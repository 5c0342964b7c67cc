/**
 * Shared links in browser mode (issue 15, item 1): the tokened URL `rollscope serve` printed starts a session (an
 * HttpOnly, SameSite=Strict cookie), so a copied turn deep link opens on that turn in a new tab of the same browser;
 * a browser without the session gets a page saying to open the printed URL, not the app with red errors.
 */
import { DEMO_RUNS, openApp, selectRun } from './e2e-helpers'
import { expect, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

test('a copied turn link opens on that turn in a new tab; a browser without the session is told what to open', async ({
  page,
  browser,
  server
}) => {
  let copied = ''

  await test.step('the printed URL opens the app, and the token leaves the address bar', async () => {
    await openApp(page, server.url, DEMO_RUNS)
    expect(page.url()).toBe(`${server.baseUrl}/`)
    const cookies = await page.context().cookies(server.baseUrl)
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatchObject({
      name: `rollscope-session-${new URL(server.baseUrl).port}`,
      value: server.token,
      domain: '127.0.0.1',
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      expires: -1 // ends with the browser session
    })
    // the page's scripts cannot read it
    expect(await page.evaluate(() => document.cookie)).toBe('')
  })

  await test.step('open an episode, walk to turn 3 and copy the address', async () => {
    await selectRun(page, BASE_RUN)
    await page.locator('[data-testid="episode-row"][data-index="1"]').click()
    await expect(page.getByTestId('episode-view')).toBeVisible()
    for (let i = 0; i < 3; i++) await page.keyboard.press('j')
    await expect(page.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute('data-turn', '3')
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/run\/[^/]+\/episode\/[^/]+\/turn\/3$/)
    copied = page.url()
    expect(copied).not.toContain('token')
  })

  await test.step('the copied link in a new tab of the same browser lands on the turn, without an error', async () => {
    const tab = await page.context().newPage()
    const errors: string[] = []
    tab.on('pageerror', (e) => errors.push(e.message))
    const res = await tab.goto(copied)
    expect(res?.status()).toBe(200)
    await expect(tab.getByTestId('episode-view')).toBeVisible()
    await expect(tab.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute('data-turn', '3')
    expect(tab.url()).toBe(copied)
    await expect(tab.getByTestId('notice')).toHaveCount(0)
    await shotMatrix(tab, 'shared-link-new-tab')
    expect(errors).toEqual([])
    await tab.close()
  })

  await test.step('API calls with the cookie are taken from the app only, not from another origin', async () => {
    const call = (headers: Record<string, string>) =>
      page.context().request.post(`${server.baseUrl}/api/listRuns`, { headers, data: [] })
    expect((await call({ origin: server.baseUrl, 'sec-fetch-site': 'same-origin' })).status()).toBe(200)
    // another local server's page (another port) is same-site: SameSite=Strict alone would let it through
    const otherPort = await call({ origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' })
    expect(otherPort.status()).toBe(403)
    expect(await otherPort.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
  })

  await test.step('a browser without the session gets the page that says to open the printed URL', async () => {
    const other = await browser.newContext()
    try {
      const stranger = await other.newPage()
      const res = await stranger.goto(copied)
      expect(res?.status()).toBe(401)
      const explained = stranger.getByTestId('session-needed')
      await expect(explained).toHaveAttribute('data-reason', 'no-session')
      await expect(explained.getByRole('heading')).toHaveText('Open the URL that rollscope serve printed')
      await expect(explained).toContainText(`Rollscope is serving at ${server.baseUrl}/?token=…`)
      await expect(stranger.getByTestId('run-row')).toHaveCount(0)
      await shotMatrix(stranger, 'shared-link-no-session')

      // once it opens the printed URL, the same copied link works there too
      await stranger.goto(server.url)
      await expect(stranger.getByTestId('run-row')).toHaveCount(DEMO_RUNS, { timeout: 20_000 })
      await stranger.goto(copied)
      await expect(stranger.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute('data-turn', '3')
    } finally {
      await other.close()
    }
  })

  await test.step('a link with a wrong token is explained too, and sets no session', async () => {
    const other = await browser.newContext()
    try {
      const stranger = await other.newPage()
      const res = await stranger.goto(`${server.baseUrl}/?token=${'0'.repeat(64)}`)
      expect(res?.status()).toBe(401)
      await expect(stranger.getByTestId('session-needed')).toHaveAttribute('data-reason', 'wrong-link')
      expect(await other.cookies(server.baseUrl)).toEqual([])
    } finally {
      await other.close()
    }
  })
})
