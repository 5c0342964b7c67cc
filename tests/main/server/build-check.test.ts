import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildMismatch } from '@contract/build-id'
import { startServer, type RunningServer } from '../../../src-main/server/start-server'
import { createFakeEngine } from '../cli/fake-engine'
import { rawRequest } from './http-helpers'

describe('a page and a server of two builds', () => {
  it('names which one to restart or reload; the same build, or one unknown, passes', () => {
    expect(buildMismatch('2000', '1000')).toMatch(/^This page is newer .* restart `rollscope serve`/)
    expect(buildMismatch('1000', '2000')).toMatch(/older build .*: reload the page\.$/)
    expect(buildMismatch('1000', '1000')).toBeNull()
    expect(buildMismatch(undefined, '1000')).toBeNull()
    expect(buildMismatch('1000', null)).toBeNull()
  })

  describe('through serve', () => {
    let server: RunningServer
    afterEach(async () => server.close())
    const call = (build?: string) =>
      rawRequest(server.port, '/api/listRuns', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-rollscope-token': server.token,
          ...(build ? { 'x-rollscope-build': build } : {})
        },
        body: '[]'
      })

    it('refuses a call from a page of another build (409, other-build), before the engine sees it', async () => {
      const engine = createFakeEngine()
      const listRuns = vi.spyOn(engine.api, 'listRuns')
      server = await startServer({ engine, port: 0, staticDir: null, build: '1000' })
      const newer = await call('2000')
      expect(newer.status).toBe(409)
      expect(JSON.parse(newer.body)).toEqual({
        ok: false,
        error: { code: 'other-build', message: buildMismatch('2000', '1000') }
      })
      expect((await call('999')).status).toBe(409)
      expect(listRuns).not.toHaveBeenCalled()
      // its own build's page, and a client that names none (a script, the page's first request): answered
      expect((await call('1000')).status).toBe(200)
      expect((await call()).status).toBe(200)
    })
  })
})
