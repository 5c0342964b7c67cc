/**
 * Browser-mode security: the token guards every API call, the page talks to no host but 127.0.0.1 (Monaco and its
 * workers included), nothing throws, and hostile trace content (HTML, script, a javascript: markdown link) is shown as
 * literal text and never runs.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, MONACO_LOAD, openApp, selectRun, shot } from './e2e-helpers'
import { shotMatrix } from './shot-matrix'
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

  // Nothing from the trace became an element: no script but the app's own files, no img, no link, no <b>.
  const app = page.locator('#root')
  await expect(app.locator('script')).toHaveCount(0)
  await expect(app.locator('img')).toHaveCount(0)
  await expect(app.locator('b')).toHaveCount(0)
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0)
  await expect(app.locator('a[href]')).toHaveCount(0)
  const scripts = await page
    .locator('script')
    .evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? e.textContent))
  // the page's first script (inline, allowed by its hash) and its boot module (src-renderer/src/boot), which imports
  // the app's own bundle
  expect(scripts).toHaveLength(2)
  expect(scripts[0]).toMatch(/^\(\(\)=>\{.*getEpisodeHead.*\}\)\(\);$/s)
  expect(scripts[1]).toMatch(/^\.\/assets\/boot-[\w-]+\.js$/)
  const pagePolicy = (await page.request.get(page.url())).headers()['content-security-policy']
  const firstHash = createHash('sha256')
    .update(scripts[0] ?? '', 'utf8')
    .digest('base64')
  expect(pagePolicy).toContain(`script-src 'self' 'sha256-${firstHash}';`)
  await expect(page.locator('script[data-app]')).toHaveAttribute('data-app', /^\.\/assets\/index-[\w-]+\.js$/)

  await test.step("a deep link to it: the first paint, before the app runs, shows the trace's text as text", async () => {
    const tab = await page.context().newPage()
    const errs = watchErrors(tab)
    let release = (): void => undefined
    const held = new Promise<void>((done) => (release = done))
    await tab.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await tab.goto(page.url(), { waitUntil: 'commit' })
    const layer = tab.getByTestId('boot-paint')
    await expect(layer.getByTestId('boot-turn-row')).toHaveCount(5)
    await expect(layer.getByTestId('boot-turn-row').nth(1)).toContainText(`Please render ${IMG} and follow ${LINK}`)
    await expect(layer.getByTestId('boot-turn-row').nth(2)).toContainText(`echo '${SCRIPT}'`)
    await expect(layer.getByTestId('boot-turn-row').nth(3)).toContainText(SCRIPT)
    for (const tag of ['script', 'img', 'b', 'a', 'iframe']) await expect(layer.locator(tag)).toHaveCount(0)
    release()
    await expect(tab.getByTestId('turn-row')).toHaveCount(5)
    await expect(layer).toHaveCount(0)
    expect(await tab.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(errs).toEqual([])
    await tab.close()
  })

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

/**
 * Hostile content in every view and every export (issue 17): three runs of generated traces whose folder names,
 * task ids, prompts, tool output, answers, info values and notes hold script, image and javascript: payloads,
 * spreadsheet formulas, terminal colours and bidi overrides. In each view: no dialog, no element or event handler
 * from the trace, no request off 127.0.0.1, and no escape code or bidi control left in any text or tooltip (they
 * are stripped or shown, never obeyed). The downloaded HTML export and the compare report are opened from disk and
 * held to the same (no request at all there).
 */
const ESC = '\u001b'
const RLO = '\u202e'
const HOSTILE_TASK = `a\\|${IMG}${RLO}gpj.exe`
/** Characters that must never reach the page's text: ESC / CSI, and bidi overrides, embeddings, isolates, marks. */
const OBEYED = /[\u001b\u009b\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** Everything wrong in the app's DOM right now, outside the read-only editor (Monaco shows raw text its own way). */
async function domProblems(page: Page, root = '#root', ownScripts = false): Promise<string[]> {
  return page.evaluate(
    ({ root, obeyed, ownScripts }) => {
      const bad = new RegExp(obeyed)
      const out: string[] = []
      const host = document.querySelector(root) ?? document.body
      const inEditor = (n: Node | null): boolean =>
        !!(n as Element | null)?.closest?.('.monaco-editor, .monaco-diff-editor')
      for (const el of host.querySelectorAll('*')) {
        if (inEditor(el)) continue
        const tag = el.tagName.toLowerCase()
        if (['iframe', 'object', 'embed', 'img'].includes(tag)) out.push(`element <${tag}>`)
        if (tag === 'script' && !ownScripts) out.push('element <script>')
        for (const a of el.attributes) {
          if (a.name.startsWith('data-')) continue // never shown: the app's own keys (a task id, a category)
          if (/^on/i.test(a.name)) out.push(`<${tag} ${a.name}>`)
          if (a.name === 'href' && /^\s*javascript:/i.test(a.value)) out.push(`<${tag} href=javascript:>`)
          if (bad.test(a.value)) out.push(`<${tag} ${a.name}> holds ${JSON.stringify(a.value.slice(0, 60))}`)
        }
      }
      const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (inEditor(n.parentElement) || n.parentElement?.tagName === 'STYLE') continue
        if (bad.test(n.nodeValue ?? '')) out.push(`text ${JSON.stringify((n.nodeValue ?? '').slice(0, 60))}`)
      }
      if ((window as unknown as { __pwned?: unknown }).__pwned !== undefined) out.push('window.__pwned was set')
      return out
    },
    { root, obeyed: OBEYED.source, ownScripts }
  )
}

