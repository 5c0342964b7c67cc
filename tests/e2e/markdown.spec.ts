/**
 * Assistant markdown and typed tool calls in the real browser: hostile markdown stays inert (no script, no image
 * load, no dialog, links without href), code is highlighted, edits show as diffs, long texts collapse and `e` / `x`
 * open and close them. Screenshots in light and dark themes.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { addPathViaUi, DEMO_RUNS, openApp, shot } from './e2e-helpers'
import { expect, test } from './server-fixture'

const HOSTILE = [
  '## Plan',
  'I will **fix** the `parse()` bug. Hostile bits, all of which must stay inert:',
  '',
  // (a raw HTML block runs to the next blank line, so each stands alone)
  '<script>alert(1)</script>',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '- a [js link](javascript:alert(1))',
  '- a [web link](https://example.com)',
  '- an image ![diagram](https://example.com/a.png)',
  '',
  '| step | done |',
  '|---|:-:|',
  '| read | ✓ |',
  '',
  '```python',
  'def parse(s: str) -> int:',
  '    return int(s.strip())  # tolerate spaces',
  '```',
  '',
  '```',
  '$ ls -la /srv',
  '```'
].join('\n')

const LONG = Array.from({ length: 60 }, (_, i) => `${i + 1}. step **${i + 1}** of the long plan`).join('\n')

const call = (id: string, name: string, args: unknown): object => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) }
})

const RECORD = {
  task_id: 'md-task',
  rollout: 0,
  reward: 1,
  messages: [
    { role: 'system', content: 'You are a coding agent. **not markdown** here: <b>kept as text</b>' },
    { role: 'user', content: 'Fix parse(). [x](javascript:alert(1))' },
    {
      role: 'assistant',
      content: HOSTILE,
      tool_calls: [
        call('c1', 'bash', { command: 'grep -rn "def parse" src/ | head -5', timeout: 30 }),
        call('c2', 'str_replace_editor', {
          command: 'str_replace',
          path: '/repo/src/parse.py',
          old_str: 'def parse(s):\n    return int(s)\n',
          new_str: 'def parse(s: str) -> int:\n    return int(s.strip())\n'
        })
      ]
    },
    { role: 'tool', tool_call_id: 'c1', content: 'src/parse.py:1:def parse(s):' },
    { role: 'tool', tool_call_id: 'c2', content: 'The file /repo/src/parse.py has been edited.' },
    {
      role: 'assistant',
      content: 'Now a test and a check.',
      tool_calls: [
        call('c3', 'str_replace_editor', {
          command: 'create',
          path: '/repo/tests/test_parse.py',
          file_text: 'from parse import parse\n\n\ndef test_spaces():\n    assert parse(" 4 ") == 4\n'
        }),
        call('c4', 'python', { code: 'import json\nprint(json.dumps({"ok": True}))' }),
        call('c5', 'lookup_ticket', { ticket_id: 'T-42', include: ['history'] })
      ]
    },
    { role: 'tool', tool_call_id: 'c3', content: 'created' },
    { role: 'tool', tool_call_id: 'c4', content: '{"ok": true}' },
    { role: 'tool', tool_call_id: 'c5', content: '{}' },
    { role: 'assistant', content: LONG }
  ]
}

/** Fails the test on any dialog (alert/confirm/prompt) instead of letting it block. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`)
    void d.dismiss()
  })
  return dialogs
}

test('assistant markdown is inert and typed tool calls are highlighted', async ({ page, server }) => {
  const dialogs = watchDialogs(page)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))

  const file = join(server.tmpDir, 'markdown.jsonl')
  await writeFile(file, `${JSON.stringify(RECORD)}\n`)
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, file, 'file')
  await page.getByTestId('run-row').filter({ hasText: 'markdown' }).click()
  await page.locator('[data-testid="episode-row"][data-index="0"]').click()
  await expect(page.getByTestId('episode-task')).toContainText('md-task')

  // the transcript is virtualized: turns are found by their index, not their place among the drawn rows
  const turn = (i: number) => page.locator(`[data-testid="turn-row"][data-turn="${i}"]`)
  const answer = turn(2)
  await expect(turn(0)).toBeVisible()
  const md = answer.getByTestId('turn-markdown')

  // markdown became elements; the hostile HTML is literal text
  await expect(md.locator('h2')).toHaveText('Plan')
  await expect(md.locator('strong').first()).toHaveText('fix')
  await expect(md.locator('table td').first()).toHaveText('read')
  await expect(md).toContainText('<script>alert(1)</script>')
  await expect(md).toContainText('<img src=x onerror=alert(1)>')
  // prompts and observations are not markdown
  await expect(turn(0).locator('strong')).toHaveCount(0)
  await expect(turn(0)).toContainText('**not markdown** here: <b>kept as text</b>')

  // links: no anchors at all, the safe address in a tooltip, the unsafe one dropped
  const root = page.locator('#root')
  await expect(root.locator('a[href]')).toHaveCount(0)
  await expect(md.getByTestId('md-link').filter({ hasText: 'web link' })).toHaveAttribute(
    'title',
    'https://example.com'
  )
  await expect(md.getByTestId('md-link').filter({ hasText: 'js link' })).not.toHaveAttribute('title', /.*/)
  // images: never an element, never requested; alt and address as text
  await expect(root.locator('img')).toHaveCount(0)
  await expect(md.getByTestId('md-image')).toContainText('[image: diagram] https://example.com/a.png')
  expect(requests.filter((u) => u.includes('example.com'))).toEqual([])

  // nothing from the trace became a script or an event handler
  await expect(root.locator('script')).toHaveCount(0)
  const handlers = await root.evaluate((el) =>
    [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((a) => a.name)).filter((a) => a.startsWith('on'))
  )
  expect(handlers).toEqual([])
  const jsAttrs = await root.evaluate((el) =>
    [...el.querySelectorAll('*')]
      .flatMap((n) => [...n.attributes].map((a) => a.value))
      .filter((v) => /javascript:/i.test(v))
  )
  expect(jsAttrs).toEqual([])

  // fenced code is highlighted when labeled; an unlabeled block this short is not guessed at
  const fences = md.getByTestId('md-code-block')
  await expect(fences).toHaveCount(2)
  await expect(fences.nth(0)).toHaveAttribute('data-language', 'python')
  await expect(fences.nth(0).locator('.hljs-keyword').first()).toHaveText('def')
  await expect(fences.nth(0).locator('.hljs-comment')).toHaveText('# tolerate spaces')
  await expect(fences.nth(1)).toHaveText('$ ls -la /srv')

  // tool calls by kind
  const calls = answer.getByTestId('tool-call')
  await expect(calls.nth(0)).toHaveAttribute('data-tool-kind', 'shell')
  await expect(calls.nth(0).locator('.hljs-string').first()).toHaveText('"def parse"')
  await expect(calls.nth(0).getByTestId('tool-extras')).toHaveText('timeout=30')
  await expect(calls.nth(1)).toHaveAttribute('data-tool-kind', 'edit')
  await expect(calls.nth(1)).toContainText('/repo/src/parse.py')
  await expect(calls.nth(1).locator('[data-diff="del"]')).toHaveText(['-def parse(s):', '-    return int(s)'])
  await expect(calls.nth(1).locator('[data-diff="add"]')).toHaveText([
    '+def parse(s: str) -> int:',
    '+    return int(s.strip())'
  ])
  await shot(page, '70-markdown-light')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await expect(turn(5)).toHaveAttribute('aria-current', 'true')
  const next = turn(5).getByTestId('tool-call')
  await expect(next.nth(0)).toHaveAttribute('data-tool-kind', 'create')
  await expect(next.nth(0).locator('pre')).toHaveAttribute('data-language', 'python')
  await expect(next.nth(1)).toHaveAttribute('data-tool-kind', 'python')
  await expect(next.nth(2)).toHaveAttribute('data-tool-kind', 'json')
  await expect(next.nth(2).locator('.hljs-attr').first()).toHaveText('"ticket_id"')

  await shot(page, '71-tool-calls-light')

  // a long assistant text collapses like other long texts, and e / x open and close it
  for (let i = 5; i < 9; i++) await page.keyboard.press('j')
  const long = turn(9)
  await expect(long).toHaveAttribute('aria-current', 'true')
  await expect(long.getByTestId('show-all')).toHaveText(/^Show all \(60 lines/)
  await expect(long).not.toContainText('step 60 of the long plan')
  await shot(page, '72-long-markdown-collapsed')
  await page.keyboard.press('e')
  await expect(long).toContainText('step 60 of the long plan')
  await expect(long.locator('ol > li')).toHaveCount(60)
  await page.keyboard.press('x')
  await expect(long).not.toContainText('step 60 of the long plan')
  await long.getByTestId('show-all').click()
  await expect(long).toContainText('step 60 of the long plan')

  // find (/) marks its hits inside markdown, highlighted code and diff rows; every step shows exactly one current hit
  await page.keyboard.press('x')
  await page.keyboard.press('/')
  await page.getByTestId('find-input').fill('parse')
  const count = page.getByTestId('find-count')
  await expect(count).toHaveText(/^1 of \d+$/)
  const total = Number((await count.textContent())?.split(' of ')[1])
  expect(total).toBeGreaterThan(8)
  const current = page.getByTestId('find-current')
  await expect(current).toHaveCount(1)
  await expect(current).toHaveText(/^parse$/i)
  await expect(md.locator('mark').first()).toBeVisible()
  await expect(md.getByTestId('md-code-block').locator('mark')).toHaveCount(1)
  await expect(answer.getByTestId('tool-diff').locator('mark')).toHaveCount(2)
  for (let i = 2; i <= total; i++) {
    await page.keyboard.press('Enter')
    await expect(count).toHaveText(`${i} of ${total}`)
    await expect(current).toHaveCount(1)
    await expect(current).toBeInViewport()
  }
  await page.keyboard.press('Enter')
  await expect(count).toHaveText(`1 of ${total}`)
  await expect(current).toBeInViewport()
  await shot(page, '73-find-in-markdown')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('find-bar')).toHaveCount(0)

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.keyboard.press('x')
  // find moved the highlighted turn: back to the top, then down to the first answer
  for (let i = 0; i < 10; i++) await page.keyboard.press('k')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await expect(answer).toHaveAttribute('aria-current', 'true')
  await shot(page, '74-markdown-dark')
  for (let i = 2; i < 5; i++) await page.keyboard.press('j')
  await shot(page, '75-tool-calls-dark')

  expect(dialogs).toEqual([])
  expect(errors).toEqual([])
})
