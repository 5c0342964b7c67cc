/**
 * First contact (issue 15, item 8): the demo says what to try and is not offered again while it is open; the theme
 * toggle (System / Light / Dark, remembered, Monaco included); the search screen's empty states with the index status;
 * and with 49 runs the search's run chips become a picker. Screenshots at 1440×900 and 1024×768, light and dark.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, MONACO_LOAD, openApp, selectRun, shot } from './e2e-helpers'
import { expect, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

const bodyBackground = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor)

test('the demo says what to try and is not offered while open', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  const intro = page.getByTestId('demo-intro')
  await expect(intro).toContainText('This is the demo')
  await expect(intro).toContainText('Compare')
  await expect(intro).toContainText('searches every turn')
  await expect(page.getByTestId('demo-button')).toHaveCount(0)
  await expect(page.getByTestId('empty-demo-button')).toHaveCount(0)
  await shotMatrix(page, 'first-contact-demo-intro')

  // the demo closed (its root removed): offered again, in the sidebar and on the empty runs pane
  await page.getByTestId('root-row').filter({ hasText: 'demo' }).getByRole('button').click()
  await expect(page.getByTestId('run-row')).toHaveCount(0)
  await expect(page.getByTestId('demo-button')).toBeVisible()
  await expect(page.getByTestId('empty-demo-button')).toBeVisible()
  await expect(intro).toHaveCount(0)
  await shot(page, 'first-contact-demo-closed')
})

test('the theme toggle: System follows the OS, Light and Dark hold and are remembered, Monaco follows', async ({
  page,
  server
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page, server.url, DEMO_RUNS)
  const html = page.locator('html')
  await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true')
  await expect(html).toHaveAttribute('data-theme', 'light')
  const light = await bodyBackground(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(html).toHaveAttribute('data-theme', 'dark')
  const dark = await bodyBackground(page)
  expect(dark).not.toBe(light)

  await test.step('Dark holds while the OS is light, and survives a reload', async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.getByTestId('theme-dark').click()
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')
    await expect(html).toHaveAttribute('data-theme', 'dark')
    expect(await bodyBackground(page)).toBe(dark)
    await page.reload()
    await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS)
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')
    await shot(page, 'first-contact-theme-dark-on-light-os')
  })

  await test.step('Monaco takes the chosen theme, and changes with it', async () => {
    await selectRun(page, BASE_RUN)
    await page.locator('[data-testid="episode-row"][data-index="0"]').click()
    await page.getByTestId('raw-tab').click()
    const editor = page.getByTestId('raw-editor').locator('.monaco-editor')
    await expect(editor).toHaveClass(/\bvs-dark\b/, { timeout: MONACO_LOAD })
    await page.getByTestId('theme-light').click()
    await expect(editor).not.toHaveClass(/\bvs-dark\b/)
    await expect(html).toHaveAttribute('data-theme', 'light')
    await page.emulateMedia({ colorScheme: 'dark' })
    // Light holds while the OS is dark
    await expect(html).toHaveAttribute('data-theme', 'light')
    await shot(page, 'first-contact-theme-light-monaco-on-dark-os')
  })

  await test.step('back to System: the OS decides again', async () => {
    await page.getByTestId('theme-system').click()
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(html).toHaveAttribute('data-theme', 'light')
    await page.getByTestId('tab-transcript').click()
    await shotMatrix(page, 'first-contact-theme-toggle')
  })
})

test('search before a query and after one without hits: a hint, examples and the index status', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await page.keyboard.press('Control+k')
  await expect(page.getByTestId('search-view')).toBeVisible()
  const empty = page.getByTestId('search-empty')
  await expect(empty).toContainText('Search every turn of every run')
  await expect(page.getByTestId('search-example')).toHaveText([
    'error',
    '"permission denied"',
    'timeout*',
    'pytest -passed'
  ])
  await expect(page.getByTestId('search-index-status')).toHaveText(
    /^Index ready: every turn of 5 runs \([\d,]+ episodes\) is searchable\.$/
  )
  await shotMatrix(page, 'first-contact-search-empty')

  // an example runs at once
  await page.getByTestId('search-example').first().click()
  await expect(page.getByTestId('search-input')).toHaveValue('error')
  await expect(page.getByTestId('search-hit').first()).toBeVisible()
  await expect(empty).toHaveCount(0)

  await page.getByTestId('search-input').fill('zzqxvnothing')
  await expect(empty).toContainText('No turn matches zzqxvnothing: try fewer words')
  await expect(page.getByTestId('search-index-status')).toContainText('Index ready')
  await shotMatrix(page, 'first-contact-search-no-hits')
})

test('with 49 runs the search filter is a picker: filter by name, tick, the button says what is picked', async ({
  page,
  server
}) => {
  const dir = join(server.tmpDir, 'sweep')
  await mkdir(dir)
  for (let i = 1; i <= 44; i++) {
    const n = String(i).padStart(2, '0')
    const record = {
      task_id: `sweep-task-${n}`,
      rollout: 0,
      reward: i % 2,
      messages: [
        { role: 'user', content: `Fix the flaky test number ${n}.` },
        { role: 'assistant', content: `The needle of sweep ${n} is found.` }
      ]
    }
    await writeFile(join(dir, `sweep-lr${n}.jsonl`), `${JSON.stringify(record)}\n`)
  }
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, dir)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 44, { timeout: 30_000 })

  await page.keyboard.press('Control+k')
  await page.getByTestId('search-input').fill('needle')
  await expect(page.getByTestId('search-summary')).toContainText('44 hits')
  await expect(page.getByTestId('search-run-chip')).toHaveCount(0)
  const picker = page.getByTestId('search-run-picker')
  await expect(picker).toHaveText('all 49 runs ▾')
  await shotMatrix(page, 'first-contact-run-picker-closed')

  await picker.click()
  const filter = page.getByTestId('search-run-filter')
  await expect(filter).toBeFocused()
  await expect(page.getByTestId('search-run-option')).toHaveCount(49)
  await filter.fill('lr07')
  await expect(page.getByTestId('search-run-option')).toHaveCount(1)
  await page.getByTestId('search-run-option').check()
  await expect(page.getByTestId('search-summary')).toContainText('1 hit')
  await filter.fill('lr1')
  await expect(page.getByTestId('search-run-option')).toHaveCount(10)
  await page.getByTestId('search-run-option').first().check()
  await expect(page.getByTestId('search-summary')).toContainText('2 hits')
  await expect(picker).toHaveText('2 of 49 runs ▾')
  await shotMatrix(page, 'first-contact-run-picker-open', async () => {
    if ((await page.getByTestId('search-run-panel').count()) === 0) await picker.click()
  })

  // Esc closes the list; the picked runs stay as chips that drop on click
  await filter.press('Escape')
  await expect(page.getByTestId('search-run-panel')).toHaveCount(0)
  await expect(page.getByTestId('search-view')).toBeVisible()
  await expect(page.getByTestId('search-run-picked')).toHaveCount(2)
  await page.getByTestId('search-run-picked').first().click()
  await expect(picker).toHaveText(/^sweep.*lr10.* ▾$/)
  await expect(page.getByTestId('search-summary')).toContainText('1 hit')
  await picker.click()
  await page.getByTestId('search-run-all').click()
  await expect(picker).toHaveText('all 49 runs ▾')
  await expect(page.getByTestId('search-summary')).toContainText('44 hits')
})
