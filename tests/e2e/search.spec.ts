/**
 * Full-text search over the demo workspace (issue 6): Ctrl+K focuses the search box, a phrase taken from the demo file
 * finds its turn, the snippet marks the match, the role filter narrows the hits, and a click opens the viewer at that
 * turn (the hash route says which); the order toggle and the OR / -word operators. Screenshots looked at (light and dark).
 * Chinese, Japanese and Korean words inside runs of characters, at 1440×900 and 1024×768.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './server-fixture'
import { addPathViaUi, DEMO_RUNS, openApp, shot } from './e2e-helpers'
import { shotMatrix } from './shot-matrix'
import { knownTurn } from './demo-known-turn'

test('search a phrase from the demo, see the hit marked, filter by role, open the viewer at that turn', async ({
  page,
  server
}) => {
  const known = knownTurn()
  await openApp(page, server.url, DEMO_RUNS)
  await page.keyboard.press('Control+k')
  const box = page.getByTestId('search-input')
  await expect(box).toBeFocused()
  await box.fill(`"${known.phrase}"`)
  await expect(page.getByTestId('search-view')).toBeVisible()
  // best match first by default; the phrase has 200+ hits in the demo, and in file order its known turn is on the
  // first page
  const order = page.getByTestId('search-order')
  await expect(order).toHaveValue('relevance')
  await order.selectOption('index')
  const hits = page.getByTestId('search-hit')
  const hit = hits
    .filter({ hasText: known.task })
    .filter({ hasText: `rollout ${known.rollout}` })
    .filter({ hasText: `turn #${known.turn}` })
  await expect(hit).toHaveCount(1)
  await expect(hit.locator('mark').first()).toHaveText(known.phrase, { ignoreCase: true })
  await expect(page.getByTestId('search-group').first()).toContainText('repo-repair')
  await expect(page.getByTestId('search-summary')).toContainText(`for "${known.phrase}"`)
  await shot(page, 'search-01-hits')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'search-01-hits-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // the phrase is in a tool result: the assistant role has none of these hits, the tool role keeps it
  await page.getByTestId('search-role').selectOption('assistant')
  await expect(hit).toHaveCount(0)
  await page.getByTestId('search-role').selectOption('tool')
  await expect(hit).toHaveCount(1)
  await expect(page.getByTestId('search-hit').getByTestId('search-hit-role')).toHaveText(
    Array(await hits.count()).fill('tool')
  )

  // best match: the same number of hits, the densest first (the summary does not change with the order)
  const summary = await page.getByTestId('search-summary').textContent()
  await order.selectOption('relevance')
  await expect(page.getByTestId('search-summary')).toHaveText(summary!)
  await expect(hits.first().locator('mark').first()).toHaveText(known.phrase, { ignoreCase: true })
  // one list in rank order, each hit naming its run (no per-run groups that would undo the ranking)
  await expect(page.getByTestId('search-group').locator('h2')).toHaveCount(0)
  await expect(page.getByTestId('search-hit-run').first()).toHaveText(/qwen3-8b/)
  await shot(page, 'search-03-best-match')
  await order.selectOption('index')
  // operators: a query that only excludes is refused with the reason; OR keeps the hit; excluding the phrase drops it
  await box.fill('-timeout')
  await expect(page.getByTestId('search-error')).toContainText('only excludes')
  await shot(page, 'search-04-only-excludes')
  await box.fill(`"${known.phrase}" OR zzqxnotaword`)
  await expect(hit).toHaveCount(1)
  await expect(page.getByTestId('search-summary')).toContainText(` OR "zzqxnotaword"`)
  await box.fill(`"${known.phrase}" -"${known.phrase}"`)
  await expect(page.getByTestId('search-summary')).toContainText('0 hits')
  await box.fill(`"${known.phrase}"`)
  await expect(hit).toHaveCount(1)

  await hit.click()
  await expect(page.getByTestId('episode-view')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`#/run/[^/]+/episode/[^/]+/turn/${known.turn}$`))
  await expect(page.getByTestId('episode-task')).toContainText(known.task)
  const active = page.locator('[data-testid="turn-row"][aria-current="true"]')
  await expect(active).toContainText(known.phrase)
  await shot(page, 'search-02-opened-at-turn')

  // Ctrl+K brings the search back with its hits; Esc leaves it for the episode again
  await page.keyboard.press('Control+k')
  await expect(page.getByTestId('search-view')).toBeVisible()
  await expect(hit).toHaveCount(1)
  await page.getByTestId('search-results').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('episode-view')).toBeVisible()
})

test('Chinese, Japanese and Korean: a word inside a run of characters is found and marked', async ({
  page,
  server
}) => {
  // a small multilingual run of the user's own (chat JSONL): no spaces between words in these scripts
  const dir = join(server.tmpDir, 'multilingual-agent')
  mkdirSync(dir)
  const episodes: [string, string, string][] = [
    ['fix-zh', '请修复解析器中的错误。', '我们需要修复这个错误，然后再运行测试。测试全部通过。'],
    ['apart-zh', '这是什么意思？', '错了，这是另一个误会。'],
    ['fix-ja', 'パーサーのバグを直してください。', 'テストを実行するとエラーが発生しました。修正しました。'],
    ['fix-ko', '파서의 버그를 고쳐 주세요.', '테스트를 실행하면 오류가 발생합니다. 고쳤습니다.']
  ]
  writeFileSync(
    join(dir, 'chat.jsonl'),
    episodes
      .map(([id, user, assistant]) =>
        JSON.stringify({
          id,
          reward: 1,
          messages: [
            { role: 'user', content: user },
            { role: 'assistant', content: assistant }
          ]
        })
      )
      .join('\n') + '\n'
  )
  await openApp(page, server.url, DEMO_RUNS)
  await addPathViaUi(page, dir)
  await expect(page.getByTestId('run-row')).toHaveCount(DEMO_RUNS + 1, { timeout: 20_000 })
  await page.keyboard.press('Control+k')
  const box = page.getByTestId('search-input')
  const hits = page.getByTestId('search-hit')
  // 错误 inside 解析器中的错误 and 修复这个错误 (not in apart-zh, where 错 and 误 are apart); the summary says how
  // it was read
  await box.fill('错误')
  await expect(hits).toHaveCount(2, { timeout: 20_000 })
  await expect(hits.filter({ hasText: 'fix-zh' })).toHaveCount(2)
  await expect(hits.locator('mark')).toHaveText(['错误', '错误'])
  await expect(page.getByTestId('search-summary')).toContainText('for "错 误"')
  await page.getByTestId('search-order').selectOption('index')
  await box.fill('エラー OR 오류')
  await expect(hits).toHaveCount(2)
  await expect(hits.locator('mark')).toHaveText(['エラー', '오류'])
  await shotMatrix(page, 'search-05-cjk')
})
