/**
 * A patch opened in the editor (issue 15, item 6): Monaco's diff language draws added lines green and removed lines
 * red, in both themes (it drew them the other way round, with the stock `string` / `comment` colours).
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { addPathViaUi, DEMO_RUNS, MONACO_LOAD, openApp, shot } from './e2e-helpers'
import { expect, test } from './server-fixture'

const PATCH = [
  'diff --git a/app/parse.py b/app/parse.py',
  '--- a/app/parse.py',
  '+++ b/app/parse.py',
  '@@ -1,80 +1,80 @@',
  ...Array.from({ length: 40 }, (_, i) => [
    `-    old_line_${i} = parse(s)`,
    `+    new_line_${i} = parse(s.strip())`
  ]).flat()
].join('\n')

const RECORD = {
  task_id: 'patch-task',
  reward: 1,
  messages: [
    { role: 'user', content: 'Fix the parser.' },
    {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"git diff"}' } }]
    },
    { role: 'tool', tool_call_id: 'c1', content: PATCH },
    { role: 'assistant', content: 'Done.' }
  ]
}

/** The colour of the first token of the first editor line starting with `prefix`, as [r, g, b]. */
async function lineColour(page: import('@playwright/test').Page, prefix: string): Promise<number[]> {
  const line = page
    .getByTestId('text-editor')
    .locator('.view-line')
    .filter({ hasText: new RegExp(`^\\${prefix}\\s`) })
  const colour = await line
    .first()
    .locator('span span')
    .first()
    .evaluate((el) => getComputedStyle(el).color)
  return (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number)
}

test('a patch in the editor: added lines green, removed lines red, light and dark', async ({ page, server }) => {
  const file = join(server.tmpDir, 'patch.jsonl')
  await writeFile(file, `${JSON.stringify(RECORD)}\n`)
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, file, 'file')
  await page.getByTestId('run-row').filter({ hasText: 'patch' }).click()
  await page.locator('[data-testid="episode-row"][data-index="0"]').click()
  const observation = page.locator('[data-testid="turn-row"][data-turn="2"]')
  await observation.getByTestId('open-in-editor').click()
  const editor = page.getByTestId('text-editor')
  await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout: MONACO_LOAD })
  await expect(editor.getByTestId('editor-language')).toHaveValue('diff')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(async () => {
      const [ar, ag] = await lineColour(page, '+')
      const [dr, dg] = await lineColour(page, '-')
      expect(ag, `${scheme}: an added line is green`).toBeGreaterThan(ar)
      expect(dr, `${scheme}: a removed line is red`).toBeGreaterThan(dg)
    }).toPass()
    await shot(page, `diff-editor-1440-${scheme}`)
  }
})
