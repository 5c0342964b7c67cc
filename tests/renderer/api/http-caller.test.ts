import { describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../../src-renderer/src/api/api-error'
import { SESSION_LOST_MESSAGE } from '../../../src-renderer/src/api/fetch-result'
import { createHttpCaller } from '../../../src-renderer/src/api/http-caller'
import { makeApi } from '../../../src-renderer/src/api/make-api'

const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('browser-mode HTTP transport', () => {
  it('POSTs the args array to /api/<method> (no token: the session cookie goes along) and returns the value', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      jsonResponse({ ok: true, value: { items: [], total: 7, offset: 0 } })
    )
    const api = makeApi(createHttpCaller({ fetch: fetchMock as typeof fetch }))
    const page = await api.listEpisodes({ runId: 'r1', limit: 200 })
    expect(page.total).toBe(7)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/listEpisodes')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({ 'content-type': 'application/json' })
    expect(JSON.parse(String(init?.body))).toEqual([{ runId: 'r1', limit: 200 }])
  })

  it("names the page's build in a header, when the build set one (the server refuses a page of another build)", async () => {
    vi.resetModules()
    vi.stubGlobal('__ROLLSCOPE_BUILD__', '1764400000000')
    try {
      const { createHttpCaller: built } = await import('../../../src-renderer/src/api/http-caller')
      const fetchMock = vi.fn(async (_u: string | URL | Request, _init?: RequestInit) =>
        jsonResponse({ ok: true, value: [] })
      )
      await makeApi(built({ fetch: fetchMock as typeof fetch })).listRuns()
      expect(fetchMock.mock.calls[0][1]?.headers).toEqual({
        'content-type': 'application/json',
        'x-rollscope-build': '1764400000000'
      })
    } finally {
      vi.unstubAllGlobals()
      vi.resetModules()
    }
  })

  it('sends every argument in order, and an empty array for no arguments', async () => {
    const bodies: unknown[] = []
    const fetchMock = vi.fn(async (_u: string | URL | Request, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)))
      return jsonResponse({ ok: true, value: null })
    })
    const api = makeApi(createHttpCaller({ baseUrl: 'http://h:1', fetch: fetchMock as typeof fetch }))
    await api.setPassThreshold('run-a', null)
    await api.listRuns()
    expect(bodies).toEqual([['run-a', null], []])
    expect(fetchMock.mock.calls[1][0]).toBe('http://h:1/api/listRuns')
  })

  it('turns a failed Result into a thrown ApiCallError with the code and message', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ ok: false, error: { code: 'bad-request', message: 'filter: unknown field "rewrd"' } }, 400)
    )
    const api = makeApi(createHttpCaller({ fetch: fetchMock as typeof fetch }))
    const err = await api.listEpisodes({ runId: 'r', filter: 'rewrd < 1' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiCallError)
    expect((err as ApiCallError).code).toBe('bad-request')
    expect((err as ApiCallError).message).toBe('filter: unknown field "rewrd"')
  })

  it('reports a non-JSON answer with the HTTP status', async () => {
    const fetchMock = vi.fn(
      async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })
    )
    const api = makeApi(createHttpCaller({ fetch: fetchMock as typeof fetch }))
    await expect(api.getWorkspace()).rejects.toThrow('getWorkspace: HTTP 502 Bad Gateway')
  })

  it('reports an unreachable server as a network error', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const api = makeApi(createHttpCaller({ fetch: fetchMock as typeof fetch }))
    const err = (await api.appInfo().catch((e: unknown) => e)) as ApiCallError
    expect(err.code).toBe('network')
    expect(err.message).toBe('Cannot reach the Rollscope server (Failed to fetch)')
  })

  it('rejects a JSON body that is not a Result', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ hello: 'world' }))
    const api = makeApi(createHttpCaller({ fetch: fetchMock as typeof fetch }))
    await expect(api.listRuns()).rejects.toThrow('listRuns: HTTP 200: unexpected response')
  })

  it('a refused session (the server restarted) says to open the printed URL', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        {
          ok: false,
          error: { code: 'unauthorized', message: 'missing or wrong token (send the x-rollscope-token header)' }
        },
        401
      )
    )
    const api = makeApi(createHttpCaller({ fetch: fetchMock as typeof fetch }))
    const err = (await api.listRuns().catch((e: unknown) => e)) as ApiCallError
    expect(err.code).toBe('unauthorized')
    expect(err.message).toBe(SESSION_LOST_MESSAGE)
    expect(err.message).toContain('open the URL it printed')
  })
})
