/**
 * The episodes table's view choices in the open app: the column chooser (a metric column hidden, token and info
 * columns shown, sorting by an info field), grouping by task (one row per task, a group unfolded by click and by
 * keyboard), row badges (error and truncated in the demo run, format failures in a small run written here), and
 * all of it kept across a reload, with Reset back to the defaults; n / p still step through the ungrouped table.
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { test } from './server-fixture'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

/** Header labels of the episodes table, in order. */
const headers = (page: Page): Promise<string[]> =>
  page
    .getByTestId('episodes-header')
    .locator('[role="columnheader"]:not([data-pick])')
    .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/[▲▼]/g, '').trim()))

/** The id of the episode open in the URL hash (`#/run/<run>/episode/<id>…`), or null. */
const openEpisodeId = (page: Page): string | null => {
  const m = /\/episode\/([^/]+)/.exec(new URL(page.url()).hash)
  return m ? decodeURIComponent(m[1]) : null
}

/** A small chat-JSONL run whose producer records format checks: 3 tasks × 2 rollouts. */
function writeFormatRun(dir: string): string {
  const folder = join(dir, 'format-run')
  mkdirSync(folder, { recursive: true })
  const rows = [
    { task_id: 'fmt-a', rollout: 0, reward: 1, metrics: { format_reward: 1 } },
    { task_id: 'fmt-a', rollout: 1, reward: 0, metrics: { format_reward: 0 } },
    {
      task_id: 'fmt-b',
      rollout: 0,
      reward: 0,
      metrics: { format_reward: 1 },
      info: { parse_error: 'no <answer> tag' }
    },
    { task_id: 'fmt-b', rollout: 1, reward: 1, metrics: { format_reward: 1 } },
    { task_id: 'fmt-c', rollout: 0, reward: 0.5, metrics: { format_reward: 0.5 } },
    { task_id: 'fmt-c', rollout: 1, reward: 1, metrics: { format_reward: 1 } }
  ].map((r) =>
    JSON.stringify({
      ...r,
      messages: [
        { role: 'user', content: `Answer ${r.task_id}` },
        { role: 'assistant', content: '42' }
      ]
    })
  )
  writeFileSync(join(folder, 'answers.jsonl'), rows.join('\n') + '\n')
  return folder
}

