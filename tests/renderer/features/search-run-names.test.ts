/**
 * The search's run filter tells runs of one name apart as the runs table does: two Inspect logs of one eval (the
 * fixture's .eval and .json) are both "popularity 2024-10-15 12:53", and each chip names its file.
 */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunSummary } from '@contract/model'
import { RunPicker } from '../../../src-renderer/src/features/search/RunPicker'
import { SearchFilters } from '../../../src-renderer/src/features/search/SearchFilters'
import { SearchView } from '../../../src-renderer/src/features/search/SearchView'
import { runNameHints } from '../../../src-renderer/src/lib/run-list'
import { AppProvider } from '../../../src-renderer/src/state/store-context'
import { createAppStore, type AppStore } from '../../../src-renderer/src/state/store'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { fakeApi, run } from '../fake-api'

const NAME = 'popularity 2024-10-15 12:53'

/** `view` drawn to static HTML over the store as it is now (server rendering reads a store's initial state). */
const draw = (store: AppStore, view: ReactNode): string =>
  renderToStaticMarkup(
    createElement(AppProvider, {
      store: { ...store, getInitialState: store.getState },
      transport: { mode: 'browser', desktop: null, saveExport: async () => null },
      children: view
    })
  )

/** A fixture run as the filter names it: its name, then its file (what tells it from its namesake). */
const runChoice = (r: RunSummary): string => `${NAME} (…/${r.source.split('/').pop()})`

/** The text of every element marked `testId` (tags dropped). */
const textsOf = (html: string, testId: string): string[] =>
  [...html.matchAll(new RegExp(`<[^>]*data-testid="${testId}"[^>]*>(.*?)</button>`, 'g'))].map((m) =>
    m[1].replace(/<[^>]*>/g, '')
  )

const { engine } = tempEngine()
let runs: RunSummary[] = []
beforeAll(async () => {
  await engine.indexPaths([fixture('inspect-ai/log_formats.eval'), fixture('inspect-ai/log_formats.json')])
  runs = await engine.api.listRuns()
})
afterAll(() => engine.close())

describe('the search run filter', () => {
  it('names each of two runs of one name by its file, in the chips of a few runs', () => {
    expect(runs.map((r) => r.name)).toEqual([NAME, NAME])
    const store = createAppStore(fakeApi({}))
    store.setState({ runs })
    const chips = textsOf(draw(store, createElement(SearchFilters)), 'search-run-chip')
    expect(chips.sort()).toEqual([`${NAME} (…/log_formats.eval)`, `${NAME} (…/log_formats.json)`])
  })

  it('names them apart on the picker of many runs: the picked chips and the button', () => {
    // the two namesakes among eight other runs: more than a row of chips holds
    const many = [...runs, ...Array.from({ length: 8 }, (_, i) => run({ id: `other-${i}` }))]
    const hints = runNameHints(many)
    const [first, second] = runs
    const store = createAppStore(fakeApi({}))
    const picker = (picked: string[]): string =>
      draw(store, createElement(RunPicker, { runs: many, hints, picked, onChange: () => {} }))
    const both = picker([first.id, second.id])
    const picked = textsOf(both, 'search-run-picked')
    expect(picked).toHaveLength(2)
    expect(new Set(picked).size).toBe(2)
    expect(picked).toEqual([`${runChoice(first)} ×`, `${runChoice(second)} ×`])
    expect(textsOf(picker([second.id]), 'search-run-picker')).toEqual([`${runChoice(second)} ▾`])
  })

  it('names the run of each hit apart, in a best-match list and in the run groups', async () => {
    const store = createAppStore(fakeApi({}))
    for (const order of ['relevance', 'index'] as const) {
      const page = await engine.api.search('popularity', { order, limit: 50 })
      expect(new Set(page.hits.map((h) => h.runId)).size).toBe(2)
      store.setState({ runs, search: { ...store.getState().search, query: 'popularity', hits: page.hits, page } })
      // the results alone (the filter's chips above them name the files already)
      const html = draw(store, createElement(SearchView)).split('data-testid="search-results"')[1]
      const files = runs.map((r) => `(…/${r.source.split('/').pop()})`)
      // each run's file beside its name: on each hit of the flat list, on each group's title
      for (const f of files) expect(html).toContain(f)
    }
  })
})
