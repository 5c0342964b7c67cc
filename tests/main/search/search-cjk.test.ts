/**
 * Searching Chinese, Japanese and Korean through a real engine: a word is found inside a run of characters with no
 * spaces (each character is a token: contract/cjk-text.ts), as a phrase of its characters side by side, and its marks
 * in the snippet are those characters.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SearchPage } from '../../../src-main/contract/model'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { chatRecord } from '../../helpers/chat-record'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.close()
  engine = null
})

const ANSWERS: [string, string][] = [
  ['zh', '我们需要修复这个错误，然后再运行测试。'],
  ['zh-apart', '错了，这是另一个误会。'],
  ['ja', 'テストを実行するとエラーが発生しました。'],
  ['ko', '테스트를 실행하면 오류가 발생합니다.'],
  ['mixed', 'The test错误 was fixed in parser.py'],
  ['en', 'An error in the parser, fixed.']
]

async function indexed(): Promise<Engine> {
  const t = tempEngine()
  engine = t.engine
  const file = join(t.dir, 'multilingual.jsonl')
  writeFileSync(file, ANSWERS.map(([id, answer]) => chatRecord(id, answer)).join('\n') + '\n')
  await t.engine.indexPaths([file])
  return t.engine
}

/** Each hit's task and its marked words, `[word]`. */
const marked = (page: SearchPage): [string, string][] =>
  page.hits.map((h) => {
    let text = h.snippet.text
    for (const [a, b] of [...h.snippet.matches].reverse())
      text = `${text.slice(0, a)}[${text.slice(a, b)}]${text.slice(b)}`
    return [h.taskKey, text]
  })

describe('search in Chinese, Japanese and Korean', () => {
  it('finds a word inside a run of characters, as those characters side by side, and marks them', async () => {
    const e = await indexed()
    const zh = await e.api.search('错误', { order: 'index' })
    expect(zh.query).toBe('"错 误"')
    // not zh-apart: 错 and 误 are in it, but not side by side
    expect(marked(zh)).toEqual([
      ['zh', '我们需要修复这个[错误]，然后再运行测试。'],
      ['mixed', 'The test[错误] was fixed in parser.py']
    ])
    expect(marked(await e.api.search('エラー'))).toEqual([['ja', 'テストを実行すると[エラー]が発生しました。']])
    // a Korean word with its particle attached (오류가): the word alone finds it
    expect(marked(await e.api.search('오류'))).toEqual([['ko', '테스트를 실행하면 [오류]가 발생합니다.']])
    // one character, a phrase of words, a prefix
    expect((await e.api.search('误', { order: 'index' })).hits.map((h) => h.taskKey)).toEqual([
      'zh',
      'zh-apart',
      'mixed'
    ])
    expect(marked(await e.api.search('"修复 这个"'))).toEqual([['zh', '我们需要[修复这个]错误，然后再运行测试。']])
    expect((await e.api.search('发生*')).hits.map((h) => h.taskKey)).toEqual([])
    expect((await e.api.search('発生*')).hits.map((h) => h.taskKey)).toEqual(['ja'])
  })

  it('keeps the words around CJK text words: test in test错误, and English search as before', async () => {
    const e = await indexed()
    expect(marked(await e.api.search('test', { order: 'index' }))).toEqual([
      ['mixed', 'The [test]错误 was fixed in parser.py']
    ])
    expect(marked(await e.api.search('test错误'))).toEqual([['mixed', 'The [test错误] was fixed in parser.py']])
    expect((await e.api.search('parser', { order: 'index' })).hits.map((h) => h.taskKey)).toEqual(['mixed', 'en'])
    expect((await e.api.search('错误 -test')).hits.map((h) => h.taskKey)).toEqual(['zh'])
  })
})
