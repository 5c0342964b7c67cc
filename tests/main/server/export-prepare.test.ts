/** Exports of picked rows in browser mode (prepare + ticket), over the real engine and the demo workspace. */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeSummary, RunSummary } from '@contract/model'
import { startServer, type RunningServer } from '../../../src-main/server/start-server'
import { createExportTickets, TICKET_TTL_MS } from '../../../src-main/server/export-tickets'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { apiCall, rawRequest } from './http-helpers'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
let server: RunningServer
let runs: RunSummary[]
let eps: EpisodeSummary[]

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  server = await startServer({ engine, port: 0, staticDir: null })
  runs = await engine.api.listRuns()
  eps = (await engine.api.listEpisodes({ runId: runs[0].id, limit: 20 })).items
}, 60_000)
afterAll(async () => {
  await server?.close()
  await engine?.close()
})

const prepare = (request: Record<string, unknown>, token: string | null = server.token) =>
  apiCall(server.port, 'export-prepare', { kind: 'episodes', ...request }, token)
const download = (ticket: string, token = server.token) =>
  rawRequest(server.port, `/api/export?${new URLSearchParams({ ticket, token })}`)
const ticketOf = (r: { body: string }): string => (JSON.parse(r.body) as { value: { ticket: string } }).value.ticket

describe('export of picked rows (prepare + ticket)', () => {
  it('exports exactly the picked episodes, in the picked order, ignoring the filter; the ticket works once', async () => {
    const picked = [eps[5].id, eps[1].id, eps[12].id]
    // a filter that shows none of them: picked rows are exported as they are
    const r = await prepare({ format: 'jsonl', runId: runs[0].id, filter: 'reward > 99', episodeIds: picked })
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body).value.fileName).toMatch(/^rollscope-[A-Za-z0-9._-]+(?<!-jsonl)\.jsonl$/)
    const got = await download(ticketOf(r))
    expect(got.status).toBe(200)
    expect(got.headers['content-disposition']).toMatch(
      /^attachment; filename="rollscope-[A-Za-z0-9._-]+(?<!-jsonl)\.jsonl"$/
    )
    const ids = got.body
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id)
    expect(ids).toEqual(picked)
    const again = await download(ticketOf(r))
    expect(again.status).toBe(404)
    expect(again.body).toContain('used already or has expired')
  })

  it('refuses a wrong ticket, a missing token and a wrong token', async () => {
    expect((await download('not-a-ticket')).status).toBe(404)
    const r = await prepare({ format: 'csv', runId: runs[0].id, episodeIds: [eps[0].id] })
    expect((await download(ticketOf(r), 'wrong-token')).status).toBe(401)
    expect((await prepare({ format: 'csv', runId: runs[0].id, episodeIds: [eps[0].id] }, null)).status).toBe(401)
    // the refused attempt did not use the ticket up: the token is checked before it is looked at
    const ok = await download(ticketOf(r))
    expect(ok.status).toBe(200)
    expect(ok.body.trim().split('\r\n')).toHaveLength(2) // header + the one picked row
  })

  it('validates the ids: unknown, of another run, not a list, too many; preference refuses picked rows', async () => {
    const unknown = await prepare({ format: 'jsonl', runId: runs[0].id, episodeIds: [eps[0].id, 'nope'] })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toContain('no episode with id nope')
    const other = (await engine.api.listEpisodes({ runId: runs[1].id, limit: 1 })).items[0]
    const foreign = await prepare({ format: 'jsonl', runId: runs[0].id, episodeIds: [other.id] })
    expect(foreign.status).toBe(400)
    expect(foreign.body).toContain('is not in the exported run(s)')
    // with its run in the table it is fine
    expect(
      (await prepare({ format: 'jsonl', runId: runs[0].id, runIds: [runs[1].id], episodeIds: [other.id] })).status
    ).toBe(200)
    expect((await prepare({ format: 'jsonl', runId: runs[0].id, episodeIds: 'abc' })).status).toBe(400)
    const many = Array.from({ length: 10_001 }, (_, i) => `id-${i}`)
    const tooMany = await prepare({ format: 'jsonl', runId: runs[0].id, episodeIds: many })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toContain('at most 10000')
    const pref = await prepare({ format: 'preference', runId: runs[0].id, episodeIds: [eps[0].id] })
    expect(pref.status).toBe(400)
  })
})

describe('export tickets', () => {
  it('expire after TICKET_TTL_MS and are used up by take', () => {
    let t = 1000
    const tickets = createExportTickets(() => t)
    const plan = { fileName: 'f.csv', contentType: 'text/csv; charset=utf-8', title: 'Export csv', summary: null }
    const a = tickets.issue({ request: { kind: 'episodes', format: 'csv', runId: 'r' }, plan })
    const b = tickets.issue({ request: { kind: 'labels' }, plan })
    expect(a).not.toBe(b)
    expect(tickets.take(a)).toEqual({ request: { kind: 'episodes', format: 'csv', runId: 'r' }, plan })
    expect(tickets.take(a)).toBeUndefined()
    t += TICKET_TTL_MS
    expect(tickets.take(b)).toBeUndefined()
  })
})
