/**
 * The HTML export (issue 6) opened as a person opens it: from the app (browser mode, one run, the table's filter:
 * Export… → HTML report downloads a page that says why it has no comparison and lists the filtered episodes) and
 * from the built CLI for the demo pair (--run A --run B: the compare report with its uPlot charts drawn). Chromium
 * opens each file:// page; nothing may be fetched and the CSP may block nothing of the page's own.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { CLI_PATH, REPO_ROOT, expect, test } from './server-fixture'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

/** Opens the file, collecting page errors, console errors (a CSP violation is one) and any non-file request. */
async function openFile(page: Page, path: string): Promise<string[]> {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`))
  page.on('request', (r) => !r.url().startsWith('file:') && problems.push(`request: ${r.url()}`))
  await page.goto(pathToFileURL(path).href)
  return problems
}

test('app: filter, Export… → HTML report; the downloaded page opens from disk with the filtered episodes', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  await page.getByTestId('episode-filter').fill('reward < 0.5')
  await page.getByTestId('episode-filter').press('Enter')
  await expect(page.getByTestId('episode-count')).toHaveText(/^\d+ of 64 episodes$/)
  const shown = Number((await page.getByTestId('episode-count').textContent())!.split(' ')[0])

  const downloading = page.waitForEvent('download')
  await page.getByTestId('export-select').selectOption('html')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^rollscope-[A-Za-z0-9._-]+(?<!-html)\.html$/)

  // Saved under its suggested name: Chromium reads a file:// page as HTML by its extension.
  const saved = join(mkdtempSync(join(tmpdir(), 'rollscope-export-html-dl-')), download.suggestedFilename())
  await download.saveAs(saved)
  const report = await page.context().newPage()
  const problems = await openFile(report, saved)
  await expect(report.locator('h1')).toHaveText('Rollscope export')
  await expect(report.locator('#no-comparison')).toContainText('No comparison: the selection holds one run')
  await expect(report.locator('#episodes tbody tr')).toHaveCount(shown)
  await expect(report.locator('#runs tbody tr')).toHaveCount(1)
  await expect(report.locator('script')).toHaveCount(0)
  expect(problems).toEqual([])
  await shot(report, 'exphtml-01-app-one-run')
  await report.close()
})

test('CLI: export --run A --run B --format html draws the compare charts, light and dark', async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), 'rollscope-export-html-e2e-'))
  const cli = (...args: string[]): string =>
    execFileSync(process.execPath, [CLI_PATH, ...args, '--db', join(dir, 'r.db')], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe']
    })
  cli('index', join(REPO_ROOT, 'resources/demo'))
  const runs = JSON.parse(cli('runs', '--json')) as { id: string; source: string }[]
  const id = (file: string): string => runs.find((r) => r.source.endsWith(file))?.id ?? file
  const out = join(dir, 'export.html')
  cli(
    'export',
    '--run',
    id('base--qwen3-8b.jsonl'),
    '--run',
    id('trained--qwen3-8b-grpo-step400.jsonl'),
    '--format',
    'html',
    '--out',
    out
  )

  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ colorScheme, viewport: { width: 1400, height: 900 } })
    const problems = await openFile(page, out)
    await expect(page.locator('body')).toHaveAttribute('data-charts', 'ready')
    await expect(page.locator('#comparison h2').first()).toContainText('Comparison: ')
    for (const chart of ['chart-histogram', 'chart-category-0', 'chart-rr'])
      await expect(page.locator(`#${chart} canvas`), chart).toHaveCount(1)
    await expect(page.locator('#episodes tbody tr')).toHaveCount(128)
    expect(problems).toEqual([])
    if (colorScheme === 'light') {
      await shot(page, 'exphtml-02-cli-two-runs-top')
      await page.locator('#rewards h3').evaluate((e) => e.scrollIntoView())
      await shot(page, 'exphtml-03-cli-histogram')
      await page.locator('#episodes h2').evaluate((e) => e.scrollIntoView())
      await shot(page, 'exphtml-04-cli-episodes')
    } else {
      await page.locator('#flips h3').evaluate((e) => e.scrollIntoView())
      await shot(page, 'exphtml-05-cli-dark')
    }
    await page.close()
  }
})
