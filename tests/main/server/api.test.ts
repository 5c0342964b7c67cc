import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NotComparableError } from '@contract/guards'
import { createHttpHandler } from '../../../src-main/server/http-handler'
import { startServer, type RunningServer } from '../../../src-main/server/start-server'
import { toJsonResult } from '../../../src-main/services/json-result'
import { createFakeEngine, FAKE_DETAIL, FAKE_RUNS, IDLE_PROGRESS, type FakeEngine } from '../cli/fake-engine'
import { apiCall, rawRequest } from './http-helpers'

let engine: FakeEngine
let server: RunningServer

beforeEach(async () => {
  engine = createFakeEngine()
  server = await startServer({ engine, port: 0, staticDir: null, pingMs: 50 })
})
afterEach(async () => {
  await server.close()
})

describe('startServer', () => {
  it('binds 127.0.0.1 on a random port with a 64-hex-digit token in the URL', () => {
    expect(server.port).toBeGreaterThan(0)
    expect(server.token).toMatch(/^[0-9a-f]{64}$/)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`)
  })

  it('uses the token it is given', async () => {
    const other = await startServer({ engine, port: 0, token: 'fixed-token', staticDir: null })
    try {
      expect(other.url.endsWith('/?token=fixed-token')).toBe(true)
      expect((await apiCall(other.port, 'listRuns', [], 'fixed-token')).status).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('rejects with EADDRINUSE when the port is taken', async () => {
    await expect(startServer({ engine, port: server.port, staticDir: null })).rejects.toMatchObject({
      code: 'EADDRINUSE'
    })
  })
})

describe('POST /api/<method>', () => {
  it('refuses arguments nested deeper than any method takes with a JSON 400 (they overflowed the stack: a plain 500)', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    for (const method of ['listRuns', 'search', 'getTaxonomy']) {
      const r = await rawRequest(server.port, `/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rollscope-token': server.token },
        body: `[${deep}]`
      })
      expect(r.status).toBe(400)
      expect(JSON.parse(r.body)).toEqual({
        ok: false,
        error: { code: 'bad-request', message: 'request arguments nested deeper than 64 levels' }
      })
    }
    // 64 levels are fine as far as nesting goes (the method's own schema then speaks)
    const ok = await apiCall(server.port, 'listRuns', [], server.token)
    expect(ok.status).toBe(200)
  })

  it('requires the token: 401 without it or with a wrong one', async () => {
    for (const token of [null, '', 'wrong', server.token.slice(0, -1) + (server.token.endsWith('0') ? '1' : '0')]) {
      const r = await apiCall(server.port, 'listRuns', [], token)
      expect(r.status).toBe(401)
      expect(JSON.parse(r.body)).toEqual({
        ok: false,
        error: { code: 'unauthorized', message: 'missing or wrong token (send the x-rollscope-token header)' }
      })
    }
  })

  it('does not accept the token as a query parameter for API calls', async () => {
    const r = await rawRequest(server.port, `/api/listRuns?token=${server.token}`, { method: 'POST', body: '[]' })
    expect(r.status).toBe(401)
  })

  it('answers a good call with 200 and the Result', async () => {
    const r = await apiCall(server.port, 'listRuns', [], server.token)
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(r.headers['x-content-type-options']).toBe('nosniff')
    expect(r.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(r.body)).toEqual({ ok: true, value: FAKE_RUNS })
    const ep = await apiCall(server.port, 'getEpisode', [FAKE_DETAIL.id], server.token)
    expect(JSON.parse(ep.body).value.turns).toHaveLength(4)
  })

  it('treats an empty body as no arguments', async () => {
    const r = await rawRequest(server.port, '/api/getProgress', {
      method: 'POST',
      headers: { 'x-rollscope-token': server.token }
    })
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body)).toEqual({ ok: true, value: IDLE_PROGRESS })
  })

  it('answers bad arguments with 400 bad-request', async () => {
    const r = await apiCall(server.port, 'getRun', [42], server.token)
    expect(r.status).toBe(400)
    const body = JSON.parse(r.body)
    expect(body.ok).toBe(false)
    expect(body.error.code).toBe('bad-request')
    expect(body.error.message).toMatch(/^getRun: argument 0: /)
  })

  it('answers a body that is not a JSON array with 400', async () => {
    const notJson = await rawRequest(server.port, '/api/listRuns', {
      method: 'POST',
      headers: { 'x-rollscope-token': server.token },
      body: '{oops'
    })
    expect(notJson.status).toBe(400)
    expect(JSON.parse(notJson.body).error).toEqual({ code: 'bad-request', message: 'request body is not valid JSON' })
    const object = await apiCall(server.port, 'listRuns', { a: 1 }, server.token)
    expect(object.status).toBe(400)
    expect(JSON.parse(object.body).error.message).toBe('request body must be a JSON array of arguments')
  })

  it('answers an unknown method with 400', async () => {
    const r = await apiCall(server.port, 'dropDatabase', [], server.token)
    expect(r.status).toBe(400)
    expect(JSON.parse(r.body).error).toEqual({ code: 'bad-request', message: 'unknown method: dropDatabase' })
  })

  it('maps not-found to 404', async () => {
    const r = await apiCall(server.port, 'getEpisode', ['nope'], server.token)
    expect(r.status).toBe(404)
    expect(JSON.parse(r.body).error).toEqual({ code: 'not-found', message: 'no episode with id nope' })
  })

  it('maps a refusal to compare runs of different environments to 409 not-comparable', async () => {
    engine.api.compareRuns = async () => {
      throw new NotComparableError('These runs are of different environments (a is “x”, b is “y”)')
    }
    const r = await apiCall(server.port, 'compareRuns', ['run-aaaa1111', 'run-bbbb2222'], server.token)
    expect(r.status).toBe(409)
    expect(JSON.parse(r.body).error).toEqual({
      code: 'not-comparable',
      message: 'These runs are of different environments (a is “x”, b is “y”)'
    })
  })

  it('maps an internal error to 500 without a stack trace', async () => {
    engine.api.listRuns = async () => {
      throw new Error('disk on fire')
    }
    const r = await apiCall(server.port, 'listRuns', [], server.token)
    expect(r.status).toBe(500)
    expect(JSON.parse(r.body)).toEqual({ ok: false, error: { code: 'internal', message: 'disk on fire' } })
  })

  it('refuses a body over 1 MB with 413', async () => {
    const big = JSON.stringify(['x'.repeat(1024 * 1024 + 10)])
    const r = await rawRequest(server.port, '/api/addPaths', {
      method: 'POST',
      headers: { 'x-rollscope-token': server.token, 'content-type': 'application/json' },
      body: big
    })
    expect(r.status).toBe(413)
    expect(JSON.parse(r.body).error.message).toBe('request body larger than 1048576 bytes')
    // Same when the size is not declared up front (chunked upload).
    const chunked = await rawRequest(server.port, '/api/addPaths', {
      method: 'POST',
      headers: { 'x-rollscope-token': server.token, 'transfer-encoding': 'chunked' },
      body: big
    })
    expect(chunked.status).toBe(413)
    // The server still works afterwards.
    expect((await apiCall(server.port, 'listRuns', [], server.token)).status).toBe(200)
  })

  it('takes a labels import far over 1 MB (it grows with the user’s labels), still bounded', async () => {
    const item = {
      sourcePath: '/data/run/results.jsonl',
      taskKey: 't',
      rollout: 0,
      turn: null,
      labels: ['loop'],
      note: 'n'.repeat(200)
    }
    const file = {
      format: 'rollscope-labels',
      version: 1,
      exportedAt: 'now',
      taxonomy: [],
      items: Array.from({ length: 12_000 }, (_, i) => ({ ...item, rollout: i })),
      views: []
    }
    const body = JSON.stringify([file])
    expect(body.length).toBeGreaterThan(3 * 1024 * 1024)
    const r = await rawRequest(server.port, '/api/importLabels', {
      method: 'POST',
      headers: { 'x-rollscope-token': server.token, 'content-type': 'application/json' },
      body
    })
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body).ok).toBe(true)
    // other methods keep the 1 MB limit
    const other = await rawRequest(server.port, '/api/setTaxonomy', {
      method: 'POST',
      headers: { 'x-rollscope-token': server.token },
      body
    })
    expect(other.status).toBe(413)
  })

  it('answers other HTTP methods on /api with 405', async () => {
    const r = await rawRequest(server.port, '/api/listRuns', { headers: { 'x-rollscope-token': server.token } })
    expect(r.status).toBe(405)
    expect(r.headers.allow).toBe('POST')
  })
})

