/**
 * SFT lines that do not end with the model's words (issue 15, item 7): how a line ends, what `trim` / `drop` /
 * `keep` make of it, the episode id every line carries, and the preview the export dialog shows, whose counts are
 * the file's (counted over the demo's repo-repair runs, then written).
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportPreview } from '@contract/export'
import type { RunSummary } from '@contract/model'
import type { ChatMessage } from '../../../src-main/export/chat-messages'
import { planExport } from '../../../src-main/export/plan-export'
import { lineEnding, trimToLastWords, withoutEmptyTurns } from '../../../src-main/export/sft-lines'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'

const call = (id: string): ChatMessage => ({
  role: 'assistant',
  content: '',
  tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: '{}' } }]
})
const user: ChatMessage = { role: 'user', content: 'Fix it.' }
const said: ChatMessage = { role: 'assistant', content: 'Let me look.' }
const empty: ChatMessage = { role: 'assistant', content: ' ' }
const result = (id: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content: 'ok' })
const thought: ChatMessage = { role: 'assistant', content: '', reasoning_content: 'The answer is 4.' }

describe('how a line ends, and trimming it', () => {
  it('names the ending', () => {
    expect(lineEnding([user, said])).toBe('assistant')
    expect(lineEnding([user, call('a')])).toBe('assistant')
    expect(lineEnding([user, call('a'), result('a')])).toBe('tool')
    expect(lineEnding([user, said, empty])).toBe('empty')
    expect(lineEnding([user, said, user])).toBe('other')
    expect(lineEnding([])).toBe('other')
  })

  it('cuts back to the last assistant message that says something; a final call stays without its result', () => {
    expect(trimToLastWords([user, said, empty])).toEqual([user, said])
    expect(trimToLastWords([user, said, call('a'), result('a')])).toEqual([user, said, call('a')])
    expect(trimToLastWords([user, call('a'), result('a'), empty, user])).toEqual([user, call('a')])
    expect(trimToLastWords([user, empty])).toEqual([])
  })

  it('an answer given only as reasoning is the model’s words, not an empty turn', () => {
    expect(lineEnding([user, thought])).toBe('assistant')
    expect(trimToLastWords([user, thought, empty, user])).toEqual([user, thought])
  })

  it('leaves out the empty assistant turns inside a line, and leaves the last message to the ending rule', () => {
    expect(withoutEmptyTurns([user, empty, user, said])).toEqual([user, user, said])
    expect(withoutEmptyTurns([user, said, empty, empty])).toEqual([user, said, empty])
    expect(withoutEmptyTurns([user, thought, user, call('a'), result('a')])).toEqual([
      user,
      thought,
      user,
      call('a'),
      result('a')
    ])
  })
})

describe('the SFT preview and the file agree', () => {
  let engine: Engine
  let run: RunSummary
  beforeAll(async () => {
    engine = tempEngine().engine
    await engine.indexPaths([resolve(import.meta.dirname, '../../../resources/demo/repo-repair')])
    run = (await engine.api.listRuns())[0]
  }, 60_000)
  afterAll(() => engine?.close())

  const written = async (sftEnding?: 'trim' | 'drop' | 'keep') => {
    const job = await planExport(engine.api, { kind: 'episodes', format: 'sft', runId: run.id, sftEnding })
    let text = ''
    const summary = await job.write(async (c) => void (text += c))
    const lines = text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { messages: ChatMessage[]; metadata: Record<string, unknown> })
    return { summary, lines }
  }

  it('counts the lines each rule writes, trims and leaves out, as the export then does', async () => {
    const preview = (sftEnding?: 'trim' | 'drop' | 'keep'): Promise<ExportPreview> =>
      engine.api.previewExport({ kind: 'episodes', format: 'sft', runId: run.id, sftEnding })
    const trim = await preview()
    expect(trim.selected).toBe(run.episodes)
    expect(trim.complete).toBe(true)
    const unfinished = trim.endings.tool + trim.endings.empty + trim.endings.other
    // the demo's agents end some episodes on a tool result: the case this is about
    expect(trim.endings.tool).toBeGreaterThan(0)
    expect(trim.trimmed).toBe(unfinished - trim.skipped.noAssistant)

    const t = await written()
    expect(t.lines).toHaveLength(trim.willWrite!)
    expect(t.lines.filter((l) => l.metadata.trimmed)).toHaveLength(trim.trimmed)
    for (const l of t.lines) expect(lineEnding(l.messages)).toBe('assistant')

    const drop = await preview('drop')
    expect(drop.skipped.ending).toBe(unfinished)
    const d = await written('drop')
    expect(d.lines).toHaveLength(drop.willWrite!)
    expect(d.lines).toHaveLength(trim.willWrite! - trim.trimmed)

    const keep = await preview('keep')
    const k = await written('keep')
    expect(k.lines).toHaveLength(keep.willWrite!)
    expect(k.lines.filter((l) => lineEnding(l.messages) === 'tool')).toHaveLength(keep.endings.tool)
  })

  it('every line names its episode in a metadata field', async () => {
    const { lines } = await written()
    const ids = (await engine.api.listEpisodes({ runId: run.id, limit: 500 })).items.map((e) => e.id)
    for (const l of lines) {
      expect(ids).toContain(l.metadata.episode_id)
      expect(l.metadata.run_id).toBe(run.id)
      expect(Object.keys(l)).toEqual(['messages', 'tools', 'metadata'])
    }
  })

  it('other formats: every selected episode; the ending rule is refused outside sft', async () => {
    const csv = await engine.api.previewExport({
      kind: 'episodes',
      format: 'csv',
      runId: run.id,
      filter: 'reward < 0.5'
    })
    const low = await engine.api.listEpisodes({ runId: run.id, filter: 'reward < 0.5', limit: 1 })
    expect(csv).toMatchObject({ selected: low.total, willWrite: low.total, complete: true })
    await expect(
      engine.api.previewExport({ kind: 'episodes', format: 'csv', runId: run.id, sftEnding: 'drop' })
    ).rejects.toThrow(/apply to the sft format/)
  })
})
