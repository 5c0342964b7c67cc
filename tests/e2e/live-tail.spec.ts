/** Live tail in the open app: lines appended to a watched results file appear within 2 s (issue 3). */
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { addPathViaUi, DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { expect, test } from './server-fixture'

const row = (id: string, reward: number): string =>
  JSON.stringify({
    id,
    reward,
    model: 'live-model',
    messages: [
      { role: 'user', content: `live task ${id}` },
      { role: 'assistant', content: `done ${id}` }
    ]
  }) + '\n'

test('appended lines of a running eval show up in the open app within 2 s', async ({ page, server }) => {
  const dir = join(server.tmpDir, 'running-eval')
  mkdirSync(dir)
  const file = join(dir, 'live.jsonl')
  writeFileSync(file, row('a', 1) + row('b', 0))
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, dir)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1)
  await selectRun(page, 'running-eval/live')
  await expect(page.getByTestId('episode-count')).toContainText('2 episodes')

  const appendedAt = Date.now()
  appendFileSync(file, row('c', 1) + row('d', 0.5))
  await expect(page.getByTestId('episode-count')).toContainText('4 episodes', { timeout: 2000 })
  expect(Date.now() - appendedAt).toBeLessThan(2000)
  await expect(page.getByTestId('episode-row')).toHaveCount(4)
  await shot(page, '30-live-tail')

  // deleted: its run goes, the sidebar says why once, and the file is not left listed as failed
  rmSync(file)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS, { timeout: 5000 })
  await expect(page.getByTestId('last-index')).toContainText('1 file gone since indexed (moved or deleted)')
  await expect(page.getByTestId('source-row').filter({ hasText: 'live.jsonl' })).toHaveCount(0)
  await expect(page.locator('[data-testid="source-row"][data-state="error"]')).toHaveCount(0)
  // the demo gone too: the empty screen says there is no file left, not "check the file list for reasons"
  await page.getByTestId('root-row').filter({ hasText: 'demo' }).getByTestId('remove-root').click()
  await expect(page.getByTestId('run-row')).toHaveCount(0, { timeout: 10_000 })
  await expect(page.getByTestId('runs-empty-why')).toContainText('There is no file under the workspace’s roots')
  await shot(page, '31-live-tail-all-gone')
})
