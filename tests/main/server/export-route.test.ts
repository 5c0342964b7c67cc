/** `GET /api/export` over the real engine (inline indexer) and the bundled demo workspace. */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { startServer, type RunningServer } from '../../../src-main/server/start-server'
import type { Engine } from '../../../src-main/services/engine-types'
import { tempEngine } from '../../helpers/temp-engine'
import { rawRequest } from './http-helpers'

const DEMO = resolve(import.meta.dirname, '../../../resources/demo')
let engine: Engine
let server: RunningServer
let run: RunSummary

beforeAll(async () => {
  engine = tempEngine().engine
  await engine.indexPaths([DEMO])
  server = await startServer({ engine, port: 0, staticDir: null })
  run = (await engine.api.listRuns())[0]
}, 60_000)
afterAll(async () => {
  await server?.close()
  await engine?.close()
})

function exportUrl(params: Record<string, string>): string {
  return `/api/export?${new URLSearchParams({ token: server.token, ...params })}`
}

describe('GET /api/export', () => {
  it('streams SFT lines of the filtered run as an attachment named after the run', async () => {
    const filter = 'turns >= 2'
    const expected = await engine.api.listEpisodes({ runId: run.id, filter, limit: 1000 })
    const r = await rawRequest(server.port, exportUrl({ format: 'sft', run: run.id, filter }))
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toBe('application/x-ndjson; charset=utf-8')
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="rollscope-[A-Za-z0-9._-]+-sft\.jsonl"$/)
    const lines = r.body.trim().split('\n').map((l) => JSON.parse(l) as { messages: { role: string }[] })
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.length).toBeLessThanOrEqual(expected.total)
    for (const l of lines) for (const m of l.messages) expect(['system', 'user', 'assistant', 'tool']).toContain(m.role)
  })

  it('a CSV export has one row per episode the table shows for the same filter', async () => {
    const filter = 'reward > 0.5'
    const expected = await engine.api.listEpisodes({ runId: run.id, filter, limit: 1000 })
    const r = await rawRequest(server.port, exportUrl({ format: 'csv', run: run.id, filter }))
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(r.headers['content-disposition']).toMatch(/-csv\.csv"$/)
    const ids = expected.items.map((e) => e.id)
    const rows = r.body.trim().split('\r\n').slice(1)
    expect(rows).toHaveLength(expected.total)
    for (const id of ids) expect(r.body).toContain(id)
  })

  it('exports a table over several runs (repeated run=) in one file, the filter applied across them', async () => {
    const [a, b] = await engine.api.listRuns()
    const filter = 'passed == false'
    const expected = await engine.api.listEpisodes({ runId: a.id, runIds: [b.id], filter, limit: 1000 })
    const url = `${exportUrl({ format: 'csv', run: a.id, filter })}&run=${encodeURIComponent(b.id)}`
    const r = await rawRequest(server.port, url)
    expect(r.status).toBe(200)
    expect(r.headers['content-disposition']).toMatch(/-and-1-more-csv\.csv"$/)
    const rows = r.body.trim().split('\r\n').slice(1)
    expect(rows).toHaveLength(expected.total)
    expect(new Set(expected.items.map((e) => e.runId))).toEqual(new Set([a.id, b.id]))
    for (const e of expected.items) expect(r.body).toContain(e.id)
    const gone = await rawRequest(server.port, `${exportUrl({ format: 'csv', run: a.id, check: '1' })}&run=nope`)
    expect(gone.status).toBe(404)
  })

  it('sft options: passedOnly=1 keeps the passing episodes; the options refuse other formats and unknown labels', async () => {
    const passed = await engine.api.listEpisodes({ runId: run.id, filter: 'passed == true', limit: 1000 })
    const r = await rawRequest(server.port, exportUrl({ format: 'sft', run: run.id, passedOnly: '1' }))
    expect(r.status).toBe(200)
    expect(r.body.trim().split('\n')).toHaveLength(passed.total)
    const csv = await rawRequest(server.port, exportUrl({ format: 'csv', run: run.id, passedOnly: '1' }))
    expect(csv.status).toBe(400)
    expect(JSON.parse(csv.body).error.message).toMatch(/apply to the sft format/)
    const unknown = await rawRequest(server.port, exportUrl({ format: 'sft', run: run.id, dropLabelled: 'nope' }))
    expect(unknown.status).toBe(400)
    expect(JSON.parse(unknown.body).error.message).toBe('unknown label "nope"')
    expect((await rawRequest(server.port, exportUrl({ format: 'sft', run: run.id, dropLabelled: 'wrong tool', check: '1' }))).status).toBe(200)
    expect((await rawRequest(server.port, exportUrl({ format: 'sft', run: run.id, passedOnly: 'maybe' }))).status).toBe(400)
  })

  it('refuses bad input with a JSON 400/404 before any byte of the file', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ format: 'xml', run: run.id }, 400, /format must be one of jsonl, sft, preference, csv, md/],
      [{ format: 'sft' }, 400, /run \(a run id\) is required/],
      [{ format: 'sft', run: 'nope' }, 404, /no run with id nope/],
      [{ format: 'csv', run: run.id, filter: 'reward >< 1' }, 400, /./],
      [{ format: 'jsonl', run: run.id, label: 'no-such-label' }, 400, /unknown label "no-such-label"/]
    ]
    for (const [params, status, message] of cases) {
      const r = await rawRequest(server.port, exportUrl(params))
      expect(r.status, JSON.stringify(params)).toBe(status)
      expect(r.headers['content-disposition']).toBeUndefined()
      const body = JSON.parse(r.body) as { ok: boolean; error: { message: string } }
      expect(body.ok).toBe(false)
      expect(body.error.message).toMatch(message)
    }
  })

  it('check=1 answers the same refusals as JSON, and for good input the file name without exporting', async () => {
    const ok = await rawRequest(server.port, exportUrl({ format: 'csv', run: run.id, filter: 'reward > 0.5', check: '1' }))
    expect(ok.status).toBe(200)
    expect(ok.headers['content-disposition']).toBeUndefined()
    const body = JSON.parse(ok.body) as { ok: boolean; value: { fileName: string } }
    expect(body).toEqual({ ok: true, value: { fileName: expect.stringMatching(/^rollscope-[A-Za-z0-9._-]+-csv\.csv$/) } })
    const bad = await rawRequest(server.port, exportUrl({ format: 'csv', run: run.id, filter: 'reward >< 1', check: '1' }))
    expect(bad.status).toBe(400)
    expect((JSON.parse(bad.body) as { ok: boolean }).ok).toBe(false)
    expect((await rawRequest(server.port, exportUrl({ format: 'sft', run: 'nope', check: '1' }))).status).toBe(404)
  })

  it('needs the token (query or header), and only for GET', async () => {
    expect((await rawRequest(server.port, `/api/export?format=sft&run=${run.id}`)).status).toBe(401)
    expect((await rawRequest(server.port, `/api/export?format=sft&run=${run.id}&token=wrong`)).status).toBe(401)
    // A POST is an API call named "export" (there is none), and the query token is not accepted for it.
    expect((await rawRequest(server.port, exportUrl({ format: 'sft', run: run.id }), { method: 'POST', body: '[]' })).status).toBe(401)
  })
})
