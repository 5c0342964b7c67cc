/** A Claude Code session in the open app: its sub-agent's turns set in and badged, its summaries marked (issue 14). */
import { resolve } from 'node:path'
import { addPathViaUi, DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { REPO_ROOT } from './server-fixture'
import { expect, test } from './server-fixture'

const PROJECT = resolve(REPO_ROOT, 'tests/fixtures/claude-code/built/-home-dev-calc')

test("a Claude Code session shows its Task sub-agent as a marked part, not as the main agent's words", async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, PROJECT)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 30_000 })
  await selectRun(page, 'calc')
  await expect(page.getByTestId('episode-count')).toContainText('2 episodes')
  await page.getByTestId('episode-row').filter({ hasText: 'Fix the divide-by-zero bug' }).click()

  const turns = page.getByTestId('turn-row')
  await expect(turns.first()).toContainText('Summary: Fix divide by zero in calc.py')
  await expect(turns.first().getByTestId('turn-context-summary')).toBeVisible()
  // the transcript is virtualized: walk it with the keys. The sub-agent's four turns (6–9) follow the Task call (5)
  // and come before its result (10), each marked
  const active = page.locator('[data-testid="turn-row"][aria-current="true"]')
  const step = async (key: 'j' | 'k', times: number, turn: number, agent: string | null): Promise<void> => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key)
    await expect(active).toHaveAttribute('data-turn', String(turn))
    if (agent === null) await expect(active.getByTestId('turn-agent')).toHaveCount(0)
    else await expect(active.getByTestId('turn-agent')).toHaveText(agent)
  }
  await step('j', 5, 5, null)
  await step('j', 1, 6, 'sub-agent · Find callers of divide')
  await step('j', 3, 9, 'sub-agent · Find callers of divide')
  await expect(active).toContainText('divide() is called from cli.py:14 and api.py:30.')
  await step('j', 1, 10, null)
  await step('k', 5, 5, null)
  await page.setViewportSize({ width: 1440, height: 900 })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await shot(page, `90-claude-code-sub-agent-1440-${scheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
})
