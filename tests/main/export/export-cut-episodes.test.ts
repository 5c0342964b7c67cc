/**
 * An episode too large or too deeply nested to read whole (EpisodeDetail.cuts, issue 17) in the exports: a training
 * line is never made of part of a conversation. SFT and preference leave it out (the SFT preview says why), and the
 * JSONL record carries its cuts, so a dataset built from it knows its turns are not the whole conversation.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { planExport } from '../../../src-main/export/plan-export'
import type { Engine } from '../../../src-main/services/engine-types'
import { chatRecord, deepContentLine } from '../../generators/hostile-inputs.mjs'
import { tempEngine } from '../../helpers/temp-engine'

describe('exports of an episode not read whole', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-cut-export-'))
  let engine: Engine
  let run: RunSummary
  beforeAll(async () => {
    // the middle record's assistant content is 10,000 arrays deep: read with a note in place of what is deeper
    const lines = [JSON.stringify(chatRecord('a', 1)), deepContentLine('b', 10_000), JSON.stringify(chatRecord('c', 0))]
    writeFileSync(join(dir, 'rollouts.jsonl'), lines.join('\n') + '\n')
    engine = tempEngine().engine
    await engine.indexPaths([dir])
    ;[run] = await engine.api.listRuns()
  }, 60_000)
  afterAll(async () => {
    await engine?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const exported = async (format: 'sft' | 'jsonl') => {
    const job = await planExport(engine.api, { kind: 'episodes', format, runId: run.id })
    let text = ''
    const summary = await job.write(async (c) => void (text += c))
    const lines = text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    return { summary, lines }
  }

  it('is indexed beside the others, with its cut', async () => {
    expect(run.episodes).toBe(3)
    const { items } = await engine.api.listEpisodes({ runId: run.id })
    const cuts = await Promise.all(items.map(async (e) => (await engine.api.getEpisode(e.id)).cuts ?? []))
    expect(cuts.map((c) => c.map((x) => x.kind))).toEqual([[], ['depth'], []])
  })

  it('SFT: left out, and the preview says so before the file is written', async () => {
    const preview = await engine.api.previewExport({ kind: 'episodes', format: 'sft', runId: run.id })
    expect(preview).toMatchObject({ selected: 3, willWrite: 2, skipped: { notReadWhole: 1 } })
    const { lines } = await exported('sft')
    expect(lines).toHaveLength(2)
    expect(lines.map((l) => (l.messages as { content: string }[])[0].content)).toEqual(['task a', 'task c'])
  })

  it('JSONL: written whole as read, with its cuts; the others carry none', async () => {
    const { lines } = await exported('jsonl')
    expect(lines).toHaveLength(3)
    expect(lines.map((l) => l.cuts)).toEqual([
      undefined,
      [expect.objectContaining({ kind: 'depth', path: expect.stringMatching(/^messages\[1\]\.content/) })],
      undefined
    ])
  })
})
