import { describe, expect, it, vi } from 'vitest'
import { API_METHODS, type TraceApi } from '@contract/api'
import { withAddPathsHook } from '../../../src-main/electron/api-hooks'
import { makeFakeApi, workspace } from './fakes'

describe('withAddPathsHook', () => {
  it('reports successfully added paths, after the engine answered', async () => {
    const api = makeFakeApi()
    const onAdded = vi.fn()
    const wrapped = withAddPathsHook(api, onAdded)
    expect(await wrapped.addPaths(['/a', '/b'])).toEqual(workspace(['/a', '/b']))
    expect(api.addPaths).toHaveBeenCalledExactlyOnceWith(['/a', '/b'])
    expect(onAdded).toHaveBeenCalledExactlyOnceWith(['/a', '/b'])
  })

  it('does not report paths the engine refused, and survives a failing hook', async () => {
    const api = makeFakeApi()
    api.addPaths.mockRejectedValueOnce(new Error('nope'))
    const onAdded = vi.fn(() => {
      throw new Error('disk full')
    })
    const wrapped = withAddPathsHook(api, onAdded)
    await expect(wrapped.addPaths(['/x'])).rejects.toThrow('nope')
    expect(onAdded).not.toHaveBeenCalled()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await wrapped.addPaths(['/y'])).toEqual(workspace(['/y']))
    expect(error).toHaveBeenCalledTimes(1)
    error.mockRestore()
  })

  it('passes every other method through with its `this`', async () => {
    class ClassApi {
      runs = ['r1']
      async listRuns() {
        return this.runs
      }
    }
    const base = Object.assign(Object.create(ClassApi.prototype), makeFakeApi(), { runs: ['r1'] })
    base.listRuns = ClassApi.prototype.listRuns
    const wrapped = withAddPathsHook(base as TraceApi, () => {})
    expect(Object.keys(wrapped).sort()).toEqual([...API_METHODS].sort())
    expect(await wrapped.listRuns()).toEqual(['r1'])
    await wrapped.reindex({ force: true })
    expect(base.reindex).toHaveBeenCalledWith({ force: true })
  })
})
