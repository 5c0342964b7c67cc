/**
 * A turn whose text runs to megabytes (a minified JSON, a base64 blob, one long line of a log): "Show all" draws it as
 * plain text, at most its first 2,000,000 characters, and the page stays usable. Drawn as markdown with syntax
 * colours, 2 MB held the page for ~4 s and 10 MB for ~18 s (a security pass measured it).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { shotMatrix } from './shot-matrix'
import { expect, test } from './server-fixture'
import { addAndFindRunWhere, apiCall } from './api-call'

const chatRow = (id: string, answer: string): string =>
  JSON.stringify({
    id,
    reward: 1,
    messages: [
      { role: 'user', content: `print the blob for ${id}` },
      { role: 'assistant', content: answer }
    ]
  }) + '\n'

test('a turn of megabytes: Show all draws it plain, its first 2,000,000 characters, the editor has the rest', async ({
  page,
  server,
  request
}) => {
  test.setTimeout(120_000)
  const dir = join(server.tmpDir, 'long-turns')
  mkdirSync(dir, { recursive: true })
  // no space and no newline: the hard case for every cut
  const huge = `{"data":"${'QUJD'.repeat(750_000)}"}` // 3,000,011 characters
  const mid = `# Report\n\n${'word '.repeat(60_000)}` // 300,010 characters
  writeFileSync(join(dir, 'blobs.jsonl'), chatRow('huge', huge) + chatRow('mid', mid))
  const runId = await addAndFindRunWhere(request, server, dir, (r) => r.episodes === 2, 60_000)
  const eps = await apiCall<{ items: { id: string; taskKey: string }[] }>(request, server, 'listEpisodes', { runId })
  const open = async (task: string) => {
    const ep = eps.items.find((e) => e.taskKey === task)!
    await page.goto(`${server.url}#/run/${encodeURIComponent(runId)}/episode/${encodeURIComponent(ep.id)}`)
    await expect(page.getByTestId('turn-row')).toHaveCount(2, { timeout: 30_000 })
  }

  await open('huge')
  await page.getByTestId('turn-row').nth(1).getByTestId('show-all').click()
  const plain = page.getByTestId('plain-long-text')
  await expect(plain).toContainText('The first 2,000,000 of 3,000,011 characters, as plain text', { timeout: 30_000 })
  await expect(plain).toContainText('Open in editor for the whole of it')
  expect(await plain.locator('pre').evaluate((e) => e.textContent?.length)).toBe(2_000_000)
  // the page answers: the next key moves the highlight
  await page.keyboard.press('k')
  await expect(page.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute('data-turn', '0')
  await shotMatrix(page, 'long-turn-text-plain-cut')
  await page.getByTestId('turn-row').nth(1).getByTestId('show-all').click()
  await expect(plain).toHaveCount(0)

  await open('mid')
  await page.getByTestId('turn-row').nth(1).getByTestId('show-all').click()
  await expect(page.getByTestId('plain-long-text')).toContainText('As plain text: past 200,000 characters')
  expect(
    await page
      .getByTestId('plain-long-text')
      .locator('pre')
      .evaluate((e) => e.textContent?.length)
  ).toBe(mid.length)
})
