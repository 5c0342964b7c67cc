/** Browser mode over the real engine (inline indexer) and the real verifiers fixtures. */
import { get } from 'node:http'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TraceEvent } from '@contract/api'
import type { RunSummary, Workspace } from '@contract/model'
import { startServer, type RunningServer } from '../../../src-main/server/start-server'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { apiCall } from './http-helpers'

const WORDLE = resolve(
  import.meta.dirname,
  '../../../../shared/fixtures/verifiers/willccbb-verifiers/wordle--gpt-4.1-mini'
)
let engine: Engine
let server: RunningServer

beforeAll(async () => {
  engine = tempEngine().engine
  server = await startServer({ engine, port: 0, staticDir: null })
})
afterAll(async () => {
  await server.close()
  await engine.close()
})

/** Collects SSE events until `until` says stop. */
function collectEvents(until: (events: TraceEvent[]) => boolean, onOpen: () => void): Promise<TraceEvent[]> {
  return new Promise((done, fail) => {
    const events: TraceEvent[] = []
    const req = get({ host: '127.0.0.1', port: server.port, path: `/api/events?token=${server.token}` }, (res) => {
      let buffer = ''
      let opened = false
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (frame.startsWith('data: ')) events.push(JSON.parse(frame.slice(6)))
          if (!opened) {
            opened = true
            onOpen()
          }
        }
        if (until(events)) {
          req.destroy()
          done(events)
        }
      })
    })
    req.on('error', fail)
  })
}

describe('browser mode with the real engine', () => {
  it('adds a folder over HTTP, streams its index progress over SSE, then lists the run', async () => {
    const events = await collectEvents(
      (evs) =>
        evs.some((e) => e.name === 'indexProgress' && (e as TraceEvent<'indexProgress'>).payload.state === 'done'),
      () => void apiCall(server.port, 'addPaths', [[WORDLE]], server.token)
    )
    const last = events.filter((e) => e.name === 'indexProgress').at(-1) as TraceEvent<'indexProgress'>
    expect(last.payload).toMatchObject({ state: 'done', episodes: 15, failed: 0 })
    expect(events.some((e) => e.name === 'workspaceChanged')).toBe(true)

    const runs = await apiCall(server.port, 'listRuns', [], server.token)
    expect(runs.status).toBe(200)
    const list = (JSON.parse(runs.body) as { ok: true; value: RunSummary[] }).value
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ env: 'wordle', model: 'gpt-4.1-mini', episodes: 15, tasks: 5 })

    const ws = (JSON.parse((await apiCall(server.port, 'getWorkspace', [], server.token)).body) as { value: Workspace })
      .value
    expect(ws.roots).toEqual([WORDLE])
  })

  it('answers a bad episode query with 400 and an unknown run with 404', async () => {
    expect((await apiCall(server.port, 'listEpisodes', [{ runId: 'x', limit: 0 }], server.token)).status).toBe(400)
    expect((await apiCall(server.port, 'listEpisodes', [{ runId: 'no-such-run' }], server.token)).status).toBe(404)
  })
})
