/**
 * The aligned side-by-side view of one task in two runs (features/compare/SideBySide.tsx) over the demo workspace
 * (repo-repair base vs GRPO-trained): a flipped task opens from the flip table with its first divergence marked,
 * selected and in view; j / k move along the rows, d opens the diff of a pair of steps in Monaco, the final answers
 * have their own diff, Esc closes the diff then the view; n / p step through the flipped tasks; the rollout
 * choosers re-align; trace text with markup stays text; ? lists the view's keys. Screenshots of the view, the diff and the
 * shortcut sheet in both themes.
 */
import { expect, type Page } from '@playwright/test'
import { DEMO_RUNS, openApp, shot } from './e2e-helpers'
import { shotMatrix } from './shot-matrix'
import { test } from './server-fixture'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const TRAINED_RUN = 'repo-repair · qwen3-8b-grpo-step400 (trained)'

const runRow = (page: Page, name: string) =>
  page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })
const selectedRow = (page: Page) => page.locator('[data-testid="sbs-row"][aria-current="true"]')

async function bothThemes(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
  await shot(page, `${name}-light`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
}

/** The ids of the demo's base and trained runs, read from the runs table. */
async function demoRunIds(page: Page): Promise<[string, string]> {
  const a = await runRow(page, BASE_RUN).getAttribute('data-run-id')
  const b = await runRow(page, TRAINED_RUN).getAttribute('data-run-id')
  expect(a && b).toBeTruthy()
  return [a!, b!]
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test('a fixed task from the flip table: first divergence in view, j / k, diff of a step and of the answers, n / p, Esc', async ({
  page,
  server
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await openApp(page, server.url, DEMO_RUNS)
  await runRow(page, BASE_RUN).getByTestId('run-pick').check()
  await runRow(page, TRAINED_RUN).getByTestId('run-pick').check()
  await page.getByTestId('compare-open').click()
  await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 20_000 })

  const fixed = await test.step('the fixed cell lists its tasks; the first opens side by side', async () => {
    await page.getByTestId('flip-fixed').click()
    const links = page.getByTestId('flip-task-list').getByTestId('compare-task-link')
    const tasks = (await links.allTextContents()).map((t) => t.trim())
    expect(tasks.length).toBeGreaterThan(1)
    await links.first().click()
    await expect(page.getByTestId('side-by-side')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('sbs-task')).toHaveText(tasks[0])
    return tasks
  })

  await test.step('both headers; A failed and B passed on average, the rows coloured by kind', async () => {
    await expect(page.getByTestId('sbs-head-a')).toContainText(BASE_RUN)
    await expect(page.getByTestId('sbs-head-b')).toContainText(TRAINED_RUN)
    await expect(page.getByTestId('sbs-reward-a')).toHaveText(/\d/)
    await expect(page.getByTestId('sbs-rollout-a')).toHaveValue(/.+/) // four rollouts: a chooser on each side
    await expect(page.getByTestId('sbs-rollout-b').locator('option')).toHaveCount(4)
    // the counts in the summary are the rows' kinds
    const kinds = await page
      .getByTestId('sbs-row')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.kind))
    expect(kinds.every((k) => ['same', 'changed', 'inserted', 'missing'].includes(k ?? ''))).toBe(true)
  })

  await test.step('the first divergence is marked, selected and in view', async () => {
    const marked = page.getByTestId('first-divergence')
    await expect(marked).toBeVisible()
    await expect(marked).toBeInViewport()
    const row = page.locator('[data-testid="sbs-row"]', { has: marked })
    await expect(row).toHaveAttribute('aria-current', 'true')
    expect(await row.getAttribute('data-kind')).not.toBe('same')
    await expect(page.getByTestId('sbs-goto-divergence')).toHaveText(
      `first divergence: row ${Number(await row.getAttribute('data-row')) + 1}`
    )
    await bothThemes(page, 'sbs-01-aligned')
  })

  await test.step('j / k move the selection one row', async () => {
    const at = Number(await selectedRow(page).getAttribute('data-row'))
    await page.keyboard.press('j')
    await expect(selectedRow(page)).toHaveAttribute('data-row', String(at + 1))
    await expect(selectedRow(page)).toBeInViewport()
    await page.keyboard.press('k')
    await expect(selectedRow(page)).toHaveAttribute('data-row', String(at))
  })

  await test.step('? shows the side-by-side keys, from the keymap; Esc closes the sheet, not the view', async () => {
    await page.keyboard.press('?')
    const sheet = page.getByTestId('shortcut-sheet')
    await expect(sheet.locator('th')).toHaveText(['This sheet', 'Side by side', 'Everywhere'])
    await expect(sheet.getByTestId('shortcut-group-side-by-side')).toContainText('diff the selected pair of steps')
    await expect(sheet.getByTestId('shortcut-group-global')).toContainText('Ctrl+K')
    await shotMatrix(page, 'sbs-05-shortcut-sheet')
    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
    await expect(page.getByTestId('side-by-side')).toBeVisible()
  })

  await test.step('d opens the diff of the selected pair in Monaco; Esc closes only the diff', async () => {
    await page.keyboard.press('d')
    const diff = page.getByTestId('sbs-diff')
    await expect(diff.locator('.monaco-diff-editor')).toBeVisible({ timeout: 20_000 })
    await expect(diff).toContainText(/Changed|Only in A|Only in B/)
    // both sides hold text: the step's call is in the left (A) or right (B) editor
    await expect(diff.locator('.editor.original .view-lines, .editor.modified .view-lines').first()).toContainText('──')
    await page.waitForTimeout(300) // the diff decorations are computed in a worker
    await bothThemes(page, 'sbs-02-step-diff')
    // from inside the diff editor too (the cursor in Monaco's text)
    await diff.locator('.editor.modified .view-lines').click()
    await page.keyboard.press('Escape')
    await expect(diff).toHaveCount(0)
    await expect(page.getByTestId('side-by-side')).toBeVisible()
  })

  await test.step('Diff final answers', async () => {
    await page.getByTestId('sbs-diff-answers').click()
    const diff = page.getByTestId('sbs-diff')
    await expect(diff.locator('.monaco-diff-editor')).toBeVisible({ timeout: 20_000 })
    await expect(diff).toContainText('Final answers')
    // what the two models last wrote, not the task's expected answer (that one is named in the title only)
    await expect(diff).toContainText('Final answers (expected: ')
    await expect(diff.locator('.editor.modified .view-lines')).toContainText('Fixed ')
    await shot(page, 'sbs-03-answers-diff-light')
    await page.getByTestId('sbs-diff-close').click()
    await expect(diff).toHaveCount(0)
  })

  await test.step('n / ] and p / [ step through the fixed tasks', async () => {
    await page.keyboard.press('n')
    await expect(page.getByTestId('sbs-task')).toHaveText(fixed[1])
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain(`/task/${fixed[1]}`)
    await expect(page.getByTestId('sbs-task-position')).toHaveText(`task 2 / ${fixed.length}`)
    await expect(page.getByTestId('sbs-row').first()).toBeVisible({ timeout: 20_000 })
    await page.keyboard.press('[')
    await expect(page.getByTestId('sbs-task')).toHaveText(fixed[0])
    await page.keyboard.press(']')
    await expect(page.getByTestId('sbs-task')).toHaveText(fixed[1])
    await page.keyboard.press('p')
    await expect(page.getByTestId('sbs-task')).toHaveText(fixed[0])
  })

  await test.step('Esc leaves the view for the comparison', async () => {
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('side-by-side')).toHaveCount(0)
    await expect(page.getByTestId('compare-summary')).toBeVisible()
    expect(pageErrors).toEqual([])
  })
})

