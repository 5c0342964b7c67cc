import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '@contract/api'
import { parseTraceEvent, subscribeEventStream } from '../../../src-renderer/src/api/event-stream'

describe('parseTraceEvent', () => {
  it('accepts the two known events', () => {
    const e = parseTraceEvent('{"name":"workspaceChanged","payload":{"runIds":["a","b"]}}')
    expect(e).toEqual({ name: 'workspaceChanged', payload: { runIds: ['a', 'b'] } })
  })
  it('rejects unknown names, bad JSON and missing payloads', () => {
    expect(parseTraceEvent('{"name":"evil","payload":{}}')).toBeNull()
    expect(parseTraceEvent('{not json')).toBeNull()
    expect(parseTraceEvent('{"name":"indexProgress"}')).toBeNull()
    expect(parseTraceEvent(42)).toBeNull()
  })
})

describe('subscribeEventStream', () => {
  it('delivers parsed events, skips junk, and closes on unsubscribe', () => {
    const instances: FakeSource[] = []
    class FakeSource {
      onmessage: ((ev: MessageEvent) => unknown) | null = null
      closed = false
      constructor(readonly url: string) {
        instances.push(this)
      }
      close(): void {
        this.closed = true
      }
    }
    const got: TraceEvent[] = []
    const off = subscribeEventStream('/api/events', (e) => got.push(e), FakeSource)
    expect(instances[0].url).toBe('/api/events')
    instances[0].onmessage?.({ data: '{"name":"workspaceChanged","payload":{"runIds":["r"]}}' } as MessageEvent)
    instances[0].onmessage?.({ data: 'garbage' } as MessageEvent)
    expect(got).toEqual([{ name: 'workspaceChanged', payload: { runIds: ['r'] } }])
    off()
    expect(instances[0].closed).toBe(true)
  })
})
