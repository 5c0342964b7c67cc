import type { EventName, TraceEvent } from '@contract/api'

const EVENT_NAMES: readonly EventName[] = ['indexProgress', 'workspaceChanged']

/** Parses one SSE `data` payload into a TraceEvent; null for anything that is not one. */
export function parseTraceEvent(data: unknown): TraceEvent | null {
  if (typeof data !== 'string') return null
  let x: unknown
  try {
    x = JSON.parse(data)
  } catch {
    return null
  }
  if (!x || typeof x !== 'object') return null
  const e = x as { name?: unknown; payload?: unknown }
  if (typeof e.name !== 'string' || !(EVENT_NAMES as readonly string[]).includes(e.name)) return null
  if (!e.payload || typeof e.payload !== 'object') return null
  return e as TraceEvent
}

/** The URL of the browser-mode event stream (a same-origin EventSource sends the session cookie). */
export const EVENTS_URL = '/api/events'

type EventSourceLike = Pick<EventSource, 'close'> & {
  onmessage: ((ev: MessageEvent) => unknown) | null
}

/** Subscribes to the server's event stream; returns the unsubscribe function. The browser reconnects by itself. */
export function subscribeEventStream(
  url: string,
  listener: (event: TraceEvent) => void,
  Source: new (url: string) => EventSourceLike = EventSource
): () => void {
  const source = new Source(url)
  source.onmessage = (msg: MessageEvent) => {
    const event = parseTraceEvent(msg.data)
    if (event) listener(event)
  }
  return () => source.close()
}
