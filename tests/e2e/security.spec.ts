/**
 * Browser-mode security: the token guards every API call, the page talks to no host but 127.0.0.1 (Monaco and its
 * workers included), nothing throws, and hostile trace content (HTML, script, a javascript: markdown link) is shown as
 * literal text and never runs.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, MONACO_LOAD, openApp, selectRun, shot } from './e2e-helpers'
import { expect, test } from './server-fixture'

const SCRIPT = '<script>window.__pwned=1</script>'
const IMG = '<img src=x onerror="window.__pwned=1">'
const LINK = '[click](javascript:window.__pwned=1)'

/** Collects uncaught page errors and console errors for the whole test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`)
  })
  return errors
}

test('API calls without the token or with a wrong one get 401', async ({ request, server }) => {
  const call = (method: string, headers: Record<string, string> = {}) =>
    request.post(`${server.baseUrl}/api/${method}`, {
      headers: { 'content-type': 'application/json', ...headers },
      data: []
    })

  const missing = await call('listRuns')
  expect(missing.status()).toBe(401)
  expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
  expect((await call('getWorkspace', { 'x-rollscope-token': 'not-the-token' })).status()).toBe(401)
  // One character off, same length: still refused.
  const flipped = server.token.slice(0, -1) + (server.token.endsWith('0') ? '1' : '0')
  expect((await call('listRuns', { 'x-rollscope-token': flipped })).status()).toBe(401)
  // Only the event stream may carry the token in the query (EventSource cannot set headers).
  expect((await request.post(`${server.baseUrl}/api/listRuns?token=${server.token}`, { data: [] })).status()).toBe(401)
  expect((await request.get(`${server.baseUrl}/api/events`)).status()).toBe(401)
  expect((await request.get(`${server.baseUrl}/api/events?token=wrong`)).status()).toBe(401)

  const ok = await call('getWorkspace', { 'x-rollscope-token': server.token })
  expect(ok.status()).toBe(200)
  expect(await ok.json()).toMatchObject({ ok: true, value: { demoPath: expect.stringMatching(/resources\/demo$/) } })
  // The demo is indexed in the background after the URL is printed.
  const runNames = async (): Promise<string[]> => {
    const res = await call('listRuns', { 'x-rollscope-token': server.token })
    expect(res.status()).toBe(200)
    const body = (await res.json()) as { ok: true; value: { name: string }[] }
    return body.value.map((r) => r.name).sort()
  }
  await expect
    .poll(runNames)
    .toEqual([
      'repo-repair · qwen3-8b (base)',
      'repo-repair · qwen3-8b-grpo-step400 (trained)',
      'repo-repair-grpo-qwen3-8b (qx7demo2grpo4repair9st10)',
      'rl-math-prime-rl · eval',
      'rl-math-prime-rl · train'
    ])
})

test('a full browse (Monaco included) requests nothing but 127.0.0.1 and throws nothing', async ({ page, server }) => {
  const errors = watchErrors(page)
  const foreign: string[] = []
  const seen: string[] = []
  const origin = new URL(server.baseUrl).origin
  page.on('request', (req) => {
    const url = req.url()
    seen.push(url)
    if (url.startsWith('data:') || url.startsWith('blob:')) return
    if (new URL(url).origin !== origin) foreign.push(url)
  })
  // Belt and braces: anything leaving the machine would fail instead of hanging the test on a blocked network.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())

  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, 'repo-repair · qwen3-8b (base)')
  await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')
  await page.locator('[data-testid="episode-row"][data-index="2"]').click()
  await expect(page.getByTestId('episode-status')).toHaveText('truncated')
  await page.keyboard.press('j')
  await page.keyboard.press('n')
  await expect(page.getByTestId('episode-task')).toContainText('rr-001-tinycsv')
  await page.getByTestId('raw-tab').click()
  await expect(page.getByTestId('raw-editor').locator('.monaco-editor .view-lines')).toContainText('"task_id"', {
    timeout: MONACO_LOAD
  })
  await page.getByTestId('tab-transcript').click()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('episodes-table')).toBeVisible()
  await page.getByTestId('episode-filter').fill('reward < 0.5 and info.difficulty == "hard"')
  await page.getByTestId('episode-filter').press('Enter')
  await expect(page.getByTestId('episode-count')).toContainText('of 64 episodes')

  expect(seen.some((u) => u.includes('/api/getEpisode'))).toBe(true)
  expect(seen.some((u) => /\/assets\/.*\.js$/.test(u))).toBe(true)
  expect(foreign).toEqual([])
  expect(errors).toEqual([])
})

test('hostile trace content is shown as text and never runs', async ({ page, server }) => {
  const errors = watchErrors(page)
  const file = join(server.tmpDir, 'hostile.jsonl')
  const record = {
    task_id: 'xss-task',
    rollout: 0,
    answer: `${IMG} ${LINK}`,
    info: { note: SCRIPT },
    reward: 0.25,
    messages: [
      { role: 'system', content: `System says ${SCRIPT}` },
      { role: 'user', content: `Please render ${IMG} and follow ${LINK}` },
      {
        role: 'assistant',
        content: `Sure: ${LINK} <b>bold?</b>`,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'bash', arguments: JSON.stringify({ command: `echo '${SCRIPT}'` }) }
          }
        ]
      },
      { role: 'tool', tool_call_id: 'call_1', content: `${SCRIPT}\n${IMG}` },
      { role: 'assistant', content: `Done. ${IMG}` }
    ]
  }
  await writeFile(file, `${JSON.stringify(record)}\n`)

  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, file, 'file')
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1)
  const row = page.getByTestId('run-row').filter({ hasText: 'hostile' })
  await row.click()
  await expect(page.getByTestId('episode-count')).toHaveText('1 episode')
  await page.locator('[data-testid="episode-row"][data-index="0"]').click()
  await expect(page.getByTestId('episode-task')).toContainText('xss-task')

  const turns = page.getByTestId('turn-row')
  await expect(turns).toHaveCount(5)
  await expect(turns.nth(0)).toContainText(`System says ${SCRIPT}`)
  await expect(turns.nth(1)).toContainText(`Please render ${IMG} and follow ${LINK}`)
  // assistant text is markdown: the link is an inert span (its javascript: address dropped), the HTML literal text
  await expect(turns.nth(2)).toContainText('Sure: click <b>bold?</b>')
  await expect(turns.nth(2).getByTestId('md-link')).toHaveText('click')
  await expect(turns.nth(2).getByTestId('md-link')).not.toHaveAttribute('title', /.*/)
  await expect(turns.nth(4)).toContainText(`Done. ${IMG}`)
  await expect(turns.nth(2).getByTestId('tool-call')).toContainText(`echo '${SCRIPT}'`)
  await expect(turns.nth(3)).toContainText(SCRIPT)
  await expect(turns.nth(3)).toContainText(IMG)
  await expect(page.getByTestId('episode-header')).toContainText(`${IMG} ${LINK}`)
  await expect(page.getByTestId('episode-info')).toContainText(SCRIPT)
  // The file is listed under its own root once the coalesced workspace refresh ran.
  await expect(page.getByTestId('root-row').filter({ hasText: 'hostile.jsonl' })).toContainText('1 file · 1 ep')
  // the list is virtualized (only rows in view are drawn): page through it until the file's row is drawn
  const list = page.getByTestId('sources-list')
  const found = async (): Promise<boolean> => (await list.innerText()).includes('hostile.jsonl')
  const { scrollHeight, clientHeight } = await list.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight
  }))
  for (let y = 0; y <= scrollHeight && !(await found()); y += clientHeight / 2) {
    await list.evaluate((el, top) => el.scrollTo(0, top), y)
    await page.waitForTimeout(50)
  }
  expect(await found()).toBe(true)
  await shot(page, '20-hostile-trace')

  // Nothing from the trace became an element: no script but the app's own bundle, no img, no link, no <b>.
  const app = page.locator('#root')
  await expect(app.locator('script')).toHaveCount(0)
  await expect(app.locator('img')).toHaveCount(0)
  await expect(app.locator('b')).toHaveCount(0)
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0)
  await expect(app.locator('a[href]')).toHaveCount(0)
  const scripts = await page
    .locator('script')
    .evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? e.textContent))
  expect(scripts).toHaveLength(1)
  expect(scripts[0]).toMatch(/^\.\/assets\/index-[\w-]+\.js$/)

  await page.getByTestId('raw-tab').click()
  await expect(page.getByTestId('raw-editor').locator('.monaco-editor .view-lines')).toContainText('window.__pwned=1', {
    timeout: MONACO_LOAD
  })
  await expect(app.locator('img')).toHaveCount(0)
  await page.getByTestId('tab-transcript').click()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('episode-row')).toContainText('Please render')

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
  expect(errors).toEqual([])
})
