import { describe, expect, it } from 'vitest'
import { ApiCallError } from '../../../src-renderer/src/api/api-error'
import { refusableReport } from '../../../src-renderer/src/state/refusable-report'
import type { AppState } from '../../../src-renderer/src/state/types'

/** A settable promise: the test decides when each engine answer arrives, and in which order. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Just the `many` screen of the store, enough for the loader. */
function harness() {
  let state = {
    many: {
      runIds: ['a', 'b'],
      baseline: null,
      anyway: false,
      report: null,
      loading: false,
      error: null,
      refused: null
    }
  } as unknown as AppState
  const answers: ReturnType<typeof deferred<unknown>>[] = []
  const loader = refusableReport(
    () => state,
    (partial) => void (state = { ...state, ...partial }),
    'many',
    () => {
      const d = deferred<unknown>()
      answers.push(d)
      return d.promise as never
    }
  )
  return { loader, answers, view: () => state.many, close: () => void (state = { ...state, many: null }) }
}

describe('refusableReport', () => {
  it('keeps the report on screen while the next one loads, then shows the newest answer only', async () => {
    const h = harness()
    const first = h.loader.load()
    expect(h.view()?.loading).toBe(true)
    h.answers[0].resolve({ id: 'first' })
    await first
    expect(h.view()).toMatchObject({ report: { id: 'first' }, loading: false })

    const older = h.loader.load()
    const newer = h.loader.load()
    expect(h.view()?.report).toEqual({ id: 'first' })
    h.answers[2].resolve({ id: 'newer' })
    await newer
    h.answers[1].resolve({ id: 'older' })
    await older
    expect(h.view()?.report).toEqual({ id: 'newer' })
  })

  it('keeps a refusal apart from errors', async () => {
    const h = harness()
    const refused = h.loader.load()
    h.answers[0].reject(new ApiCallError('not-comparable', 'the runs come from different environments', 'compareMany'))
    await refused
    expect(h.view()).toMatchObject({
      refused: 'the runs come from different environments',
      error: null,
      report: null,
      loading: false
    })

    const failed = h.loader.load()
    h.answers[1].reject(new ApiCallError('internal', 'disk on fire', 'compareMany'))
    await failed
    expect(h.view()).toMatchObject({ refused: null, error: 'disk on fire', loading: false })
  })

  it('a closed screen stays closed, and a dropped answer is not shown', async () => {
    const h = harness()
    const pending = h.loader.load()
    h.close()
    h.answers[0].resolve({ id: 'late' })
    await pending
    expect(h.view()).toBeNull()

    const h2 = harness()
    const dropped = h2.loader.load()
    h2.loader.drop()
    h2.answers[0].resolve({ id: 'late' })
    await dropped
    expect(h2.view()).toMatchObject({ report: null, loading: true })
  })
})
