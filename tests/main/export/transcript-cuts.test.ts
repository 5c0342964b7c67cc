/**
 * A record cut where no message is (its `info` nested past the depth read) still gives its SFT line and its
 * preference pair; one cut in its messages, or in its tools' descriptions, does not.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { conversationCut } from '../../../src-main/export/transcript-cuts'
import { captureCli } from '../../helpers/capture-cli'

let dir: string
const cli = captureCli(
  () => join(dir, 'r.db'),
  () => dir
)

/** `depth` objects nested `{"k":{"k":…}}`: past the JSON depth read. */
const nested = (depth: number): unknown => {
  let v: unknown = 'deep'
  for (let i = 0; i < depth; i++) v = { k: v }
  return v
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-export-cuts-'))
  const row = (rollout: number, reward: number, info: unknown) =>
    JSON.stringify({
      task_id: 'deep',
      rollout,
      reward,
      info,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: `hello there ${rollout}` }
      ]
    })
  writeFileSync(
    join(dir, 'deep.jsonl'),
    [row(0, 1, { trace: nested(80) }), row(1, 0, { difficulty: 'easy' })].join('\n') + '\n'
  )
  expect((await cli('index', join(dir, 'deep.jsonl'))).code).toBe(0)
})

describe('a record cut outside its conversation', () => {
  it('gives its SFT line and its preference pair', async () => {
    const show = JSON.parse((await cli('export', '--format', 'jsonl')).stdout.split('\n')[0]) as {
      cuts: { path: string }[]
    }
    expect(show.cuts.map((c) => c.path.split('.').slice(0, 2).join('.'))).toEqual(['info.trace'])
    const sft = await cli('export', '--format', 'sft', '--out', 'lines.sft', '--json')
    expect(JSON.parse(sft.stdout)).toMatchObject({ episodes: 2, skipped: 0 })
    const pref = await cli('export', '--format', 'preference', '--out', 'pairs.jsonl', '--json')
    expect(JSON.parse(pref.stdout)).toMatchObject({ pairs: 1, skipped: 0 })
    expect(readFileSync(join(dir, 'pairs.jsonl'), 'utf8')).toContain('hello there 0')
  })

  it('but not one cut in its messages, or where its tools are described', () => {
    const cut = (path: string) => [{ kind: 'depth' as const, path, total: 0, head: 0, tail: 0 }]
    expect(conversationCut(cut('info.trace.k.k'))).toBe(false)
    expect(conversationCut(cut('metadata[2].x'))).toBe(false)
    expect(conversationCut(cut('messages'))).toBe(true)
    expect(conversationCut(cut('prompt[3].content'))).toBe(true)
    expect(conversationCut(cut(''))).toBe(true)
    expect(conversationCut(cut('info.oai_tools[4].function.parameters'))).toBe(true)
    expect(conversationCut(undefined)).toBe(false)
  })
})
