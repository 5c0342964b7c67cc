import { describe, expect, it } from 'vitest'
import type { EpisodeSummary } from '@contract/model'
import { formatFailure, rowFlags } from '../../../src-renderer/src/features/episodes/row-flags'

type Fields = Pick<EpisodeSummary, 'metrics' | 'info'>
const ep = (metrics: Fields['metrics'] = {}, info: Fields['info'] = {}): Fields => ({ metrics, info })

describe('format failure rule', () => {
  it('a format or parse score at exactly 0 fails; a partial score does not', () => {
    expect(formatFailure(ep({ format_reward_func: 0 }))).toBe('format_reward_func = 0')
    expect(formatFailure(ep({ format_reward: 0, correct_answer_reward_func: 1 }))).toBe('format_reward = 0')
    expect(formatFailure(ep({ format_reward_func: 0.4666666667 }))).toBeNull() // Wordle fixture value
    expect(formatFailure(ep({ format_reward_func: 1 }))).toBeNull()
    expect(formatFailure(ep({}, { format_ok: false }))).toBe('info.format_ok = false')
    expect(formatFailure(ep({ xml_format_ok: 0 }))).toBe('xml_format_ok = 0')
    expect(formatFailure(ep({ parsed: 0 }))).toBe('parsed = 0')
  })

  it('a failure-named field fails when set', () => {
    expect(formatFailure(ep({}, { parse_error: 'no <answer> tag' }))).toBe('info.parse_error = "no <answer> tag"')
    expect(formatFailure(ep({ format_error: 1 }))).toBe('format_error = 1')
    expect(formatFailure(ep({}, { parse_failed: true }))).toBe('info.parse_failed = true')
    expect(formatFailure(ep({ format_error_count: 3 }))).toBe('format_error_count = 3')
    for (const unset of [0, false, '', 'none', 'False', null])
      expect(formatFailure(ep({}, { parse_error: unset }))).toBeNull()
  })

  it('reads how-it-ended fields naming a parse failure (Terminal-Bench failure_mode)', () => {
    expect(formatFailure(ep({}, { failure_mode: 'fatal_llm_parse_error' }))).toBe(
      'info.failure_mode = "fatal_llm_parse_error"'
    )
    expect(formatFailure(ep({}, { failure_mode: 'agent_timeout' }))).toBeNull()
  })

  it('ignores look-alikes: quantities at 0, other words, templates', () => {
    expect(formatFailure(ep({ parse_calls: 0, format_tokens: 0, reformat_reward: 0, parser_time: 0 }))).toBeNull()
    expect(
      formatFailure(ep({}, { format_error_template: 'Bad format: {e}', trajectory_format: 'mini-swe-agent-1.1' }))
    ).toBeNull()
    expect(formatFailure(ep({ total_tool_calls: 0 }, { difficulty: 'hard' }))).toBeNull()
  })
})

describe('row flags', () => {
  const base = { status: 'ok' as const, error: null, metrics: {}, info: {} }
  it('marks how the episode ended and a format failure, most serious first, with the reason as title', () => {
    expect(rowFlags(base)).toEqual([])
    const err = rowFlags({ ...base, status: 'error', error: 'Timeout after 30s', metrics: { format_reward: 0 } })
    expect(err.map((f) => [f.kind, f.label, f.tone])).toEqual([
      ['error', 'error', 'bad'],
      ['format', 'format', 'warn']
    ])
    expect(err[0].title).toBe('Timeout after 30s')
    expect(err[1].title).toBe('Format failure: format_reward = 0')
    expect(rowFlags({ ...base, status: 'truncated', error: 'truncated: max_tokens' })[0].title).toBe(
      'truncated: max_tokens'
    )
    expect(rowFlags({ ...base, status: 'truncated', error: 'context window exceeded' })[0].title).toBe(
      'Truncated: context window exceeded'
    )
    expect(rowFlags({ ...base, status: 'truncated' })[0].title).toMatch(/^Truncated: cut before it finished/)
    expect(rowFlags({ ...base, status: 'cancelled' }).map((f) => f.kind)).toEqual(['cancelled'])
  })

  it('marks an episode without a result (its reason) and one known only from a harness report', () => {
    const flags = rowFlags({ ...base, unscored: 'parse_error', transcript: false })
    expect(flags.map((f) => [f.kind, f.label])).toEqual([
      ['unscored', 'no result'],
      ['no-transcript', 'no transcript']
    ])
    expect(flags[0].title).toContain('parse_error')
    expect(flags[1].title).toBe('No transcript on disk: known from the harness report')
    expect(rowFlags({ ...base, unscored: null, transcript: true })).toEqual([])
  })
})