describe('Host header guard', () => {
  it('accepts 127.0.0.1 and localhost, refuses other names with 403', async () => {
    const call = (host: string) =>
      rawRequest(server.port, '/api/listRuns', {
        method: 'POST',
        headers: { host, 'x-rollscope-token': server.token },
        body: '[]'
      })
    expect((await call(`127.0.0.1:${server.port}`)).status).toBe(200)
    expect((await call(`localhost:${server.port}`)).status).toBe(200)
    const evil = await call(`evil.example:${server.port}`)
    expect(evil.status).toBe(403)
    expect(JSON.parse(evil.body).error.code).toBe('unauthorized')
    const page = await rawRequest(server.port, '/', { headers: { host: 'rebind.attacker.test' } })
    expect(page.status).toBe(403)
  })
})

describe('GET /api/events (Server-Sent Events)', () => {
  it('needs the token', async () => {
    expect((await rawRequest(server.port, '/api/events')).status).toBe(401)
    expect((await rawRequest(server.port, '/api/events?token=wrong')).status).toBe(401)
  })

  it('streams engine events and pings, and unsubscribes when the client leaves', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port: server.port, path: `/api/events?token=${server.token}` }, (res) => {
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8')
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
          if (text.includes(': connected\n\n') && !text.includes('data:')) {
            engine.emit({ name: 'workspaceChanged', payload: { runIds: ['run-aaaa1111'] } })
          }
          if (text.includes('data:') && text.includes(': ping\n\n')) {
            req.destroy()
            resolve(text)
          }
        })
      })
      req.on('error', reject)
    })
    expect(received).toContain('data: {"name":"workspaceChanged","payload":{"runIds":["run-aaaa1111"]}}\n\n')
    await new Promise((r) => setTimeout(r, 100))
    expect(engine.listenerCount()).toBe(0)
  })
})

