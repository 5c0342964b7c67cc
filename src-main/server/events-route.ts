/** `GET /api/events`: engine events as Server-Sent Events, one `data:` JSON line per event. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TraceEvent } from '@contract/api'
import type { Engine } from '../services/engine-types'
import { COMMON_HEADERS } from './security'

/** Comment pings keep proxies and idle timeouts from closing a quiet stream. */
export const PING_INTERVAL_MS = 15_000

/** Streams events until the client goes away, then unsubscribes. */
export function handleEvents(
  req: IncomingMessage,
  res: ServerResponse,
  engine: Pick<Engine, 'onEvent' | 'api'>,
  pingMs = PING_INTERVAL_MS
): void {
  res.writeHead(200, {
    ...COMMON_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive'
  })
  // An immediate comment flushes the headers, so EventSource fires `open` without waiting for an event.
  res.write(': connected\n\n')
  const send = (event: TraceEvent): void => {
    // JSON.stringify never emits raw newlines, so one `data:` line per event is always well-formed.
    if (!res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`)
  }
  const unsubscribe = engine.onEvent(send)
  // A page fetches its first state, then opens this stream: whatever the indexer finished in between would be lost
  // (a run missing until the next file, progress stuck at its first figures). Catch every new connection up.
  engine.api.getProgress().then(
    (progress) => {
      send({ name: 'indexProgress', payload: progress })
      send({ name: 'workspaceChanged', payload: { runIds: [] } })
    },
    () => undefined // the engine is closing: nothing to catch up with
  )
  const ping = setInterval(() => {
    if (!res.destroyed) res.write(': ping\n\n')
  }, pingMs)
  ping.unref()
  const stop = (): void => {
    clearInterval(ping)
    unsubscribe()
  }
  req.socket.setTimeout(0)
  res.on('close', stop)
}
