/**
 * OpenHands event streams and Gemini CLI sessions (FORMATS.md §4.3–4.4). No real files of either are in the shared
 * corpus, so the fixtures in tests/fixtures/{openhands,gemini-cli}/ follow the documented shapes; the expected
 * numbers are counted from those files by hand (events kept, calls, accumulated cost and tokens).
 */
import { describe, expect, it } from 'vitest'
import { geminiCliAdapter } from '../../../src-main/formats/adapters/gemini-cli'
import { openhandsAdapter } from '../../../src-main/formats/adapters/openhands'
import { ownFixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { formatContext } from '../../../src-main/formats/context'

async function indexed(path: string) {
  const { engine } = tempEngine()
  const report = await engine.indexPaths([path])
  const runs = await engine.api.listRuns()
  const episodes = (await engine.api.listEpisodes({ runId: runs[0].id, sort: 'turns' })).items
  return { engine, report, runs, episodes }
}

describe('OpenHands', () => {
  it('a folder of event streams is one run; bookkeeping events skipped; actions paired with observations by cause', async () => {
    const { report, runs, episodes, engine } = await indexed(ownFixture('openhands/fix-readme'))
    expect(report.files.map((f) => [f.state, f.format, f.episodes])).toEqual([
      ['indexed', 'openhands', 1],
      ['indexed', 'openhands', 1]
    ])
    expect(runs[0]).toMatchObject({ name: 'fix-readme', model: 'claude-sonnet-4-20250514', episodes: 2 })
    const [timeout, fixed] = episodes
    expect(timeout).toMatchObject({ turns: 3, status: 'error', error: 'Command timed out after 120 seconds' })
    // system, user, (run, result), (edit, result), finish: recall and agent_state_changed are not turns
    expect(fixed).toMatchObject({
      turns: 7,
      status: 'ok',
      tokensIn: 15980,
      tokensOut: 240,
      durationMs: 11100,
      metrics: { cost_usd: 0.0502, actions: 3 }
    })
    const d = await engine.api.getEpisode(fixed.id)
    expect(d.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant'
    ])
    expect(d.turns.flatMap((t) => t.toolCalls.map((c) => [c.id, c.name]))).toEqual([
      ['toolu_01', 'execute_bash'],
      ['toolu_02', 'str_replace_editor'],
      ['toolu_03', 'finish']
    ])
    expect(d.turns[2]).toMatchObject({ reasoning: 'Let me find the typo first.' })
    expect(d.turns[2].toolCalls[0].arguments).toMatchObject({ command: 'grep -n recieve README.md' })
    expect(d.turns[3]).toMatchObject({ toolCallId: 'toolu_01', text: '12:You will recieve an email.' })
    expect(d.turns[6].text).toBe("Fixed 'recieve' → 'receive' in README.md line 12.")
    const t = await engine.api.getEpisode(timeout.id)
    expect(t.turns[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'event-1',
      meta: { error: 'Command timed out after 120 seconds' }
    })
    // termination: trajectory.json's last agent_state_changed (event 10) says finished; timeout.json records no
    // agent state and no finish action, so none
    expect([fixed.termination, timeout.termination]).toEqual(['finished', null])
    expect(runs[0].terminations).toEqual([{ reason: 'finished', count: 1 }])
  })

  it('termination without a state change: a finish action says finish; the last recorded state wins', () => {
    const events = [
      { id: 0, source: 'user', action: 'message', args: { content: 'go' } },
      { id: 1, source: 'agent', action: 'finish', args: { final_thought: 'done' } }
    ]
    const term = (evs: object[]) =>
      openhandsAdapter.index(evs, '/r/x.json', formatContext())[0].episodes[0].summary.termination
    expect(term(events)).toBe('finish')
    const state = (id: number, s: string) => ({
      id,
      source: 'environment',
      observation: 'agent_state_changed',
      content: '',
      extras: { agent_state: s }
    })
    expect(term([...events, state(2, 'FINISHED')])).toBe('finished')
    expect(term([events[0], state(1, 'running'), state(2, 'error')])).toBe('error')
  })

  it('claims event arrays only', () => {
    expect(openhandsAdapter.matches([{ id: 0, source: 'user', action: 'message', args: {} }], 'x.json')).toBe(true)
    expect(openhandsAdapter.matches([{ id: 0, role: 'user', content: 'x' }], 'x.json')).toBe(false)
  })
})

describe('Gemini CLI', () => {
  it('sessions: thoughts as reasoning, tool calls with their results, a follow-up user message, a cancelled call', async () => {
    const { episodes, engine } = await indexed(ownFixture('gemini-cli/chats'))
    expect(episodes.map((e) => [e.turns, e.tokensIn, e.tokensOut, e.status, e.durationMs])).toEqual([
      [2, 10, 2, 'ok', 10000],
      [7, 4100, 85, 'ok', 90000]
    ])
    const d = await engine.api.getEpisode(episodes[1].id)
    expect(d.turns.map((t) => [t.role, t.isObservation])).toEqual([
      ['user', false],
      ['assistant', false],
      ['tool', true],
      ['assistant', false],
      ['user', false],
      ['assistant', false],
      ['tool', true]
    ])
    expect(d.turns[1]).toMatchObject({ reasoning: 'Locating the file: I should read src/cli.ts.', tokens: 40 })
    expect(d.turns[1].toolCalls).toEqual([
      { id: 'read_file-1', name: 'read_file', arguments: { absolute_path: '/repo/src/cli.ts' } }
    ])
    expect(d.turns[2]).toMatchObject({
      toolCallId: 'read_file-1',
      text: "export function main() {}\nexport const VERSION = '1.0'"
    })
    expect(d.turns[6]).toMatchObject({
      toolCallId: 'shell-2',
      text: 'Tool call cancelled by user.',
      meta: { error: 'status: cancelled' }
    })
  })

  it('claims sessions only', () => {
    expect(geminiCliAdapter.matches({ sessionId: 's', messages: [{ type: 'user', content: 'x' }] }, 'x.json')).toBe(
      true
    )
    expect(geminiCliAdapter.matches({ session_id: 's', messages: [] }, 'x.json')).toBe(false)
  })
})
