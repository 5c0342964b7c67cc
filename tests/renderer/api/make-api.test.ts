import { describe, expect, it } from 'vitest'
import { API_METHODS, type ApiMethod } from '@contract/api'
import { ApiCallError, errorMessage, unwrapResult } from '../../../src-renderer/src/api/api-error'
import { makeApi } from '../../../src-renderer/src/api/make-api'

describe('makeApi', () => {
  it('has one function per contract method, each forwarding its name and arguments', async () => {
    const calls: [ApiMethod, unknown[]][] = []
    const api = makeApi(async (method, args) => {
      calls.push([method, args])
      return { ok: true, value: method }
    })
    for (const m of API_METHODS) expect(typeof api[m]).toBe('function')
    expect(await api.getEpisode('ep-1')).toBe('getEpisode')
    await api.reindex({ force: true })
    expect(calls).toEqual([
      ['getEpisode', ['ep-1']],
      ['reindex', [{ force: true }]]
    ])
  })
})

describe('unwrapResult', () => {
  it('returns the value of an ok Result, falsy values included', () => {
    expect(unwrapResult('m', { ok: true, value: 0 })).toBe(0)
  })
  it('throws ApiCallError for ok:false and for a malformed answer', () => {
    expect(() => unwrapResult('getRun', { ok: false, error: { code: 'not-found', message: 'no run x' } })).toThrow(
      new ApiCallError('not-found', 'no run x', 'getRun')
    )
    expect(() => unwrapResult('getRun', null as never)).toThrow('getRun: malformed response from the engine')
  })
  it('errorMessage reads Errors, strings and anything else', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom')
    expect(errorMessage('plain')).toBe('plain')
    expect(errorMessage(42)).toBe('42')
  })
})
