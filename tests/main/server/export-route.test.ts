/**
 * Browser mode's "save this export": `POST /api/export-prepare` → ticket → `GET /api/export?ticket=`, over the real
 * engine behind a MessagePort (as `rollscope serve` runs it on its own thread) and the bundled demo workspace.
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportTicket } from '@contract/export'
import type { RunSummary } from '@contract/model'
import { startServer, type RunningServer } from '../../../src-main/server/start-server'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { threadedEngine } from '../../helpers/threaded-engine'
import { apiCall, rawRequest, type RawResponse } from './http-helpers'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let real: Engine
let threaded: ReturnType<typeof threadedEngine>
let server: RunningServer
let run: RunSummary

/** The demo's two repo-repair eval runs (base, trained): the runs these exports are about. */
const evalRuns = async (): Promise<RunSummary[]> => (await real.api.listRuns()).filter((r) => r.format === 'chat-jsonl')

beforeAll(async () => {
  real = tempEngine().engine
  await real.indexPaths([DEMO])
  threaded = threadedEngine(real)
  server = await startServer({ engine: threaded.client, port: 0, staticDir: null })
  run = (await evalRuns())[0]
}, 60_000)
afterAll(async () => {
  await server?.close()
  await threaded?.client.close()
})

const prepare = (request: unknown): Promise<RawResponse> =>
  apiCall(server.port, 'export-prepare', request, server.token)
const ticketOf = (r: RawResponse): ExportTicket => (JSON.parse(r.body) as { value: ExportTicket }).value
const download = (ticket: string, token = server.token): Promise<RawResponse> =>
  rawRequest(server.port, `/api/export?${new URLSearchParams({ ticket, token })}`)
/** Prepare, then download: what the app's saveExport does in a browser. */
async function exported(request: Record<string, unknown>): Promise<RawResponse> {
  const prepared = await prepare({ kind: 'episodes', ...request })
  expect(prepared.status, prepared.body).toBe(200)
  return download(ticketOf(prepared).ticket)
}

