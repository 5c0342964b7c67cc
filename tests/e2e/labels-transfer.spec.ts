/**
 * Moving triage between workspaces in the app (issue 6, browser mode over the demo): label an episode (a new
 * taxonomy label too), Export labels… downloads rollscope-labels.json; a fresh server (its own empty labels db)
 * refuses a wrong file with a clear message, imports the real one, and the labels show in the open episode and the
 * table without a reload. Also: a refused export shows the server's message in the notice area, not a failed download.
 * The tests run in order in one worker: the second imports the file the first exported.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LabelsExport } from '../../src-main/contract/labels'
import { expect, test } from './server-fixture'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'
const FILE = join(tmpdir(), `rollscope-e2e-labels-${process.pid}.json`)
const WRONG = join(tmpdir(), `rollscope-e2e-not-labels-${process.pid}.json`)

test.describe.configure({ mode: 'serial' })
test.afterAll(() => {
  rmSync(FILE, { force: true })
  rmSync(WRONG, { force: true })
})

test('label an episode, add a taxonomy label, Export labels… downloads the labels file', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  await page.getByTestId('episode-row').nth(1).click()
  const chips = page.getByTestId('episode-label-chips')
  await expect(page.getByTestId('label-picker')).toContainText('loop')

  await page.getByTestId('edit-taxonomy').click()
  const editor = page.getByTestId('taxonomy-editor')
  await editor.getByTestId('taxonomy-add').click()
  const added = editor.getByTestId('taxonomy-row').last()
  await added.getByLabel('Label name').fill('flaky test')
  await added.getByRole('combobox').selectOption('9')
  await editor.getByTestId('taxonomy-save').click()
  await expect(editor).toHaveCount(0)

  await page.keyboard.press('3') // "loop"
  await page.keyboard.press('9') // "flaky test"
  await expect(chips.getByTestId('label-chip')).toHaveCount(2)
  await page.getByTestId('episode-note').fill('same test re-run five times')
  await page.getByTestId('episode-note').blur()

  await page.getByTestId('edit-taxonomy').click()
  const downloading = page.waitForEvent('download')
  await editor.getByTestId('labels-export').click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('rollscope-labels.json')
  await download.saveAs(FILE)
  const data = JSON.parse(readFileSync(FILE, 'utf8')) as LabelsExport
  expect(data.format).toBe('rollscope-labels')
  expect(data.taxonomy.map((d) => d.name)).toContain('flaky test')
  const item = data.items.find((i) => i.turn === null)!
  expect(item.labels.sort()).toEqual(['flaky test', 'loop'])
  expect(item.note).toBe('same test re-run five times')
  await expect(page.getByTestId('notice').last()).toHaveText(/Exported 2 labels and 1 note to rollscope-labels\.json/)
})

test('a fresh workspace: a wrong file is refused clearly, the exported file brings the labels back without a reload', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  const rows = page.getByTestId('episode-row')
  await expect(rows.nth(1).getByTestId('episode-labels')).toHaveText('')
  await rows.nth(1).click()
  const chips = page.getByTestId('episode-label-chips')
  await expect(chips).toContainText('none')
  await page.getByTestId('edit-taxonomy').click()
  const editor = page.getByTestId('taxonomy-editor')
  await expect(editor.getByTestId('taxonomy-row')).toHaveCount(7) // the default taxonomy

  // some other JSON: refused before it reaches the engine, with the reason
  writeFileSync(WRONG, JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }))
  await editor.getByTestId('labels-import-file').setInputFiles(WRONG)
  await expect(editor.getByTestId('labels-import-problem')).toHaveText(/is not a Rollscope labels file/)
  // a labels file with a bad field: the engine's validation says which
  const bad = JSON.parse(readFileSync(FILE, 'utf8')) as LabelsExport
  ;(bad.items[0] as unknown as { rollout: string }).rollout = 'zero'
  writeFileSync(WRONG, JSON.stringify(bad))
  await editor.getByTestId('labels-import-file').setInputFiles(WRONG)
  await expect(page.getByTestId('notice').last()).toHaveText(/Import failed: .*rollout/)
  await expect(chips).toContainText('none')

  await editor.getByTestId('labels-import-file').setInputFiles(FILE)
  const report = editor.getByTestId('labels-import-report')
  await expect(report).toContainText('Imported 2 labels, 1 note, 1 new taxonomy label, 0 saved views')
  await expect(editor.getByTestId('labels-import-problem')).toHaveCount(0)
  await expect(page.getByTestId('notice').last()).toContainText('Imported 2 labels')
  // the taxonomy in the open editor has the imported label
  await expect(editor.getByTestId('taxonomy-row')).toHaveCount(8)
  await shot(page, 'labx-01-import-report')

  // a second import of the same file adds nothing (labels merge, the note is the same)
  await editor.getByTestId('labels-import-file').setInputFiles(FILE)
  await expect(report).toContainText('Imported 0 labels, 0 notes, 0 new taxonomy labels, 0 saved views')

  await editor.getByRole('button', { name: 'Cancel' }).click()
  await expect(editor).toHaveCount(0)
  await expect(chips.getByTestId('label-chip')).toHaveCount(2)
  await expect(chips).toContainText('loop')
  await expect(chips).toContainText('flaky test')
  await expect(page.getByTestId('episode-note')).toHaveValue('same test re-run five times')
  await page.keyboard.press('Escape')
  await expect(rows.nth(1).getByTestId('episode-labels')).toContainText('loop')
  await expect(rows.nth(1).getByTestId('episode-labels')).toContainText('flaky test')
  await page.getByTestId('label-filter').selectOption('flaky test')
  await expect(rows).toHaveCount(1)
  await shot(page, 'labx-02-table-after-import')
})

test('a refused export shows the server message in the notice area and starts no download', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  // The table only exports what it shows, so a real refusal needs the run to go away meanwhile: the prepare
  // request is sent on for a run id the server does not know, and the server's own 404 answer reaches the page.
  await page.route('**/api/export-prepare', async (route) => {
    const request = route.request().postDataJSON() as Record<string, unknown>
    await route.continue({ postData: JSON.stringify({ ...request, runId: 'gone-run' }) })
  })
  let downloads = 0
  page.on('download', () => downloads++)
  await page.getByTestId('export-select').selectOption('csv')
  await expect(page.getByTestId('notice').last()).toHaveText(/Export failed: no run with id gone-run/)
  await expect(page.getByTestId('export-select')).toHaveValue('')
  await shot(page, 'labx-03-export-refused')
  expect(downloads).toBe(0)
})
