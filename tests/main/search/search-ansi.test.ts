/**
 * Coloured terminal output is searched as the words it shows (issue 17 item 7): generated pytest output with SGR
 * colours, cursor moves, an OSC hyperlink and CRLF line ends; `FAILED` and `AssertionError` find it, snippets hold no
 * escape, and the offsets of the marks point at the words. The stripping itself is one pure function
 * (contract/terminal-text.ts) that leaves text without escapes untouched, same string.
 */
import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bidiAbbrev, readableText, showBidi, stripAnsi } from '@contract/terminal-text'
import { chunks } from '../../../src-main/search/search-rows'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

const E = '\u001b'
const PYTEST =
  `${E}[1m============================= test session starts ==============================${E}[0m\r\n` +
  `collected 3 items\r\n\r\n` +
  `tests/test_parse.py ${E}[32m.${E}[0m${E}[31mF${E}[0m${E}[32m.${E}[0m\r\n\r\n` +
  `${E}[31m${E}[1m___________________________ test_parse_header ___________________________${E}[0m\r\n` +
  `${E}[1m${E}[31mE       AssertionError: assert 'a,b' == 'a;b'${E}[0m\r\n` +
  `${E}]8;;file:///repo/tests/test_parse.py${E}\\tests/test_parse.py${E}]8;;${E}\\:12: AssertionError\r\n` +
  `${E}[2K${E}[1G${E}[31mFAILED${E}[0m tests/test_parse.py::test_parse_header - AssertionError\r\n` +
  `${E}[31m========================= ${E}[1m1 failed${E}[0m, ${E}[32m2 passed${E}[0m${E}[31m in 0.12s ==========================${E}[0m\r\n`

describe('stripAnsi / bidi (pure)', () => {
  it('drops SGR, cursor, erase and OSC sequences and CR before LF; leaves plain text the same string', () => {
    const plain = stripAnsi(PYTEST)
    expect(plain).not.toMatch(/\u001b|\r/)
    expect(plain).toContain('FAILED tests/test_parse.py::test_parse_header - AssertionError\n')
    expect(plain).toContain('tests/test_parse.py:12: AssertionError')
    const text = 'no escapes here, just text\n'.repeat(100)
    expect(stripAnsi(text)).toBe(text)
    expect(chunks('x\u001b[31mFAILED\u001b[0m y')).toEqual(['xFAILED y'])
  })

  it('writes bidi formatting characters out rather than obeying them', () => {
    expect(showBidi('invoice\u202Etxt.exe')).toBe('invoice<U+202E RLO>txt.exe')
    expect(showBidi('a\u2066b\u2069c\u200f')).toBe('a<U+2066 LRI>b<U+2069 PDI>c<U+200F RLM>')
    expect(bidiAbbrev('\u202A')).toBe('LRE')
    expect(readableText(`${E}[31m\u202Ered${E}[0m`)).toBe('<U+202E RLO>red')
    const arabic = 'مرحبا hello שלום'
    expect(showBidi(arabic)).toBe(arabic)
  })
})

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

describe('search over coloured output', () => {
  it('finds FAILED and AssertionError, and the snippets are plain text with marks on the words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-ansi-'))
    const file = join(dir, 'pytest.jsonl')
    const record = (id: string, output: string) =>
      JSON.stringify({
        id,
        reward: 0,
        messages: [
          { role: 'user', content: 'run the tests' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"pytest"}' } }]
          },
          { role: 'tool', tool_call_id: 'c1', content: output }
        ]
      })
    writeFileSync(file, [record('coloured', PYTEST), record('plain', stripAnsi(PYTEST))].join('\n') + '\n')
    const t = tempEngine()
    engine = t.engine
    await t.engine.indexPaths([file])
    for (const word of ['FAILED', 'AssertionError', '"1 failed"']) {
      const page = await t.engine.api.search(word, { limit: 50 })
      const episodes = new Set(page.hits.map((h) => h.taskKey))
      expect(episodes, word).toEqual(new Set(['coloured', 'plain']))
      for (const h of page.hits) {
        expect(h.snippet.text).not.toMatch(/\u001b|\[\d+m/)
        expect(h.snippet.matches.length).toBeGreaterThan(0)
        for (const [a, b] of h.snippet.matches)
          expect(h.snippet.text.slice(a, b).toLowerCase()).toBe(word.replace(/"/g, '').toLowerCase())
      }
    }
    // the escape codes themselves are no longer words
    expect((await t.engine.api.search('31mFAILED', { limit: 5 })).hits).toEqual([])
  })
})
