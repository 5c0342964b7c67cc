/**
 * The HTML comparison report as a person opens it: the built CLI writes it for the demo pair (repo-repair base vs
 * GRPO step 400), Chromium opens the file:// page, the uPlot charts draw (one canvas each), nothing is fetched and
 * the CSP blocks nothing of the page's own. Screenshots in both colour schemes (report-01..04).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { shot } from './e2e-helpers'
import { CLI_PATH, REPO_ROOT } from './server-fixture'

function cli(dir: string, ...args: string[]): string {
  return execFileSync(process.execPath, [CLI_PATH, ...args, '--db', join(dir, 'r.db')], { cwd: dir, encoding: 'utf8' })
}

let reportPath: string

test.beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'rollscope-report-e2e-'))
  cli(dir, 'index', join(REPO_ROOT, 'resources/demo'))
  reportPath = join(dir, 'report.html')
  // Both runs live in one folder: pick them by the names their meta.json gives.
  const runs = JSON.parse(cli(dir, 'runs', '--json')) as { id: string; source: string }[]
  const id = (file: string): string => runs.find((r) => r.source.endsWith(file))?.id ?? file
  const [base, trained] = [id('base--qwen3-8b.jsonl'), id('trained--qwen3-8b-grpo-step400.jsonl')]
  expect(cli(dir, 'compare', base, trained, '--html', reportPath)).toContain(reportPath)
})

/** Opens the report, failing on any page error, console error (a CSP violation is one) or non-file request. */
async function openReport(page: Page): Promise<void> {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`))
  page.on('request', (r) => !r.url().startsWith('file:') && problems.push(`request: ${r.url()}`))
  await page.goto(pathToFileURL(reportPath).href)
  await expect(page.locator('body')).toHaveAttribute('data-charts', 'ready')
  expect(problems).toEqual([])
}

test('the report opens from a file and draws its charts', async ({ page }) => {
  await openReport(page)
  await expect(page.locator('h1')).toContainText(' vs ')
  // histogram, one per category field (difficulty, archetype), RR@k
  for (const id of ['chart-histogram', 'chart-category-0', 'chart-category-1', 'chart-rr']) {
    await expect(page.locator(`#${id} canvas`), id).toHaveCount(1)
  }
  // A drawn canvas has ink on it: count non-transparent pixels of the histogram.
  const inked = await page.locator('#chart-histogram canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray()
    let n = 0
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++
    return n
  })
  expect(inked).toBeGreaterThan(1000)
  await expect(page.locator('#summary tbody tr').first()).toBeVisible()
  await shot(page, 'report-01-top')
  await page.locator('#rewards h2').evaluate((e) => e.scrollIntoView())
  await shot(page, 'report-02-histogram')
  await page
    .locator('#categories h3')
    .first()
    .evaluate((e) => e.scrollIntoView())
  await shot(page, 'report-03-categories')
})

test('the report follows the dark colour scheme', async ({ browser }) => {
  const page = await browser.newPage({ colorScheme: 'dark', viewport: { width: 1400, height: 860 } })
  await openReport(page)
  await page.locator('#rr h2').evaluate((e) => e.scrollIntoView())
  await shot(page, 'report-04-dark-rr')
  await page.close()
})
