/**
 * Episodes too large or too deeply nested to open whole (issue 17): a real screen instead of a 500 or an endless
 * "Loading episode…". An Inspect sample of 300,000 messages opens as its first and last 1,000 with a note saying so
 * and a gap row where the rest was left out; a record with a 10,000-deep info opens with the depth note.
 * Memory is measured by tests/main/integration/hostile-memory.test.ts and the bench, not here.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { deepInfoLine, writeEvalManyMessages } from '../generators/hostile-inputs.mjs'
import { shotMatrix } from './shot-matrix'
import { expect, test, type ServerInfo } from './server-fixture'
import { addAndFindRunWhere, apiCall } from './api-call'

/** Indexes `dir` through the API and returns the id of the run whose name matches and of its first episode. */
async function indexed(request: APIRequestContext, server: ServerInfo, dir: string, name: RegExp) {
  const runId = await addAndFindRunWhere(request, server, dir, (r) => name.test(r.name) && r.episodes > 0, 60_000)
  const page = await apiCall<{ items: { id: string }[] }>(request, server, 'listEpisodes', { runId })
  return { runId, episodeId: page.items[0].id }
}

test('an episode too large to open whole shows its first and last messages, the gap and why', async ({
  page,
  server,
  request
}) => {
  test.setTimeout(180_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const dir = join(server.tmpDir, 'hostile')
  mkdirSync(dir, { recursive: true })
  writeEvalManyMessages(join(dir, 'many.eval'), { messages: 300_000 })
  const { runId, episodeId } = await indexed(request, server, dir, /^many-messages/)

  await page.goto(`${server.url}#/run/${encodeURIComponent(runId)}/episode/${encodeURIComponent(episodeId)}`)
  const notice = page.getByTestId('read-cuts')
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(notice).toContainText('Too large to open whole')
  await expect(notice.getByTestId('read-cut')).toHaveText([
    '300,000 messages (messages): showing the first 1,000 and the last 1,000; 298,000 not read'
  ])
  await expect(notice).toContainText('memory stays under 500 MB')
  await expect(page.getByTestId('tab-transcript')).toContainText('2,000')
  await shotMatrix(page, '71-too-large-episode-top')

  // the first turn after the cut: the gap row above it says how many messages are not shown
  await page.goto(`${server.url}#/run/${encodeURIComponent(runId)}/episode/${encodeURIComponent(episodeId)}/turn/1000`)
  const gap = page.getByTestId('not-read-gap')
  await expect(gap).toBeVisible({ timeout: 30_000 })
  await expect(gap).toHaveText('298,000 messages not read here (too large to open whole)')
  await expect(page.getByTestId('not-read-gap')).toHaveCount(1)
  await shotMatrix(page, '72-too-large-episode-gap', async () => {
    await gap.scrollIntoViewIfNeeded()
  })
  expect(errors).toEqual([])
})

test('an episode nested too deeply opens with the depth note, never "Loading episode…" forever', async ({
  page,
  server,
  request
}) => {
  test.setTimeout(120_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const dir = join(server.tmpDir, 'deep')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'deep-info.jsonl'), deepInfoLine('deep-info', 10_000) + '\n')
  const { runId, episodeId } = await indexed(request, server, dir, /deep-info/)

  await page.goto(`${server.url}#/run/${encodeURIComponent(runId)}/episode/${encodeURIComponent(episodeId)}`)
  const notice = page.getByTestId('read-cuts')
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(notice).toContainText('Nested too deeply to open whole')
  await expect(notice.getByTestId('read-cut')).toContainText('is nested deeper than 64 levels')
  // the info chip shows the value's start; its full text (the tooltip) ends in the note
  await expect(
    page.getByTestId('episode-info').locator('[title*="[nested deeper than 64 levels: not read]"]')
  ).toHaveCount(1)
  await expect(page.getByTestId('turn-row')).toHaveCount(2)
  await shotMatrix(page, '73-too-deep-episode')
  expect(errors).toEqual([])
})
