/**
 * The anomaly detectors in the open app (browser mode), over a small chat-JSONL run written here whose episodes each
 * trip one rule on purpose: a short success, a long episode, an A-B-A-B tool-call loop and a tool timeout (the
 * SWE-agent timeout message as a tool result), among ordinary episodes (one of them edit / test / edit / test with
 * different edits, which is no loop). The Flags column badges exactly those, with the rule as the tooltip, and
 * `anomaly == "<code>"` lists exactly the episode of that code.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { test } from './server-fixture'

type Call = [name: string, args: Record<string, unknown>, result: string]

/** One chat-JSONL row: the prompt, one assistant message per call (each answered by its tool result), a final answer. */
function row(task: string, reward: number, calls: Call[]): string {
  const messages: unknown[] = [{ role: 'user', content: `Fix the bug in ${task}.` }]
  calls.forEach(([name, args, result], i) => {
    const id = `call_${i}`
    messages.push({
      role: 'assistant',
      content: `Step ${i + 1}.`,
      tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }]
    })
    messages.push({ role: 'tool', tool_call_id: id, content: result })
  })
  messages.push({ role: 'assistant', content: reward === 1 ? 'Fixed: the tests pass.' : 'I could not fix it.' })
  return JSON.stringify({ task_id: task, rollout: 0, reward, messages })
}

/** Four different shell commands: an ordinary episode of 10 turns. */
const ordinary = (task: string): Call[] =>
  ['ls', 'cat src/main.py', 'grep -n bug src/main.py', 'python -m pytest -q'].map((cmd) => [
    'bash',
    { cmd: `${cmd} # ${task}` },
    'ok'
  ])

/**
 * 12 episodes (the long-episode rule needs 10, short-success 5 passed): 8 ordinary (6 passed), and one per rule.
 * Turns: ordinary 10, short 2 (< half the passed median 10), long 42 (> 3 × median 10), loop 14, timeout 10.
 */
function writeAnomalyRun(dir: string): string {
  const folder = join(dir, 'anomaly-run')
  mkdirSync(folder, { recursive: true })
  const test: Call = ['bash', { cmd: 'python -m pytest -q' }, '1 failed']
  const edit = (n: number): Call => [
    'str_replace',
    { path: 'src/main.py', old: `x = ${n}`, new: `x = ${n + 1}` },
    'edited'
  ]
  const rows = [
    ...[1, 2, 3, 4, 5].map((i) => row(`ordinary-${i}`, 1, ordinary(`ordinary-${i}`))),
    row('edit-test', 1, [edit(1), test, edit(2), test]), // the same test after different edits: no loop
    row('ordinary-6', 0, ordinary('ordinary-6')),
    row('ordinary-7', 0, ordinary('ordinary-7')),
    row('short-win', 1, []),
    row(
      'long-haul',
      0,
      Array.from({ length: 20 }, (_, i): Call => ['bash', { cmd: `python step_${i}.py` }, `step ${i} done`])
    ),
    row('ping-pong', 0, [
      test,
      ['bash', { cmd: 'cat src/main.py' }, 'x = 1'],
      test,
      ['bash', { cmd: 'cat src/main.py' }, 'x = 1'],
      test,
      ['bash', { cmd: 'cat src/main.py' }, 'x = 1']
    ]),
    row('slow-cmd', 0, [
      ['bash', { cmd: 'ls' }, 'src tests'],
      [
        'bash',
        { cmd: 'sleep 999' },
        "The command 'sleep 999' was cancelled because it took more than 30 seconds. Please try a different command that completes more quickly."
      ],
      ['bash', { cmd: 'cat src/main.py' }, 'x = 1'],
      ['bash', { cmd: 'python -m pytest -q' }, '1 failed']
    ])
  ]
  writeFileSync(join(folder, 'rollouts.jsonl'), rows.join('\n') + '\n')
  return folder
}

/** The task cell of every row in the table, in order. */
const tasks = (page: Page): Promise<string[]> =>
  page
    .getByTestId('episode-row')
    .evaluateAll((rows) =>
      rows.map((r) => (r.querySelectorAll('[role="gridcell"]:not([data-pick])')[1]?.textContent ?? '').trim())
    )

