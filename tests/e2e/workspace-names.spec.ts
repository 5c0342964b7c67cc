/**
 * Issue 15 item 9 (its workspace parts): files of the same name (the corpus' many `results.jsonl`) show the folders
 * that tell them apart, whole; overlapping roots count each file once, under the innermost root, the outer root
 * saying how many more it holds through the inner one; counts read "1 file". Screenshots at 1440×900 and 1024×768,
 * light and dark.
 */
import { resolve } from 'node:path'
import { addPathViaUi, DEMO_RUNS, openApp } from './e2e-helpers'
import { expect, REPO_ROOT, test } from './server-fixture'
import { shotMatrix } from './shot-matrix'

const VERIFIERS = resolve(REPO_ROOT, '../shared/fixtures/verifiers/willccbb-verifiers')

test('same-named files show their distinguishing folders; overlapping roots count each file once', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, VERIFIERS)
  // the file list is virtualized: without the demo's 36 files (and with its intro line gone) every results.jsonl of
  // the corpus is within the rows drawn, at both window sizes
  await page.getByRole('button', { name: /^Remove .*resources\/demo$/ }).click()
  await expect(page.getByTestId('root-row')).toHaveCount(1)
  const rows = page.getByTestId('source-row').filter({ hasText: 'results.jsonl' })
  await expect(rows.filter({ hasText: 'indexed' }).first()).toBeVisible({ timeout: 30_000 })
  // two tool-test runs under the same hash folder: three folders tell them apart, shown whole on their own line
  await expect(page.getByTestId('source-folders').filter({ hasText: '_lfs-pointer-example/' })).toHaveText(
    '_lfs-pointer-example/tool-test--gpt-4.1-mini/066dba27'
  )
  await expect(page.getByTestId('source-folders').filter({ hasText: 'willccbb-verifiers/' })).toHaveText(
    'willccbb-verifiers/tool-test--gpt-4.1-mini/066dba27'
  )
  // a results.jsonl with a hash folder of its own is told apart by that folder alone, whole on its line too
  await expect(rows.getByTestId('source-folders').filter({ hasText: 'b5161fc3' })).toHaveText('b5161fc3')

  const rootRow = (name: string) => page.getByTestId('root-row').filter({ hasText: name })
  const outer = rootRow('willccbb-verifiers').filter({ hasNotText: 'b5161fc3' })
  const outerFiles = Number((await outer.getByTestId('root-counts').textContent())?.match(/^(\d+) files?/)?.[1])
  expect(outerFiles).toBeGreaterThan(3)

  // a folder inside it added as a root too: its one file moves there, the outer root says so
  await addPathViaUi(page, resolve(VERIFIERS, 'wordle--gpt-5-mini/b5161fc3'))
  const inner = rootRow('b5161fc3')
  await expect(inner.getByTestId('root-counts')).toContainText(/^\d+ files? · \d+ ep$/)
  const innerFiles = Number((await inner.getByTestId('root-counts').textContent())?.match(/^(\d+) files?/)?.[1])
  await expect(outer.getByTestId('root-counts')).toContainText(`${outerFiles - innerFiles} files`)
  await expect(outer.getByTestId('root-nested')).toHaveText(`· +${innerFiles} inside`)
  await expect(outer.getByTestId('root-counts')).toHaveAttribute(
    'title',
    /under a root inside this one: counted there, once/
  )
  await shotMatrix(page, 'wn-01-sidebar-files')
})