test('rollout choosers re-align: rr-006 rollout 2 in both runs shares four steps, then diverges', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  const [a, b] = await demoRunIds(page)
  await page.evaluate(
    ([x, y]) => (location.hash = `#/compare/${x}/${y}/task/rr-006-invoice-calc`),
    [encodeURIComponent(a), encodeURIComponent(b)]
  )
  await expect(page.getByTestId('side-by-side')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('sbs-row').first()).toBeVisible({ timeout: 20_000 })
  for (const side of ['a', 'b']) {
    const chooser = page.getByTestId(`sbs-rollout-${side}`)
    await chooser.selectOption({ index: 2 })
    await expect(chooser.locator('option:checked')).toHaveText(/^rollout 2 /)
  }
  // the demo generator gave these two rollouts the same first four actions (checked against the JSONL)
  const rows = page.getByTestId('sbs-row')
  for (let i = 0; i < 4; i++) await expect(rows.nth(i)).toHaveAttribute('data-kind', 'same')
  const first = page.locator('[data-testid="sbs-row"]', { has: page.getByTestId('first-divergence') })
  await expect(first).toHaveAttribute('data-row', '4')
  await expect(first).toHaveAttribute('aria-current', 'true')
  await expect(first).toBeInViewport()
  await expect(page.getByTestId('sbs-count-same')).toContainText('4 same')
  await bothThemes(page, 'sbs-04-rollout-2')
})

test('trace text with markup stays text in the side-by-side view', async ({ page, server }) => {
  let dialogs = 0
  page.on('dialog', (d) => {
    dialogs++
    void d.dismiss()
  })
  await openApp(page, server.url, DEMO_RUNS)
  const [a, b] = await demoRunIds(page)
  // rollout 0 of rr-009 in the trained run prints <script>alert(1)</script> from its tests
  await page.evaluate(
    ([x, y]) => (location.hash = `#/compare/${x}/${y}/task/rr-009-mini-template`),
    [encodeURIComponent(a), encodeURIComponent(b)]
  )
  await expect(page.getByTestId('sbs-row').first()).toBeVisible({ timeout: 20_000 })
  const view = page.getByTestId('side-by-side')
  const hit = view.getByText('<script>alert(1)</script>').first()
  for (let i = 0; i < 40 && !(await hit.isVisible()); i++) await page.keyboard.press('j')
  await expect(hit).toBeVisible()
  expect(await view.locator('script, img, iframe').count()).toBe(0)
  expect(dialogs).toBe(0)
})
