/**
 * The two method lists (TraceApi, DesktopApi): one record each, from which the names, the name guard and (with the
 * schemas) the argument validation of every transport are derived; a method without a schema, or a schema without a
 * method, cannot slip in.
 */
import { describe, expect, it } from 'vitest'
import { API_METHODS, isApiMethod } from '@contract/api'
import { DESKTOP_METHODS, isDesktopMethod } from '@contract/desktop'
import { DESKTOP_ARG_SCHEMAS, parseDesktopArgs } from '@contract/desktop-guards'
import { API_ARG_SCHEMAS, BadRequestError, parseApiArgs } from '@contract/guards'
import { methodList } from '@contract/method-list'

describe('methodList', () => {
  it('lists the names in their order and recognizes only those (nothing an object inherits)', () => {
    const list = methodList<'b' | 'a'>({ b: true, a: true })
    expect(list.names).toEqual(['b', 'a'])
    expect(list.has('a')).toBe(true)
    for (const name of ['c', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 1, null, undefined, {}])
      expect(list.has(name)).toBe(false)
  })
})

describe('the method lists and their schemas', () => {
  it('every API method has an argument schema, and every schema a method', () => {
    expect([...API_METHODS].sort()).toEqual(Object.keys(API_ARG_SCHEMAS).sort())
    expect(API_METHODS).toContain('planExport')
  })

  it('every desktop method has an argument schema, and every schema a method; the two lists do not overlap', () => {
    expect([...DESKTOP_METHODS].sort()).toEqual(Object.keys(DESKTOP_ARG_SCHEMAS).sort())
    expect(DESKTOP_METHODS).toEqual(['pickPaths', 'saveExport', 'setThemeSource'])
    for (const m of DESKTOP_METHODS) expect(isApiMethod(m)).toBe(false)
    for (const m of API_METHODS) expect(isDesktopMethod(m)).toBe(false)
  })

  it('desktop arguments are parsed as the API’s are: the exact argument list, a readable refusal', () => {
    expect(parseDesktopArgs('pickPaths', ['file'])).toEqual(['file'])
    expect(parseDesktopArgs('saveExport', [{ kind: 'labels' }])).toEqual([{ kind: 'labels' }])
    expect(() => parseDesktopArgs('pickPaths', ['folder', 'extra'])).toThrow(BadRequestError)
    expect(() => parseDesktopArgs('saveExport', [{ kind: 'compareReport', runA: 'a' }])).toThrow(
      'saveExport: argument 0.runB: '
    )
  })

  it('an export is the same request on the desktop channel and in the API (planExport): one schema', () => {
    const request = {
      kind: 'episodes',
      format: 'md',
      runId: 'r',
      runIds: ['s'],
      filter: 'reward > 0',
      episodeIds: ['r:1']
    }
    expect(parseDesktopArgs('saveExport', [request])).toEqual(parseApiArgs('planExport', [request]))
    const bad = { kind: 'episodes', format: 'md', runId: 'r', dropLabelled: '' }
    expect(() => parseDesktopArgs('saveExport', [bad])).toThrow(/argument 0\.dropLabelled/)
    expect(() => parseApiArgs('planExport', [bad])).toThrow(/argument 0\.dropLabelled/)
  })
})