function hostileRecord(task: string, i: number, reward: number): string {
  const pytest = `${ESC}[31mFAILED${ESC}[0m tests/test_x.py - ${ESC}[1mAssertionError${ESC}[0m ${SCRIPT}`
  return JSON.stringify({
    task_id: i === 0 ? HOSTILE_TASK : `${task}-${i}`,
    rollout: 0,
    reward,
    answer: `=HYPERLINK("http://evil.example") ${ESC}[32m${IMG}${ESC}[0m ${RLO}txt.exe`,
    info: { category: i % 2 ? `=cmd|' /C calc'!A0 ${IMG}` : `cat${RLO}egory ${SCRIPT}`, level: '-0.5' },
    messages: [
      { role: 'system', content: `System ${SCRIPT} ${ESC}[1mbold${ESC}[0m` },
      { role: 'user', content: `Please ${IMG} and ${LINK} file${RLO}gnp.exe` },
      {
        role: 'assistant',
        content: `Sure ${LINK} <b>bold?</b> ${RLO}reversed`,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'bash', arguments: JSON.stringify({ command: `echo ${SCRIPT}` }) }
          }
        ]
      },
      { role: 'tool', tool_call_id: 'c1', content: pytest },
      { role: 'assistant', content: `Done ${IMG}` }
    ]
  })
}

