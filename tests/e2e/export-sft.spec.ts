/**
 * Issue 15, item 7: exports that say what they write. The SFT dialog counts, before the export, the lines it will
 * write and those that do not end with the model's words (the demo's agents end some episodes on a tool result),
 * and the download holds exactly that many, each naming its episode; the HTML report quotes a labelled turn with
 * its note; file names do not repeat the format.
 */
import { readFileSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { DEMO_RUNS, openApp, selectRun } from './e2e-helpers'
import { expect, test, type ServerInfo } from './server-fixture'
import { apiCall } from './api-call'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

interface SftLine {
  messages: { role: string; content: string; reasoning_content?: string; tool_calls?: unknown[] }[]
  metadata: { episode_id: string; run_id: string; trimmed: boolean; ending: string }
}

const lines = (text: string): SftLine[] =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SftLine)

test('SFT: the dialog counts what will be written and what does not end with the model’s words', async ({
  page,
  server
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  await expect(page.getByTestId('export-select').locator('option').first()).toHaveText('Export 64 episodes…')

  await page.getByTestId('export-select').selectOption('sft')
  const dialog = page.getByTestId('sft-options')
  await expect(dialog.getByTestId('sft-preview')).toContainText('64 episodes selected: 64 lines will be written (')
  const unfinished = Number(await dialog.getByTestId('sft-unfinished').textContent())
  expect(unfinished).toBeGreaterThan(0)
  await expect(dialog.getByTestId('sft-endings-counts')).toContainText('end with a tool result')
  await expect(dialog.getByTestId('sft-ending-trim')).toBeChecked()
  await expect(dialog.getByTestId('sft-preview')).toContainText(`(${unfinished} trimmed)`)
  await shotMatrix(page, 'export-sft-01-dialog')

  await test.step('leave them out: the count drops by as many, and the file holds that many lines', async () => {
    await dialog.getByTestId('sft-ending-drop').check()
    const written = 64 - unfinished
    await expect(dialog.getByTestId('sft-preview')).toContainText(`${written} lines will be written`)
    await expect(dialog.getByTestId('sft-export-go')).toHaveText(`Export ${written} lines`)
    const downloading = page.waitForEvent('download')
    await dialog.getByTestId('sft-export-go').click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^rollscope-[A-Za-z0-9._-]+-sft\.jsonl$/)
    const got = lines(readFileSync((await download.path())!, 'utf8'))
    expect(got).toHaveLength(written)
    const ids = new Set(got.map((l) => l.metadata.episode_id))
    expect(ids.size).toBe(written)
    for (const l of got) {
      expect(l.metadata.ending).toBe('assistant')
      expect(l.messages.at(-1)!.role).toBe('assistant')
    }
  })

  await test.step('trim (the default): every episode, each line ending with the model’s last message', async () => {
    await page.getByTestId('export-select').selectOption('sft')
    await expect(dialog.getByTestId('sft-ending-trim')).toBeChecked()
    const downloading = page.waitForEvent('download')
    await dialog.getByTestId('sft-export-go').click()
    const got = lines(readFileSync((await (await downloading).path())!, 'utf8'))
    expect(got).toHaveLength(64)
    expect(got.filter((l) => l.metadata.trimmed)).toHaveLength(unfinished)
    for (const l of got) {
      const last = l.messages.at(-1)!
      expect(last.role).toBe('assistant')
      // it says something: text, reasoning (reasoning_content) or calls
      expect(
        last.content.trim() !== '' || (last.reasoning_content ?? '').trim() !== '' || (last.tool_calls?.length ?? 0) > 0
      ).toBe(true)
    }
  })
})

test('SFT, passed only, over a run without a pass verdict: the dialog says why nothing would be written', async ({
  page,
  server
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, 'rl-math-prime-rl · train')
  await page.getByTestId('export-select').selectOption('sft')
  const dialog = page.getByTestId('sft-options')
  await dialog.getByTestId('sft-passed-only').check()
  await expect(dialog.getByTestId('sft-preview')).toHaveText(
    '240 episodes selected: 0 lines will be written; left out: 240 without a pass verdict (set the run’s pass threshold).'
  )
  // an empty file is nothing to save
  await expect(dialog.getByTestId('sft-export-go')).toBeDisabled()
  await expect(dialog.getByTestId('sft-export-go')).toHaveText('Export 0 lines')
  await dialog.getByTestId('sft-passed-only').uncheck()
  await expect(dialog.getByTestId('sft-export-go')).toBeEnabled()
})

test('HTML report: a labelled turn quoted with its note; the file not named …-html.html', async ({
  page,
  server,
  request
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openApp(page, server.url, DEMO_RUNS)
  const runs = await apiCall<{ id: string; name: string }[]>(request, server, 'listRuns')
  const run = runs.find((r) => r.name === BASE_RUN)!
  const page1 = await apiCall<{ items: { id: string }[] }>(request, server, 'listEpisodes', { runId: run.id, limit: 1 })
  const ep = page1.items[0].id
  const turns = await apiCall<{ index: number; role: string; text: string }[]>(request, server, 'getEpisodeTurns', ep)
  const said = turns.find((t) => t.role === 'assistant' && t.text.trim().length > 20)!
  const taxonomy = await apiCall<{ name: string }[]>(request, server, 'getTaxonomy')
  await apiCall(request, server, 'addLabel', ep, taxonomy[0].name, said.index)
  await apiCall(request, server, 'setNote', ep, 'the <b>wrong</b> file, see turn 3', said.index)
  await apiCall(request, server, 'setNote', ep, 'good start, then lost', null)

  await selectRun(page, BASE_RUN)
  const downloading = page.waitForEvent('download')
  await page.getByTestId('export-select').selectOption('html')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^rollscope-[A-Za-z0-9._-]+\.html$/)
  expect(download.suggestedFilename()).not.toMatch(/-html\.html$/)
  const html = readFileSync((await download.path())!, 'utf8')
  expect(html).toContain('<strong>Note:</strong> good start, then lost')
  expect(html).toContain('Note: the &lt;b&gt;wrong&lt;/b&gt; file, see turn 3')
  expect(html).not.toContain('<b>wrong</b>')

  const report = await page.context().newPage()
  await report.setContent(html)
  const triage = report.locator('tr.triage')
  await expect(triage).toHaveCount(1)
  await expect(triage.locator('.chip')).toHaveText(taxonomy[0].name)
  await expect(triage.locator('blockquote')).toContainText(said.text.trim().slice(0, 30))
  await triage.scrollIntoViewIfNeeded()
  await shotMatrix(report, 'export-sft-02-html-triage', async () => {
    await triage.scrollIntoViewIfNeeded()
  })
  await report.close()
})