/** A chat-JSONL run of `tasks` × 4 rollouts (100k episodes at 25,000 tasks), streamed to disk. */
async function writeBigRun(dir: string, tasks: number): Promise<string> {
  const folder = join(dir, 'big-run')
  mkdirSync(folder, { recursive: true })
  const out = createWriteStream(join(folder, 'rollouts.jsonl'))
  for (let t = 0; t < tasks; t++) {
    let chunk = ''
    for (let k = 0; k < 4; k++) {
      const reward = ((t * 7 + k * 3) % 10) / 9
      chunk +=
        JSON.stringify({
          task_id: `task-${String(t).padStart(5, '0')}`,
          rollout: k,
          reward,
          difficulty: ['easy', 'medium', 'hard'][t % 3],
          messages: [
            { role: 'user', content: `Problem ${t}` },
            { role: 'assistant', content: String(k) }
          ]
        }) + '\n'
    }
    if (!out.write(chunk)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return folder
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test('columns chosen, grouped by task, badges, kept across a reload', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')

  await test.step('default columns; the flags column marks errors and truncations', async () => {
    expect(await headers(page)).toEqual([
      '#',
      'Task',
      'Roll',
      'Reward',
      'Pass',
      'Flags',
      'Labels',
      'Steps',
      'Messages',
      'Preview',
      'Answer',
      'partial_progress_max',
      'reward',
      'tests_passed',
      'tests_total',
      'tool_calls',
      'info.archetype',
      'info.difficulty',
      'info.env',
      'info.repo',
      'info.tests_total'
    ])
    await page.getByTestId('episode-filter').fill('status != "ok"')
    await page.getByTestId('episode-filter').press('Enter')
    await expect(page.getByTestId('episode-count')).not.toHaveText('64 episodes')
    const rows = page.getByTestId('episode-row')
    await expect(rows.first()).toBeVisible()
    const n = await rows.count()
    // every listed episode ended badly, and says how
    for (let i = 0; i < n; i++) {
      await expect(rows.nth(i).getByTestId('episode-flags').locator('[data-testid^="flag-"]')).not.toHaveCount(0)
    }
    const error = page.getByTestId('flag-error').first()
    await expect(error).toHaveText('error')
    expect(await error.getAttribute('title')).toBeTruthy()
    await expect(page.getByTestId('flag-truncated').first()).toHaveText('truncated')
    await shot(page, 'ept-01-flags')
    await page.getByTestId('episode-filter').fill('')
    await page.getByTestId('episode-filter').press('Enter')
    await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')
  })

  await test.step('the chooser hides a metric column and shows the input tokens', async () => {
    await page.getByTestId('columns-button').click()
    const panel = page.getByTestId('columns-panel')
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('group', { name: 'Metrics' })).toContainText('tool_calls')
    await expect(panel.getByRole('group', { name: 'Info fields' })).toContainText('info.difficulty')
    await expect(page.getByTestId('columns-reset')).toBeDisabled()
    await page.getByTestId('column-toggle-metric:tests_total').uncheck()
    await page.getByTestId('column-toggle-info:repo').uncheck()
    await page.getByTestId('column-toggle-tokensIn').check()
    await expect(page.getByTestId('columns-reset')).toBeEnabled()
    await shot(page, 'ept-02-column-chooser')
    await page.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    const cols = await headers(page)
    expect(cols).toContain('Tok in')
    expect(cols).not.toContain('tests_total')
    expect(cols).not.toContain('info.repo')
    expect(cols).toContain('info.tests_total')
  })

  await test.step('sorting by an info field', async () => {
    await page.getByTestId('sort-info:difficulty').click()
    await expect(page.getByTestId('sort-info:difficulty')).toHaveAttribute('aria-sort', 'ascending')
    const difficultyCol = (await headers(page)).indexOf('info.difficulty')
    const first = page
      .locator('[data-testid="episode-row"][data-index="0"]')
      .locator('[role="gridcell"]:not([data-pick])')
      .nth(difficultyCol)
    await expect(first).toHaveText('easy')
    await page.getByTestId('sort-info:difficulty').click()
    await expect(first).toHaveText('medium')
    await page.getByTestId('sort-ordinal').click()
  })

  await test.step('grouped by task: one row per task, a click unfolds its 4 rollouts', async () => {
    await page.getByTestId('group-by-task').check()
    await expect(page.getByTestId('episode-count')).toHaveText('16 tasks')
    await expect(page.getByTestId('group-row')).toHaveCount(16)
    // Export… writes the groups' rollouts, and says how many
    await expect(page.getByTestId('export-select').locator('option').first()).toHaveText('Export 64 episodes…')
    await expect(page.getByTestId('episode-row')).toHaveCount(0)
    const first = page.getByTestId('group-row').first()
    await expect(first).toContainText('4 rollouts')
    await expect(first.getByTestId('group-pass')).toHaveText(/pass \d\/4/)
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByTestId('episode-row')).toHaveCount(4)
    const taskKey = await first.getAttribute('data-task-key')
    for (const row of await page.getByTestId('episode-row').all())
      await expect(row.locator('[role="gridcell"]:not([data-pick])').nth(1)).toHaveText(taskKey!)
    await expect(page.locator('[data-testid="group-row"][data-index="5"]')).toBeVisible() // the next task follows its rollouts
    await shot(page, 'ept-03-grouped-unfolded')
  })

  await test.step('keyboard: j / k move over tasks and rollouts, Enter folds, → unfolds, Enter on a rollout opens it', async () => {
    const table = page.getByTestId('episodes-table')
    await table.focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Enter') // fold the first task again
    await expect(page.getByTestId('episode-row')).toHaveCount(0)
    await page.keyboard.press('j')
    await expect(page.locator('[data-testid="group-row"][data-index="1"]')).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('episode-row')).toHaveCount(4)
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    const rollout = page.locator('[data-testid="episode-row"][data-index="3"]')
    await expect(rollout).toHaveAttribute('aria-selected', 'true')
    const id = await rollout.getAttribute('data-episode-id')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('episode-view')).toBeVisible()
    expect(openEpisodeId(page)).toBe(id)
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('episodes-table')).toBeVisible()
    // back in the table, the task is still unfolded and the rollout still highlighted
    await expect(page.locator('[data-testid="episode-row"][data-index="3"]')).toHaveAttribute('aria-selected', 'true')
  })

  await test.step('a reload keeps the columns and the grouping', async () => {
    await page.reload()
    await expect(page.getByTestId('episode-count')).toHaveText('16 tasks')
    await expect(page.getByTestId('group-row')).toHaveCount(16)
    // Export… writes the groups' rollouts, and says how many
    await expect(page.getByTestId('export-select').locator('option').first()).toHaveText('Export 64 episodes…')
    const cols = await headers(page)
    expect(cols).toContain('Tok in')
    expect(cols).not.toContain('tests_total')
    expect(cols).not.toContain('info.repo')
    await expect(page.getByTestId('group-by-task')).toBeChecked()
    await shot(page, 'ept-04-after-reload')
  })

  await test.step('format failures are badged, from a metric at 0 and from a parse_error field', async () => {
    await addPathViaUi(page, writeFormatRun(server.tmpDir))
    await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1)
    await selectRun(page, 'format-run/answers')
    // the demo and this run are both chat JSONL: the grouping chosen above applies here too
    await expect(page.getByTestId('episode-count')).toHaveText('3 tasks')
    for (const g of await page.getByTestId('group-row').all()) await g.click()
    await expect(page.getByTestId('episode-row')).toHaveCount(6)
    const formats = page.getByTestId('flag-format')
    await expect(formats).toHaveCount(2)
    expect(await formats.nth(0).getAttribute('title')).toBe('Format failure: format_reward = 0')
    expect(await formats.nth(1).getAttribute('title')).toBe('Format failure: info.parse_error = "no <answer> tag"')
    // a partial format score (0.5) is not a failure
    await expect(
      page.locator('[data-testid="episode-row"]').filter({ hasText: 'fmt-c' }).getByTestId('flag-format')
    ).toHaveCount(0)
    await shot(page, 'ept-05-format-badges')
    // the open episode says so in its header; n / p step through the rollouts shown, over the tasks' own rows
    await page.getByTestId('episode-row').filter({ hasText: 'fmt-a' }).nth(1).click()
    await expect(page.getByTestId('episode-flag-format')).toHaveAttribute('title', 'Format failure: format_reward = 0')
    await expect(page.getByTestId('episode-crumbs')).toContainText('row 3 / 9')
    await page.keyboard.press('n')
    await expect(page.getByTestId('episode-task')).toHaveText('fmt-b')
    await expect(page.getByTestId('episode-crumbs')).toContainText('row 5 / 9')
    await page.keyboard.press('p')
    await expect(page.getByTestId('episode-crumbs')).toContainText('row 3 / 9')
    await page.getByTestId('episode-back').click()
  })

  await test.step('ungrouped again, n / p step through the table; Reset brings the default columns back', async () => {
    await selectRun(page, BASE_RUN)
    await page.getByTestId('group-by-task').uncheck()
    await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')
    await expect(page.locator('[data-testid="episode-row"][data-index="3"]')).toBeVisible()
    const ids = await page
      .getByTestId('episode-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-episode-id')))
    await page.locator('[data-testid="episode-row"][data-index="2"]').click()
    await expect(page.getByTestId('episode-view')).toBeVisible()
    expect(openEpisodeId(page)).toBe(ids[2])
    await page.keyboard.press('n')
    await expect.poll(() => openEpisodeId(page)).toBe(ids[3])
    await page.keyboard.press('p')
    await page.keyboard.press('p')
    await expect.poll(() => openEpisodeId(page)).toBe(ids[1])
    await page.keyboard.press('Escape')
    await page.getByTestId('columns-button').click()
    await page.getByTestId('columns-reset').click()
    await page.keyboard.press('Escape')
    expect(await headers(page)).not.toContain('Tok in')
    expect(await headers(page)).toContain('info.repo')
    await page.reload()
    await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')
    expect(await headers(page)).toContain('tests_total')
    await shot(page, 'ept-06-reset')
  })
})