/** Applies a filter expression and waits for the table to list `count` rows. */
async function applyFilter(page: Page, filter: string, count: number): Promise<void> {
  const input = page.getByTestId('episode-filter')
  await input.fill(filter)
  await input.press('Enter')
  await expect(page.getByTestId('filter-error')).toHaveCount(0)
  await expect(page.getByTestId('episode-row')).toHaveCount(count)
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test('anomaly badges in the episodes table, and the anomaly filter lists exactly the flagged episodes', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, writeAnomalyRun(server.tmpDir))
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1)
  await selectRun(page, 'anomaly-run/rollouts')
  await expect(page.getByTestId('episode-row')).toHaveCount(12)

  const rowOf = (task: string) =>
    page.getByTestId('episode-row').filter({ has: page.getByRole('gridcell', { name: task, exact: true }) })

  await test.step('each rule badges its episode, with the rule as the tooltip; ordinary episodes have no badge', async () => {
    const expected: [task: string, kind: string, label: string, title: RegExp][] = [
      ['short-win', 'short-success', 'short success', /fewer than half the median steps/],
      ['long-haul', 'long-episode', 'long', /3× the run's median steps/],
      ['ping-pong', 'loop', 'loop', /same cycle of 2–3 calls/],
      ['slow-cmd', 'timeout', 'timeout', /tool call timed out/]
    ]
    for (const [task, kind, label, title] of expected) {
      const badges = rowOf(task).getByTestId('episode-flags').locator('[data-testid^="flag-"]')
      await expect(badges).toHaveCount(1)
      const badge = rowOf(task).getByTestId(`flag-${kind}`)
      await expect(badge).toHaveText(label)
      expect(await badge.getAttribute('title')).toMatch(title)
    }
    for (const task of ['ordinary-1', 'ordinary-6', 'edit-test'])
      await expect(rowOf(task).getByTestId('episode-flags').locator('[data-testid^="flag-"]')).toHaveCount(0)
    await shot(page, 'anomalies-01-badges')
  })

  await test.step('anomaly == "<code>" lists exactly the episode of that code', async () => {
    for (const [code, task] of [
      ['timeout', 'slow-cmd'],
      ['loop', 'ping-pong'],
      ['short-success', 'short-win'],
      ['long-episode', 'long-haul']
    ]) {
      await applyFilter(page, `anomaly == "${code}"`, 1)
      expect(await tasks(page)).toEqual([task])
    }
    await applyFilter(page, 'anomaly != null', 4)
    expect((await tasks(page)).sort()).toEqual(['long-haul', 'ping-pong', 'short-win', 'slow-cmd'])
    await applyFilter(page, 'anomaly == "tool-error"', 0)
    // the Anomaly menu writes the same filters
    await page.getByTestId('anomaly-filter').selectOption('*')
    await expect(page.getByTestId('episode-filter')).toHaveValue('anomaly != null')
    await expect(page.getByTestId('episode-row')).toHaveCount(4)
    await page.getByTestId('anomaly-filter').selectOption({ label: 'loop' })
    await expect(page.getByTestId('episode-row')).toHaveCount(1)
    expect(await tasks(page)).toEqual(['ping-pong'])
    await applyFilter(page, 'anomaly == "timeout"', 1)
    await expect(page.getByTestId('anomaly-filter')).toHaveValue('timeout') // a typed filter shows in the menu
    await shot(page, 'anomalies-02-filter-timeout')
  })

  await test.step('the open episode shows the badge in its header', async () => {
    await page.getByTestId('episode-row').first().click()
    await expect(page.getByTestId('episode-view')).toBeVisible()
    // the badge names the turn the timeout came back in, and takes you there
    await expect(page.getByTestId('episode-flag-timeout')).toHaveText(/^timeout #\d+$/)
    const at = Number((await page.getByTestId('episode-flag-timeout').textContent())!.split('#')[1])
    await page.getByTestId('episode-flag-jump-timeout').click()
    await expect(page.locator('[data-testid="turn-row"][aria-current="true"]')).toHaveAttribute('data-turn', String(at))
    await expect(page.locator('[data-testid="turn-row"][aria-current="true"]')).toContainText(
      'was cancelled because it took more than 30 seconds'
    )
    await shot(page, 'anomalies-03-episode-header')
  })
})
