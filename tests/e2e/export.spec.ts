/**
 * The app's export of the current view (issue 6) in browser mode over the demo workspace: filter the table,
 * Export… → SFT, the browser downloads rollscope-<run>-sft.jsonl, and its lines are valid chat records (known
 * roles, every assistant tool call answered by a tool message with its id), one per filtered episode at most.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from './server-fixture'
import { DEMO_RUNS, openApp, selectRun, shot } from './e2e-helpers'

const BASE_RUN = 'repo-repair · qwen3-8b (base)'

interface ChatMessage {
  role: string
  tool_calls?: { id: string }[]
  tool_call_id?: string
}

test('filter, Export… → SFT: the download holds the filtered episodes as valid chat lines', async ({
  page,
  server
}) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  const rows = page.getByTestId('episode-row')
  await page.getByTestId('episode-filter').fill('reward < 0.5')
  await page.getByTestId('episode-filter').press('Enter')
  await expect(page.getByTestId('episode-count')).toHaveText(/^\d+ of 64 episodes$/)
  const shown = Number((await page.getByTestId('episode-count').textContent())!.split(' ')[0])
  expect(shown).toBeGreaterThan(0)
  expect(shown).toBeLessThan(64)
  await expect(rows).toHaveCount(shown)
  await shot(page, 'exp-01-filtered-export-menu')

  await page.getByTestId('export-select').selectOption('sft')
  await expect(page.getByTestId('sft-options')).toBeVisible()
  await shot(page, 'exp-01b-sft-options')
  const downloading = page.waitForEvent('download')
  await page.getByTestId('sft-export-go').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^rollscope-[A-Za-z0-9._-]+-sft\.jsonl$/)
  const text = readFileSync((await download.path())!, 'utf8')
  const lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { messages: ChatMessage[]; tools: unknown[] })
  expect(lines.length).toBeGreaterThan(0)
  // sft skips only episodes without an assistant message; the demo's all have one
  expect(lines).toHaveLength(shown)
  let calls = 0
  for (const { messages, tools } of lines) {
    expect(Array.isArray(tools)).toBe(true)
    const open = new Set<string>()
    for (const m of messages) {
      expect(['system', 'user', 'assistant', 'tool']).toContain(m.role)
      for (const c of m.tool_calls ?? []) (open.add(c.id), calls++)
      if (m.role === 'tool') {
        expect(open.has(m.tool_call_id!)).toBe(true)
        open.delete(m.tool_call_id!)
      }
    }
    // every call answered, but the calls of a line's last message: a line trimmed back to them (their results cut:
    // the default SFT ending), or an episode that stopped on its calls (no result came)
    if (open.size) expect(messages.at(-1)!.tool_calls!.map((c) => c.id)).toEqual([...open])
  }
  expect(calls).toBeGreaterThan(0) // the demo's repair episodes use tools
  // the menu is ready for the next export, and the page did not navigate away
  await expect(page.getByTestId('export-select')).toHaveValue('')
  await expect(rows).toHaveCount(shown)
  await shot(page, 'exp-02-after-download')
})

test('SFT options: passed episodes only, and a labelled turn left out', async ({ page, server }) => {
  await openApp(page, server.url, DEMO_RUNS)
  await selectRun(page, BASE_RUN)
  // label turn 2 of the first passing episode "wrong tool" (Shift+key: the highlighted turn)
  await page.getByTestId('episode-filter').fill('passed == true')
  await page.getByTestId('episode-filter').press('Enter')
  await expect(page.getByTestId('episode-count')).toHaveText(/^\d+ of 64 episodes$/)
  const passed = Number((await page.getByTestId('episode-count').textContent())!.split(' ')[0])
  await page.getByTestId('episode-row').first().click()
  await expect(page.getByTestId('episode-view')).toBeVisible()
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('Shift+Digit2') // key 2 = "wrong tool" in the default taxonomy
  await expect(page.getByTestId('turn-labels').first()).toContainText('wrong tool')
  await page.keyboard.press('Escape')

  // filter off: the passed-only option alone must narrow the file to the passing episodes
  await page.getByTestId('episode-filter').fill('')
  await page.getByTestId('episode-filter').press('Enter')
  await expect(page.getByTestId('episode-count')).toHaveText('64 episodes')
  const exportSft = async (passedOnly: boolean, drop: string): Promise<{ messages: ChatMessage[] }[]> => {
    await page.getByTestId('export-select').selectOption('sft')
    if (passedOnly) await page.getByTestId('sft-passed-only').check()
    await page.getByTestId('sft-drop-labelled').selectOption(drop)
    const downloading = page.waitForEvent('download')
    await page.getByTestId('sft-export-go').click()
    const text = readFileSync((await (await downloading).path())!, 'utf8')
    return text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { messages: ChatMessage[] })
  }
  const kept = await exportSft(true, '')
  expect(kept).toHaveLength(passed)
  const dropped = await exportSft(true, 'wrong tool')
  expect(dropped).toHaveLength(passed)
  // exactly one line lost messages: the labelled turn (and what only it answered)
  const sizes = (ls: { messages: ChatMessage[] }[]) => ls.map((l) => l.messages.length)
  const diff = sizes(kept)
    .map((n, i) => n - sizes(dropped)[i])
    .filter((d) => d !== 0)
  expect(diff).toHaveLength(1)
  expect(diff[0]).toBeGreaterThan(0)
  // Escape closes the options without exporting
  await page.getByTestId('export-select').selectOption('sft')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('sft-options')).toHaveCount(0)
})