describe('GET /api/events catch-up', () => {
  it('sends a new connection the current progress and a workspace refresh (what it missed since its first fetch)', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port: server.port, path: `/api/events?token=${server.token}` }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
          if (text.includes('"workspaceChanged"')) {
            req.destroy()
            resolve(text)
          }
        })
      })
      req.on('error', reject)
    })
    const events = received
      .split('\n\n')
      .filter((b) => b.startsWith('data: '))
      .map((b) => JSON.parse(b.slice(6)) as { name: string; payload: unknown })
    expect(events.map((e) => e.name)).toEqual(['indexProgress', 'workspaceChanged'])
    expect(events[0].payload).toEqual(await engine.api.getProgress())
    expect(events[1].payload).toEqual({ runIds: [] })
  })
})

describe('createHttpHandler with passThrough (dev-server middleware)', () => {
  it('leaves non-API requests to the caller and still answers the API', async () => {
    const handler = createHttpHandler({ engine, token: 't0k', staticDir: null, passThrough: true })
    const passed: string[] = []
    const dev = createServer((req, res) => {
      void handler(req, res).then((done) => {
        if (done) return
        passed.push(req.url ?? '')
        res.end('from vite')
      })
    })
    await new Promise<void>((r) => dev.listen(0, '127.0.0.1', r))
    const port = (dev.address() as AddressInfo).port
    try {
      expect((await rawRequest(port, '/src/main.tsx')).body).toBe('from vite')
      expect((await apiCall(port, 'listRuns', [], 't0k')).status).toBe(200)
      expect((await apiCall(port, 'listRuns', [], 'nope')).status).toBe(401)
      expect(passed).toEqual(['/src/main.tsx'])
    } finally {
      dev.closeAllConnections()
      await new Promise((r) => dev.close(r))
    }
  })
})

describe('a read-only call answered as JSON by a reader thread (Engine.readJson)', () => {
  it('sends the text the reader made, with the status of its code; other methods go through dispatch', async () => {
    const asked: [string, unknown[]][] = []
    const withReaders = {
      ...engine,
      readJson(method: string, args: unknown[]) {
        if (method !== 'listRuns' && method !== 'getEpisode') return null
        asked.push([method, args])
        return Promise.resolve(
          toJsonResult(
            method === 'listRuns'
              ? { ok: true, value: ['made on the reader'] }
              : { ok: false, error: { code: 'not-found', message: 'no episode x' } }
          )
        )
      }
    }
    const s = await startServer({ engine: withReaders, port: 0, staticDir: null })
    try {
      const runs = await apiCall(s.port, 'listRuns', [], s.token)
      expect(runs.status).toBe(200)
      expect(runs.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(JSON.parse(runs.body)).toEqual({ ok: true, value: ['made on the reader'] })
      const missing = await apiCall(s.port, 'getEpisode', ['x'], s.token)
      expect(missing.status).toBe(404)
      expect(JSON.parse(missing.body)).toMatchObject({ ok: false, error: { code: 'not-found' } })
      // a method that is not read-only: dispatch, as before
      const ws = await apiCall(s.port, 'getWorkspace', [], s.token)
      expect(ws.status).toBe(200)
      expect(JSON.parse(ws.body).value.dbPath).toBe('/tmp/x.db')
      expect(asked).toEqual([
        ['listRuns', []],
        ['getEpisode', ['x']]
      ])
    } finally {
      await s.close()
    }
  })

  it('answers 500 with the reason when the reader thread stopped', async () => {
    const broken = { ...engine, readJson: () => Promise.reject(new Error('a reader thread stopped (exit code 1)')) }
    const s = await startServer({ engine: broken, port: 0, staticDir: null })
    try {
      const r = await apiCall(s.port, 'listRuns', [], s.token)
      expect(r.status).toBe(500)
      expect(JSON.parse(r.body)).toEqual({
        ok: false,
        error: { code: 'internal', message: 'a reader thread stopped (exit code 1)' }
      })
    } finally {
      await s.close()
    }
  })
})