test('every view and every export with hostile content: no dialog, no live element, no request off the host', async ({
  page,
  server,
  request
}) => {
  test.setTimeout(180_000)
  const errors = watchErrors(page)
  const dialogs: string[] = []
  const foreign: string[] = []
  const origin = new URL(server.baseUrl).origin
  const watch = (p: Page, localOrigin: string | null): void => {
    p.on('dialog', (d) => (dialogs.push(`${d.type()}: ${d.message()}`), void d.dismiss()))
    p.on('request', (req) => {
      const url = req.url()
      if (url.startsWith('data:') || url.startsWith('blob:')) return
      if (localOrigin === null ? !url.startsWith('file:') : new URL(url).origin !== localOrigin) foreign.push(url)
    })
  }
  watch(page, origin)
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())

  // three runs in folders whose names are payloads too
  const root = join(server.tmpDir, 'hostile-runs')
  const names = [`base ${IMG}`, `trained${RLO}exe.txt`, `third ${ESC}[31mred`]
  for (const [k, name] of names.entries()) {
    await mkdir(join(root, name), { recursive: true })
    const lines = Array.from({ length: 6 }, (_, i) => hostileRecord(`task`, i, (i + k) % 3 === 0 ? 1 : 0))
    await writeFile(join(root, name, 'results.jsonl'), lines.join('\n') + '\n')
  }
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, root)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 3, { timeout: 30_000 })
  const token = { 'x-rollscope-token': server.token }
  const listed = (await (
    await request.post(`${server.baseUrl}/api/listRuns`, { headers: token, data: [] })
  ).json()) as {
    value: { id: string; source: string }[]
  }
  const ids = names.map((n) => listed.value.find((r) => r.source.startsWith(join(root, n)))!.id)
  const views: string[] = []
  const check = async (view: string, p: Page = page): Promise<void> => {
    // an exported page has its own chart scripts (checked below: the CSP runs those and nothing else)
    expect.soft(await domProblems(p, p === page ? '#root' : 'body', p !== page), view).toEqual([])
    views.push(view)
  }
  await check('runs table')

  await selectRun(page, `base ${IMG}`)
  await expect(page.getByTestId('episode-count')).toHaveText('6 episodes')
  await check('episodes table')
  await page.getByTestId('group-by-task').check()
  await expect(page.getByTestId('group-row').first()).toBeVisible()
  await check('episodes grouped by task')
  await page.getByTestId('group-by-task').uncheck()
  await page.locator('[data-testid="episode-row"][data-index="0"]').click()
  await expect(page.getByTestId('turn-row')).toHaveCount(5)
  // the bidi override in the task id is written out; in the expected answer it is boxed like a control's caret
  await expect(page.getByTestId('episode-task')).toContainText('<U+202E RLO>gpj.exe')
  const boxed = page.getByTestId('episode-header').locator('[data-control]')
  await expect(boxed).toHaveText('RLO')
  await expect(boxed).toHaveAttribute('title', 'Right-to-left override (U+202E), shown rather than obeyed')
  await expect(page.getByTestId('turn-row').nth(3)).toContainText('FAILED tests/test_x.py - AssertionError')
  await check('episode viewer')
  await shotMatrix(page, 'sec-02-hostile-episode')
  await expect(page.locator('#root b')).toHaveCount(0) // the assistant's <b>bold?</b> is text
  await page.getByTestId('raw-tab').click()
  await expect(page.getByTestId('raw-editor').locator('.monaco-editor .view-lines')).toContainText('__pwned', {
    timeout: MONACO_LOAD
  })
  await check('raw view')
  await page.getByTestId('tab-transcript').click()

  await page.keyboard.press('Control+k')
  await page.getByTestId('search-input').fill('FAILED AssertionError')
  await expect(page.getByTestId('search-hit').first()).toBeVisible()
  await expect(page.getByTestId('search-hit').first()).toContainText('FAILED')
  await check('search results')
  await shotMatrix(page, 'sec-03-hostile-search')
  // a pasted page of log: the limit is said, with the query's length (issue 17 item 8), not "Invalid input"
  await page.getByTestId('search-input').fill('FAILED '.repeat(150))
  await expect(page.getByTestId('search-error')).toHaveText(
    'The search query is 1,049 characters; the longest searched is 1,000: search for a distinctive part of it'
  )
  await page.getByTestId('search-input').fill('FAILED')
  await expect(page.getByTestId('search-error')).toHaveCount(0)
  await page.keyboard.press('Escape')

  const [a, b, c] = ids
  await page.goto(`${server.url}#/compare/${a}/${b}`)
  await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
  await check('compare')
  await page.getByTestId('compare-tab-groups').click()
  await expect(page.getByTestId('group-row').first()).toBeVisible()
  await check('compare groups')
  await page.goto(`${server.url}#/compare/${a}/${b}/task/${encodeURIComponent(HOSTILE_TASK)}`)
  await expect(page.getByTestId('sbs-row').first()).toBeVisible({ timeout: 20_000 })
  await check('side by side')
  await page.goto(`${server.url}#/breakdown/${a}/category`)
  await expect(page.getByTestId('breakdown-row').first()).toBeVisible({ timeout: 20_000 })
  await check('breakdown')
  await page.goto(`${server.url}#/many/${a},${b},${c}?base=${a}`)
  await expect(page.getByTestId('many-table')).toBeVisible({ timeout: 20_000 })
  await check('runs side by side')

  // the exports, opened from disk like a person would: the compare report, then the episodes' HTML export
  const saved: string[] = []
  await page.goto(`${server.url}#/compare/${a}/${b}`)
  await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })
  let downloading = page.waitForEvent('download')
  await page.getByTestId('compare-export').click()
  saved.push(await (await downloading).path())
  await page.goto(`${server.url}#/run/${a}`)
  await expect(page.getByTestId('episode-count')).toHaveText('6 episodes')
  downloading = page.waitForEvent('download')
  await page.getByTestId('export-select').selectOption('html')
  saved.push(await (await downloading).path())
  for (const file of saved) {
    const copy = join(server.tmpDir, `${saved.indexOf(file)}.html`)
    await writeFile(copy, await readFile(file))
    const report = await page.context().newPage()
    watch(report, null)
    await report.goto(pathToFileURL(copy).href)
    await expect(report.locator('main')).toBeVisible()
    await check(`export ${saved.indexOf(file)}`, report)
    const csp = (await report.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? ''
    expect(csp).toMatch(/default-src 'none'/)
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe-inline/)
    const running = report.locator('script:not([type="application/json"])')
    expect(await running.count()).toBeLessThanOrEqual((csp.match(/'sha256-/g) ?? []).length)
    await expect(report.locator('body')).toContainText('<U+202E RLO>')
    await report.close()
  }

  expect(dialogs).toEqual([])
  expect(foreign).toEqual([])
  // the one refused request is the over-long query's 400, which the page says in words (above)
  expect(errors.filter((e) => !e.includes('status of 400 (Bad Request)'))).toEqual([])
  expect(views).toEqual([
    'runs table',
    'episodes table',
    'episodes grouped by task',
    'episode viewer',
    'raw view',
    'search results',
    'compare',
    'compare groups',
    'side by side',
    'breakdown',
    'runs side by side',
    'export 0',
    'export 1'
  ])
})
