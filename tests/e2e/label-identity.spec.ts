/**
 * Issue 17 in the app: labels made when an episode held other content (its file rewritten by a re-run) are shown
 * apart in the episode's labels bar with Keep them / Remove them, not on the new content; and an index job waiting
 * for another process indexing the same database says so in the progress panel. Screenshots at both sizes, both
 * themes, looked at.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from './server-fixture'
import { DEMO_RUNS, openApp, shot } from './e2e-helpers'
import { shotMatrix } from './shot-matrix'

/** A verifiers run of two tasks whose completions say `tag`. */
function writeRun(dir: string, tag: string): void {
  mkdirSync(dir, { recursive: true })
  const row = (task: number, reward: number): string =>
    JSON.stringify({
      id: task,
      prompt: [{ role: 'user', content: `Task ${task}: add ${task} and ${task + 1}.` }],
      completion: [{ role: 'assistant', content: `The answer is \\boxed{${2 * task + 1}}. ${tag}` }],
      answer: String(2 * task + 1),
      task: 'adder',
      reward
    })
  writeFileSync(join(dir, 'results.jsonl'), `${row(0, 1)}\n${row(1, 0)}\n`)
  writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ env: 'adder', model: 'tiny-model', date: '2026-01-01' }))
}

/** Calls the API the way the app does (the token in its header). */
async function api<T>(server: { baseUrl: string; token: string }, method: string, ...args: unknown[]): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rollscope-token': server.token },
    body: JSON.stringify(args)
  })
  const body = (await res.json()) as { ok: boolean; value: T }
  expect(body.ok).toBe(true)
  return body.value
}

test('labels made before a re-run rewrote the file are shown apart, and kept with one click', async ({
  page,
  server
}) => {
  const run = join(server.tmpDir, 'evals', 'adder--tiny-model', 'run1')
  writeRun(run, 'First try: adding the two numbers.')
  await openApp(page, server.url, DEMO_RUNS)
  await api(server, 'addPaths', [join(server.tmpDir, 'evals')])
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
  const row = page.getByTestId('run-row').filter({ hasText: 'tiny-model' })
  await row.click()
  const rows = page.getByTestId('episode-row')
  await expect(rows).toHaveCount(2)
  await rows.first().click()
  await expect(page.getByTestId('episode-view')).toBeVisible()
  await page.keyboard.press('3') // loop
  const chips = page.getByTestId('episode-label-chips')
  await expect(chips.getByTestId('label-chip')).toHaveText(['loop×'])
  await page.getByTestId('episode-note').fill('goes round in circles')
  await page.getByTestId('episode-note').blur()
  await expect.poll(async () => (await page.getByTestId('episode-note').inputValue()).length).toBeGreaterThan(0)

  // a re-run writes the same file while the episode is open: the first task's rollout is another one now; the
  // watcher re-reads the file and the open episode's labels bar shows what was labelled before, apart
  writeRun(run, 'Second try, a different rollout: 0 + 1 is 1, so the answer is 1.')
  const notice = page.getByTestId('changed-labels')
  await expect(notice).toBeVisible({ timeout: 20_000 })
  await page.reload()
  await expect(notice).toBeVisible({ timeout: 20_000 })
  await expect(notice).toContainText('Labelled when this episode held other content')
  await expect(notice.getByTestId('label-chip')).toHaveText(['loop×'])
  await expect(notice).toContainText('goes round in circles')
  await expect(chips.getByTestId('label-chip')).toHaveCount(0)
  await expect(page.getByTestId('episode-note')).toHaveValue('')
  await shotMatrix(page, 'lid-01-labels-on-other-content')

  // not carried over: no badge in the table, no hit for the label; label_changed finds it
  await page.keyboard.press('Escape')
  await expect(rows.first().getByTestId('episode-labels')).not.toContainText('loop')
  await page.getByTestId('episode-filter').fill('label_changed')
  await page.getByTestId('episode-filter').press('Enter')
  await expect(rows).toHaveCount(1)
  await rows.first().click()
  await page.getByTestId('keep-changed-labels').click()
  await expect(notice).toHaveCount(0)
  await expect(chips.getByTestId('label-chip')).toHaveText(['loop×'])
  await expect(page.getByTestId('episode-note')).toHaveValue('goes round in circles')
  await shot(page, 'lid-02-labels-kept')
})

test('an index job waiting for another process indexing the database says whom it waits for', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  // another process holds the database's writer lock: this test's own (live) process, as `rollscope index`
  const db = new Database(join(server.tmpDir, 'e2e.db'))
  db.pragma('busy_timeout = 5000')
  const since = Date.now()
  const take = db.prepare(
    `INSERT INTO writer_lock (role, token, pid, host, start, what, since, seen)
     VALUES ('holder', 'e2e', ?, ?, NULL, 'rollscope index', ?, ?)`
  )
  // taken as another process would: once the server's own writer (a background pass after the demo's listing, say)
  // has let it go; a CI run once found it still held here
  await expect
    .poll(
      () => {
        try {
          take.run(process.pid, hostname(), since, since)
          return 'taken'
        } catch (err) {
          if (/UNIQUE constraint failed: writer_lock\.role/.test(String(err))) return 'held by the server'
          throw err
        }
      },
      { timeout: 30_000 }
    )
    .toBe('taken')
  try {
    const run = join(server.tmpDir, 'waiting', 'adder--tiny-model', 'run1')
    writeRun(run, 'waiting')
    await api(server, 'addPaths', [join(server.tmpDir, 'waiting')])
    const panel = page.getByTestId('index-progress')
    await expect(panel).toContainText('Waiting to index…', { timeout: 20_000 })
    await expect(page.getByTestId('index-waiting')).toContainText(
      `waiting for PID ${process.pid} (rollscope index), since`
    )
    await expect(page.getByText('waiting for another process indexing this database')).toBeVisible()
    await shotMatrix(page, 'lid-03-waiting-to-index')
  } finally {
    db.prepare(`DELETE FROM writer_lock WHERE token = 'e2e'`).run()
    db.close()
  }
  // the other process is done: the job runs
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
  await expect(page.getByTestId('last-index')).toContainText('Indexed')
})
