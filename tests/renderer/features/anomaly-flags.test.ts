import { describe, expect, it } from 'vitest'
import { anomalyFlags } from '../../../src-renderer/src/features/episodes/anomaly-flags'
import { rowFlags } from '../../../src-renderer/src/features/episodes/row-flags'

describe('anomaly badges', () => {
  const base = { status: 'ok' as const, error: null, metrics: {}, info: {} }
  it('one badge per code with its rule as the tooltip, after the status and format flags', () => {
    const flags = rowFlags({ ...base, status: 'truncated', anomalies: ['loop', 'truncated', 'long-episode'] })
    expect(flags.map((f) => f.kind)).toEqual(['truncated', 'loop', 'long-episode'])
    expect(flags[1].title).toMatch(
      /same tool call \(same arguments\), or the same cycle of 2–3 calls, repeated 3 or more times back to back/
    )
    expect(flags[2].title).toMatch(/3× the run's median steps/)
  })
  it('truncated and error repeat the status badge only when the status does not say it', () => {
    expect(anomalyFlags({ status: 'error', error: 'boom', anomalies: ['error'] })).toEqual([])
    expect(anomalyFlags({ status: 'ok', error: 'tool timed out', anomalies: ['error'] })).toEqual([
      { kind: 'error', label: 'error', title: 'Error: tool timed out', tone: 'bad' }
    ])
  })
  it('labels the other codes and skips unknown ones', () => {
    const f = anomalyFlags({ status: 'ok', error: null, anomalies: ['empty-answer', 'short-success', 'nope' as never] })
    expect(f.map((x) => x.label)).toEqual(['empty answer', 'short success'])
    const t = anomalyFlags({ status: 'ok', error: null, anomalies: ['tool-error', 'timeout'] })
    expect(t.map((x) => [x.kind, x.label])).toEqual([
      ['tool-error', 'tool error'],
      ['timeout', 'timeout']
    ])
    expect(t[1].title).toMatch(/tool call timed out/)
  })
})
