/**
 * Run names the compare and N-runs bars cut at 1024 px (ellipsis, a narrowed select) can be read whole on hover: the
 * compare crumb's title holds both names (with what tells namesakes apart), the baseline select's its run's full name.
 */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CompareView } from '../../../src-renderer/src/features/compare/CompareView'
import { ManyView } from '../../../src-renderer/src/features/many/ManyView'
import { AppProvider } from '../../../src-renderer/src/state/store-context'
import { createAppStore, type AppStore } from '../../../src-renderer/src/state/store'
import { fakeManyReport } from '../fake-analysis'
import { fakeApi, run } from '../fake-api'

const LONG_A = 'svbench-e1-executable-pilot-svbench-research-claim-20260515T141203Z (bp6qd19u06wzeqkdrf0h24xx)'
const LONG_B = 'grl_sokoban · Qwen/Qwen3-4B-Instruct-2507 (example_rollouts)'

/** `view` drawn to static HTML over the store as it is now (server rendering reads a store's initial state). */
const draw = (store: AppStore, view: () => ReactNode): string =>
  renderToStaticMarkup(
    createElement(AppProvider, {
      store: { ...store, getInitialState: store.getState },
      transport: { mode: 'browser', desktop: null, saveExport: async () => null },
      children: createElement(view) as ReactNode
    })
  )

/** Every title in `html`, its entities decoded. */
const titles = (html: string): string[] =>
  [...html.matchAll(/ title="([^"]*)"/g)].map((m) =>
    m[1]
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  )

/** The opening tag of the element marked `testId` in `html`. */
function tagOf(html: string, testId: string): string {
  const tag = html.match(new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`))?.[0]
  expect(tag, `no element ${testId}`).toBeDefined()
  return tag!
}

describe('the compare bar', () => {
  it('holds both run names whole in one title over the crumb the ellipsis cuts', () => {
    const store = createAppStore(fakeApi({ a: 4, b: 4 }))
    store.setState({ runs: [run({ id: 'a', name: LONG_A }), run({ id: 'b', name: LONG_B })] })
    store.getState().openCompare('a', 'b')
    const html = draw(store, CompareView)
    // a hover on the ellipsis lands on A's name: the title over the whole crumb is what reads B
    expect(titles(html)).toContain(`Compare ${LONG_A} → ${LONG_B}`)
    expect(titles(tagOf(html, 'compare-crumb'))).toEqual([`Compare ${LONG_A} → ${LONG_B}`])
  })

  it('names namesakes in the title with what tells them apart, as the crumb shows it', () => {
    const store = createAppStore(fakeApi({ a: 4, b: 4 }))
    const name = 'popularity 2024-10-15 12:53'
    store.setState({
      runs: [
        run({ id: 'a', name, source: '/evals/inspect-ai/log_formats.eval' }),
        run({ id: 'b', name, source: '/evals/inspect-ai/log_formats.json' })
      ]
    })
    store.getState().openCompare('a', 'b')
    const html = draw(store, CompareView)
    expect(titles(html)).toContain(`Compare ${name} (…/log_formats.eval) → ${name} (…/log_formats.json)`)
    expect(html.match(/data-testid="compare-name-hint"/g)).toHaveLength(2)
  })
})

describe('the N runs bar', () => {
  it('gives the narrowed baseline select its run’s full name as a title (the label still names it)', () => {
    const store = createAppStore(fakeApi({}))
    const report = fakeManyReport(['a', 'b', 'c'], { baseline: 'b' })
    report.runs = report.runs.map((r, i) => ({ ...r, name: [LONG_A, LONG_B, 'c'][i] }))
    store.setState({
      many: {
        runIds: ['a', 'b', 'c'],
        baseline: 'b',
        anyway: false,
        report,
        loading: false,
        error: null,
        refused: null
      }
    })
    const html = draw(store, ManyView)
    expect(titles(tagOf(html, 'many-baseline'))).toEqual([LONG_B])
    expect(html).toMatch(/<label[^>]*>baseline <select/)
  })
})
