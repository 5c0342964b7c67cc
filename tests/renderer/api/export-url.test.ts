import { describe, expect, it } from 'vitest'
import { exportUrl } from '../../../src-renderer/src/api/export-url'

describe('exportUrl', () => {
  it('puts format, run, filter, label and the token in the query, URL-encoded', () => {
    const url = new URL(exportUrl('t0k', { format: 'sft', runId: 'r1', filter: 'label == "loop" and reward < 0.5', label: 'a&b' }, 'http://127.0.0.1:1'))
    expect(url.pathname).toBe('/api/export')
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'sft', run: 'r1', filter: 'label == "loop" and reward < 0.5', label: 'a&b', token: 't0k' })
  })

  it('leaves out an empty filter, a missing label and a missing token', () => {
    expect(exportUrl(null, { format: 'csv', runId: 'r1', filter: '  ' })).toBe('/api/export?format=csv&run=r1')
  })
})