test('grouped by task over 100,000 episodes: the last task is reached and unfolded, the first pages only are fetched', async ({
  page,
  server
}) => {
  test.setTimeout(120_000)
  const folder = await writeBigRun(server.tmpDir, 25_000)
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, folder)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 60_000 })
  await selectRun(page, 'big-run/rollouts')
  await expect(page.getByTestId('episode-count')).toHaveText('100,000 episodes', { timeout: 20_000 })
  const groupPages: number[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/listTaskGroups'))
      groupPages.push((JSON.parse(r.postData() ?? '[{}]')[0] as { offset: number }).offset)
  })
  await page.getByTestId('group-by-task').check()
  await expect(page.getByTestId('episode-count')).toHaveText('25,000 tasks')
  const table = page.getByTestId('episodes-table')
  await table.focus()
  await page.keyboard.press('End')
  const last = page.locator('[data-testid="group-row"][data-index="24999"]')
  await expect(last).toHaveAttribute('data-task-key', 'task-24999')
  await expect(last).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('episode-row')).toHaveCount(4)
  await expect(last.getByTestId('group-mean')).toHaveText(/mean \d\.\d{3}/)
  // one page at the top, one at the end: never the 125 pages between
  expect(groupPages.length).toBeLessThanOrEqual(4)
  expect(groupPages).toContain(0)
  expect(groupPages).toContain(24_800)
  // the rollouts of the last task are the last rows
  await page.keyboard.press('End')
  await expect(page.locator('[data-testid="episode-row"][data-index="25003"]')).toHaveAttribute('aria-selected', 'true')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'ept-07-100k-grouped-end-dark')
})
