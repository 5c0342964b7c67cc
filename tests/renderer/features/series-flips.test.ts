/**
 * The flips of a checkpoint series, drawn to static HTML over real traces (deepseek_chat_dev → its rerun): the heading
 * counts each task once, under the same definitions the table's columns use, so a task counted as learned says where
 * it was learned; one that passed at its first run and failed later is forgotten (first solved there, never learned
 * along the series), and the table names the runs as the columns do (#1, #2), not as training steps.
 */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SeriesReport, SeriesTask } from '@contract/compare'
import { taskHistory } from '../../../src-main/compare/task-history'
import { SeriesView } from '../../../src-renderer/src/features/compare/SeriesView'
import { AppProvider } from '../../../src-renderer/src/state/store-context'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { fakeApi } from '../fake-api'

const draw = (report: SeriesReport): string => {
  const made = createAppStore(fakeApi({}))
  made.setState({
    series: {
      runIds: report.points.map((p) => p.runId),
      report,
      loading: false,
      error: null,
      anyway: false,
      refused: null
    }
  })
  // a static render reads the store's initial state (zustand's server snapshot): start it from the one just set
  const store = { ...made, getInitialState: made.getState }
  return renderToStaticMarkup(
    createElement(AppProvider, {
      store,
      transport: { mode: 'browser', desktop: null, saveExport: async () => null },
      children: createElement(SeriesView) as ReactNode
    })
  )
}

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, '’')
    .replace(/\s+/g, ' ')
    .trim()

/** The flips heading, and per task row its first solved / learned at / forgotten at cells. */
function flips(html: string): { heading: string; rows: Map<string, string[]> } {
  const section = html.slice(html.indexOf('data-testid="series-flips"'))
  const heading = text(section.slice(section.indexOf('<h3'), section.indexOf('</h3>')))
  const rows = new Map<string, string[]>()
  for (const tr of section.split('<tr').slice(1)) {
    if (!tr.includes('data-testid="series-task"')) continue
    const cells = tr
      .split('<td')
      .slice(1)
      .map((c) => text(`<td${c}`))
    rows.set(cells[0].replace(/ forgotten$/, ''), cells.slice(-3))
  }
  return { heading, rows }
}

const { engine } = tempEngine()
let report: SeriesReport
beforeAll(async () => {
  await engine.indexPaths([fixture('mini-swe-agent')])
  const runs = await engine.api.listRuns()
  const id = (name: string): string => runs.find((r) => r.name === name)!.id
  report = await engine.api.compareSeries([id('deepseek_chat_dev'), id('deepseek_chat_dev_rerun')])
})
afterAll(() => engine.close())

describe('series flips', () => {
  it('deepseek_chat_dev → rerun: one task learned at run #2, one solved at #1 and forgotten at #2', () => {
    // the engine's history of the two flipped tasks (runs without a checkpoint step: the series goes by order)
    expect(report.axis).toBe('order')
    const byKey = new Map(report.tasks.map((t) => [t.taskKey, t]))
    expect(byKey.get('pylint-dev__astroid-1333')).toEqual(
      expect.objectContaining({ passed: [false, true], learnedAt: 1, forgotten: false })
    )
    expect(byKey.get('sqlfluff__sqlfluff-1733')).toEqual(
      expect.objectContaining({ passed: [true, false], learnedAt: null, forgotten: true })
    )

    const { heading, rows } = flips(draw(report))
    // sqlfluff was never learned along the series (it passed at its first run): it is forgotten, not
    // "learned then forgotten" with "learned at –"
    expect(heading).toBe('Flips along the series: 1 learned, 1 forgotten')
    expect(rows.get('pylint-dev__astroid-1333')).toEqual(['run #2', 'run #2', '–'])
    expect(rows.get('sqlfluff__sqlfluff-1733')).toEqual(['run #1', '–', 'run #2'])
  })

  it('counts every listed task once, and each task counted as learned says where (with the engine’s definitions)', () => {
    // as the engine reads them (taskHistory)
    const task = (passed: (boolean | null)[]): SeriesTask => {
      const { changes: _changes, ...t } = taskHistory(
        `t${passed.map((p) => (p === null ? '-' : p ? 'P' : 'F')).join('')}`,
        passed
      )
      return t
    }
    const tasks = [
      task([false, true, true]), // learned at step 10, kept
      task([false, true, false]), // solved at 10 only: forgotten at 20
      task([true, false, null]), // solved from the first step, forgotten at 10
      task([true, false, true]) // lost at 10, solved again at 20: learned at 20, not forgotten
    ]
    const stepped: SeriesReport = {
      ...report,
      axis: 'step',
      points: [0, 10, 20].map((step) => ({ ...report.points[0], step })),
      tasks
    }
    const { heading, rows } = flips(draw(stepped))
    expect(heading).toBe('Flips along the series: 2 learned, 2 forgotten')
    expect(rows.get('tFPP')).toEqual(['step 10', 'step 10', '–'])
    expect(rows.get('tFPF')).toEqual(['step 10', '–', 'step 20'])
    expect(rows.get('tPF-')).toEqual(['step 0', '–', 'step 10'])
    expect(rows.get('tPFP')).toEqual(['step 0', 'step 20', '–'])
  })
})
