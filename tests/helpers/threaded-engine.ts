import { MessageChannel } from 'node:worker_threads'
import { connectEngine, type EngineThreadClient } from '../../src-main/services/engine-thread-client'
import type { FromEngine, ToEngine } from '../../src-main/services/engine-thread-protocol'
import type { Engine } from '../../src-main/services/engine-types'
import { serveEngine } from '../../src-main/services/serve-engine'

export type Traffic = { sent: ToEngine } | { received: FromEngine }

/**
 * A real engine behind a MessageChannel, as the desktop app and browser mode have it on its own thread (a worker
 * cannot load the TypeScript sources under test): the host's client, every message the host sent, and both
 * directions in the order the host saw them, so a test can tell what ran on which side of the port.
 */
export function threadedEngine(
  real: Engine,
  options: { exportWindow?: number } = {}
): { client: EngineThreadClient; sent: ToEngine[]; traffic: Traffic[] } {
  const channel = new MessageChannel()
  serveEngine(real, channel.port1, options)
  const sent: ToEngine[] = []
  const traffic: Traffic[] = []
  const host = channel.port2
  const client = connectEngine(
    {
      postMessage: (m: ToEngine) => {
        sent.push(m)
        traffic.push({ sent: m })
        host.postMessage(m)
      },
      on: (event, listener) =>
        host.on(event, (m: FromEngine) => {
          traffic.push({ received: m })
          listener(m)
        })
    },
    async () => {
      channel.port1.close()
      host.close()
    }
  )
  return { client, sent, traffic }
}
