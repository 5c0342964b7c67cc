/**
 * The engine thread's side of the engine-thread protocol: answers calls through the same dispatch() every
 * transport uses (arguments validated, errors as Results) and forwards the engine's events.
 */
import type { Engine } from './engine-types'
import { dispatch, toApiError } from './dispatch'
import type { EnginePort, FromEngine, ToEngine } from './engine-thread-protocol'

export function serveEngine(engine: Engine, port: EnginePort<ToEngine, FromEngine>): void {
  engine.onEvent((event) => port.postMessage({ type: 'event', event }))
  port.on('message', (m) => {
    if (m.type === 'call') {
      void dispatch(engine.api, m.method, m.args).then((result) => port.postMessage({ type: 'result', id: m.id, result }))
    } else if (m.type === 'indexPaths') {
      engine.indexPaths(m.paths, { force: m.force }).then(
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