describe('episodes: prepare → ticket → download', () => {
  it('streams SFT lines of the filtered run as an attachment named after the run', async () => {
    const filter = 'turns >= 2'
    const expected = await real.api.listEpisodes({ runId: run.id, filter, limit: 1000 })
    const r = await exported({ format: 'sft', runId: run.id, filter })
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toBe('application/x-ndjson; charset=utf-8')
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="rollscope-[A-Za-z0-9._-]+-sft\.jsonl"$/)
    const lines = r.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { messages: { role: string }[] })
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.length).toBeLessThanOrEqual(expected.total)
    for (const l of lines) for (const m of l.messages) expect(['system', 'user', 'assistant', 'tool']).toContain(m.role)
  })

  it('a CSV export has one row per episode the table shows for the same filter', async () => {
    const filter = 'reward > 0.5'
    const expected = await real.api.listEpisodes({ runId: run.id, filter, limit: 1000 })
    const r = await exported({ format: 'csv', runId: run.id, filter })
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(r.headers['content-disposition']).toMatch(/(?<!-csv)\.csv"$/)
    const rows = r.body.trim().split('\r\n').slice(1)
    expect(rows).toHaveLength(expected.total)
    for (const e of expected.items) expect(r.body).toContain(e.id)
  })

  it('exports a table over several runs in one file, the filter applied across them', async () => {
    const [a, b] = await evalRuns()
    const filter = 'passed == false'
    const expected = await real.api.listEpisodes({ runId: a.id, runIds: [b.id], filter, limit: 1000 })
    const r = await exported({ format: 'csv', runId: a.id, runIds: [b.id], filter })
    expect(r.status).toBe(200)
    expect(r.headers['content-disposition']).toMatch(/-and-1-more\.csv"$/)
    expect(r.body.trim().split('\r\n').slice(1)).toHaveLength(expected.total)
    expect(new Set(expected.items.map((e) => e.runId))).toEqual(new Set([a.id, b.id]))
    for (const e of expected.items) expect(r.body).toContain(e.id)
    const gone = await prepare({ kind: 'episodes', format: 'csv', runId: a.id, runIds: ['nope'] })
    expect(gone.status).toBe(404)
  })

  it('sft options: passedOnly keeps the passing episodes; the options refuse other formats and unknown labels', async () => {
    const passed = await real.api.listEpisodes({ runId: run.id, filter: 'passed == true', limit: 1000 })
    const r = await exported({ format: 'sft', runId: run.id, passedOnly: true })
    expect(r.body.trim().split('\n')).toHaveLength(passed.total)
    const csv = await prepare({ kind: 'episodes', format: 'csv', runId: run.id, passedOnly: true })
    expect(csv.status).toBe(400)
    expect(JSON.parse(csv.body).error.message).toMatch(/apply to the sft format/)
    const unknown = await prepare({ kind: 'episodes', format: 'sft', runId: run.id, dropLabelled: 'nope' })
    expect(unknown.status).toBe(400)
    expect(JSON.parse(unknown.body).error.message).toBe('unknown label "nope"')
    expect((await prepare({ kind: 'episodes', format: 'sft', runId: run.id, dropLabelled: 'wrong tool' })).status).toBe(
      200
    )
    expect((await prepare({ kind: 'episodes', format: 'sft', runId: run.id, passedOnly: 'maybe' })).status).toBe(400)
  })

  it('refuses bad input at prepare with a JSON 400/404, before any ticket or byte of the file', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ format: 'xml', runId: run.id }, 400, /format must be one of jsonl, sft, preference, csv, md/],
      [{ format: 'sft' }, 400, /run \(a run id\) is required/],
      [{ format: 'sft', runId: 'nope' }, 404, /no run with id nope/],
      [{ format: 'csv', runId: run.id, filter: 'reward >< 1' }, 400, /./],
      [{ format: 'jsonl', runId: run.id, label: 'no-such-label' }, 400, /unknown label "no-such-label"/],
      [{ format: 'jsonl', runId: run.id, sneaky: true }, 400, /sneaky/]
    ]
    for (const [request, status, message] of cases) {
      const r = await prepare({ kind: 'episodes', ...request })
      expect(r.status, JSON.stringify(request)).toBe(status)
      expect(r.headers['content-disposition']).toBeUndefined()
      const body = JSON.parse(r.body) as { ok: boolean; error: { message: string } }
      expect(body.ok).toBe(false)
      expect(body.error.message).toMatch(message)
    }
    for (const bad of [[1, 2], 'csv', { kind: 'everything' }]) expect((await prepare(bad)).status).toBe(400)
  })

  it('prepare answers the ticket and what the file will be, without exporting; the engine thread writes the download', async () => {
    const from = threaded.sent.length
    const ok = await prepare({ kind: 'episodes', format: 'csv', runId: run.id, filter: 'reward > 0.5' })
    expect(ok.status).toBe(200)
    expect(ok.headers['content-disposition']).toBeUndefined()
    expect(ticketOf(ok)).toEqual({
      ticket: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      fileName: expect.stringMatching(/^rollscope-[A-Za-z0-9._-]+(?<!-csv)\.csv$/),
      contentType: 'text/csv; charset=utf-8',
      title: 'Export csv',
      summary: null
    })
    expect((await download(ticketOf(ok).ticket)).status).toBe(200)
    // the server thread asked for the plan and for the export; the reads and the CSV were the engine thread's
    expect(
      threaded.sent
        .slice(from)
        .filter((m) => m.type === 'call' || m.type === 'export')
        .map((m) => (m.type === 'call' ? m.method : m.type))
    ).toEqual(['planExport', 'export'])
  })

  it('needs the token (header for prepare, query or header for the download) and a ticket', async () => {
    expect((await apiCall(server.port, 'export-prepare', { kind: 'labels' }, null)).status).toBe(401)
    const r = ticketOf(await prepare({ kind: 'episodes', format: 'csv', runId: run.id }))
    expect((await download(r.ticket, 'wrong-token')).status).toBe(401)
    expect((await rawRequest(server.port, `/api/export?ticket=${r.ticket}`)).status).toBe(401)
    // the refused attempts did not use the ticket up: the token is checked before it is looked at
    expect((await download(r.ticket)).status).toBe(200)
    const noTicket = await rawRequest(
      server.port,
      `/api/export?${new URLSearchParams({ format: 'csv', run: run.id, token: server.token })}`
    )
    expect(noTicket.status).toBe(400)
    expect(noTicket.body).toContain('ticket of POST /api/export-prepare')
    // A POST is an API call named "export" (there is none), and the query token is not accepted for it.
    expect(
      (await rawRequest(server.port, `/api/export?token=${server.token}`, { method: 'POST', body: '[]' })).status
    ).toBe(401)
  })
})

describe('the other kinds through the same two requests', () => {
  it('the labels file: prepare already says what it holds, the download is the labels JSON', async () => {
    const prepared = await prepare({ kind: 'labels' })
    expect(prepared.status).toBe(200)
    const t = ticketOf(prepared)
    expect(t).toMatchObject({
      fileName: 'rollscope-labels.json',
      contentType: 'application/json; charset=utf-8',
      summary: { kind: 'labels', labels: 0, notes: 0 }
    })
    const r = await download(t.ticket)
    expect(r.headers['content-disposition']).toBe('attachment; filename="rollscope-labels.json"')
    expect(JSON.parse(r.body)).toMatchObject({ format: 'rollscope-labels', version: 1, items: [] })
  })

  it('the comparison as an HTML report, with the screen options; a pairing the engine refuses is refused at prepare', async () => {
    const [a, b] = await evalRuns()
    const t = ticketOf(
      await prepare({ kind: 'compareReport', runA: a.id, runB: b.id, options: { category: 'archetype' } })
    )
    expect(t.fileName).toMatch(/^compare-[A-Za-z0-9_.-]+-vs-[A-Za-z0-9_.-]+\.html$/)
    const r = await download(t.ticket)
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(r.body).toBe(await real.api.compareReportHtml(a.id, b.id, { category: 'archetype' }))
    expect((await prepare({ kind: 'compareReport', runA: a.id, runB: 'gone' })).status).toBe(404)
  })
})
