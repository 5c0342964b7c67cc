/**
 * `rollscope show` in text mode over a real Inspect AI log whose tool calls all failed: each turn prints its error, as
 * the viewer and `show --json` (turn meta.error) have it.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeDetail, EpisodeSummary, RunSummary } from '@contract/model'
import { captureCli } from '../../helpers/capture-cli'
import { fixture } from '../../helpers/fixtures-path'

const db = join(mkdtempSync(join(tmpdir(), 'rollscope-show-')), 'r.db')
const cli = captureCli(() => db)
let episodeId = ''

beforeAll(async () => {
  expect((await cli('index', fixture('inspect-ai/log_tool_call_error.json'))).code).toBe(0)
  const [run]: RunSummary[] = JSON.parse((await cli('runs', '--json')).stdout)
  const [ep]: EpisodeSummary[] = JSON.parse((await cli('episodes', run.id, '--json')).stdout)
  episodeId = ep.id
})

describe('rollscope show: per-turn errors', () => {
  it('prints each turn error under its head, the same as --json has in meta.error', async () => {
    const detail: EpisodeDetail = JSON.parse((await cli('show', episodeId, '--json')).stdout)
    const errors = detail.turns.map((t) => t.meta?.error)
    expect(errors).toHaveLength(11)
    expect(errors[0]).toBe('parsing: ...')
    const r = await cli('show', episodeId)
    expect(r.code).toBe(0)
    // messages[0] = {role: tool, tool_call_id: bash_1, function: bash, content: "...", error: {type: parsing, message: "..."}}
    expect(r.stdout).toContain('── [0] tool (bash) ──\n  error: parsing: ...\n  ...\n')
    for (const [i, error] of errors.entries())
      expect(r.stdout).toContain(`── [${i}] tool (bash) ──\n  error: ${error}\n`)
  })
})
