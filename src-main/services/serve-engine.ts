/**
 * The engine thread's side of the engine-thread protocol: answers calls through the same dispatch() every
 * transport uses (arguments validated, errors as Results), forwards the engine's events, and writes exports: into
 * a file itself, or as chunks to the host, no more than `exportWindow` characters ahead of what the host wrote.
 */
import type { Result } from '@contract/api'
import type { Engine } from './engine-types'
import { collectAfterBigReads } from '../formats/readers/big-reads'
import { dispatch, toApiError } from './dispatch'
import type { EnginePort, FromEngine, ToEngine } from './engine-thread-protocol'
import { EXPORT_WINDOW, relayedWriter, type RelayedWriter } from './export-relay'
import type { ExportSink } from '../export/export-types'

export function serveEngine(
  engine: Engine,
  port: EnginePort<ToEngine, FromEngine>,
  { exportWindow = EXPORT_WINDOW } = {}
): void {
  /** Exports streamed to the host, by id. */
  const relayed = new Map<number, RelayedWriter>()
  const relayTo = (id: number): ExportSink => {
    const writer = relayedWriter((chunk) => port.postMessage({ type: 'exportChunk', id, chunk }), exportWindow)
    relayed.set(id, writer)
    return { write: writer.write }
  }
  /**
   * Every call gets an answer: a result the port cannot clone (a value nested past V8's stack, issue 17's
   * 10,000-deep info) becomes an error result instead of a call that never returns ("Loading episode…" forever).
   */
  const answer = (id: number, result: Result<unknown>): void => {
    try {
      port.postMessage({ type: 'result', id, result })
    } catch (err) {
      const message = `the answer could not be sent to the app: ${err instanceof Error ? err.message : String(err)}`
      port.postMessage({ type: 'result', id, result: { ok: false, error: { code: 'internal', message } } })
    }
  }
  engine.onEvent((event) => port.postMessage({ type: 'event', event }))
  port.on('message', (m) => {
    if (m.type === 'call') {
      void dispatch(engine.api, m.method, m.args).then((result) => {
        answer(m.id, result)
        // a record of tens of MB read for the call (one a reader declined) is garbage to collect now (big-reads.ts)
        collectAfterBigReads()
      })
    } else if (m.type === 'export') {
      // formatted and written here: the host's thread only drains chunks into its sink, or waits for the file
      const sink: ExportSink = m.toFile !== null ? { file: m.toFile } : relayTo(m.id)
      engine
        .exportTo(m.request, sink)
        .then(
          (value) => port.postMessage({ type: 'result', id: m.id, result: { ok: true, value } }),
          (err: unknown) =>
            port.postMessage({ type: 'result', id: m.id, result: { ok: false, error: toApiError(err) } })
        )
        .finally(() => relayed.delete(m.id))
    } else if (m.type === 'exportWritten') {
      relayed.get(m.id)?.written(m.size)
    } else if (m.type === 'exportStopped') {
      relayed.get(m.id)?.stop(m.message)
    } else if (m.type === 'indexPaths') {
      engine.indexPaths(m.paths, { force: m.force, waitMs: m.waitMs }).then(
        (value) => port.postMessage({ type: 'indexed', id: m.id, result: { ok: true, value } }),
        (err: unknown) => port.postMessage({ type: 'indexed', id: m.id, result: { ok: false, error: toApiError(err) } })
      )
    } else if (m.type === 'close') {
      void engine
        .close()
        .catch((err: unknown) => console.error('rollscope: closing the engine failed:', err))
        .finally(() => port.postMessage({ type: 'closed', id: m.id })) // the host then ends the thread
    }
  })
  port.postMessage({ type: 'ready' })
}
