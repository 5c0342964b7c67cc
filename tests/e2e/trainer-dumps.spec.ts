/**
 * Issue 14 §4 in the open app: an rLLM evaluation with a solver and a judge shows each agent's turns marked with
 * its agent; a NeMo-RL experiment reads as a training run with a curve; an ms-swift row opens from its line.
 */
import { resolve } from 'node:path'
import { expect } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'
import { REPO_ROOT, test } from './server-fixture'

const OWN = resolve(REPO_ROOT, 'tests/fixtures')

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
})

test('rLLM agents, a NeMo-RL training curve and an ms-swift row, opened in the app', async ({ page, server }) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)

  await test.step('an rLLM episode of two agents: each turn says whose it is', async () => {
    await addPathViaUi(page, resolve(OWN, 'rllm'))
    await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
    await selectRun(page, 'gsm8k_Qwen_Qwen3-4B_20260310_142233')
    await page.getByTestId('episode-row').filter({ hasText: 'gsm8k-1' }).first().click()
    const agents = page.getByTestId('turn-agent')
    await expect(agents).toHaveCount(5)
    await expect(agents.nth(0)).toHaveText('solver')
    await expect(agents.nth(4)).toHaveText('judge')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await shot(page, `trainers-01-rllm-agents-1440-${scheme}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.getByTestId('episode-back').click()
  })

  await test.step('a NeMo-RL experiment is a train run and a validation run; the train run has a curve by step', async () => {
    await addPathViaUi(page, resolve(OWN, 'nemo-rl/grpo-math-qwen2.5-1.5b'))
    await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 3, { timeout: 20_000 })
    await selectRun(page, 'grpo-math-qwen2.5-1.5b/exp_001 · train (NeMo-RL)')
    await page.getByTestId('run-bar').getByTestId('open-curve').click()
    await expect(page.getByTestId('curve-view')).toBeVisible()
    await expect(page.getByTestId('curve-row')).toHaveCount(2)
    await expect(page.getByTestId('chart-curve-reward')).toHaveAttribute('data-drawn', 'true')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await shot(page, `trainers-02-nemo-rl-curve-1440-${scheme}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })

  await test.step('an ms-swift completions log: a row opens with its own prompt and completion', async () => {
    await page.getByTestId('screen-back').click()
    await addPathViaUi(page, resolve(OWN, 'ms-swift/v0-20260301-101500'))
    await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 4, { timeout: 20_000 })
    await selectRun(page, 'v0-20260301-101500 (ms-swift GRPO)')
    await expect(page.getByTestId('episode-count')).toContainText('8 episodes')
    await page.getByTestId('episode-row').nth(2).click()
    // the row's own completion, its <think> block folded as reasoning
    await expect(page.getByTestId('turn-row').last()).toContainText(
      /Reasoning \(1 line\).*The answer is \\boxed\{\d+\}/
    )
    await shot(page, 'trainers-03-ms-swift-row-1440-light')
  })

  expect(pageErrors).toEqual([])
})
