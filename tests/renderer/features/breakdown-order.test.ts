/**
 * One order for a breakdown everywhere: the chart's bars left to right are the table's rows top to bottom (ranked by
 * the score, best first), and the terminal and Markdown reports list them the same way. Over real traces whose ranked
 * order is neither alphabetical nor "(none)" last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunBreakdown } from '@contract/breakdown'
import type { RunSummary } from '@contract/model'
import { breakdownMarkdown } from '../../../src-main/report/breakdown-markdown'
import { formatBreakdown } from '../../../src-main/report/breakdown-text'
import { chartRows } from '../../../src-renderer/src/lib/breakdown-view'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { fakeBreakdown } from '../fake-analysis'

const { engine } = tempEngine()
let runs: RunSummary[] = []
beforeAll(async () => {
  await engine.indexPaths([fixture('tau-bench/gpt-4o-airline.first3tasks.json'), fixture('mini-swe-agent')])
  runs = await engine.api.listRuns()
})
afterAll(() => engine.close())

const breakdown = (name: string, field: string): Promise<RunBreakdown> =>
  engine.api.breakdownRun(runs.find((r) => r.name === name)!.id, [field])

/** Where each value first appears in a rendering, as the order the rendering lists them. */
const orderIn = (text: string, values: string[]): string[] =>
  [...values].sort((x, y) => text.indexOf(`${x} `) - text.indexOf(`${y} `))

const bars = (b: RunBreakdown): string[] => chartRows(b).map((r) => r.values[0])
const tableRows = (b: RunBreakdown): string[] => b.rows.map((r) => r.values[0])

describe('breakdown order: chart, table and reports agree', () => {
  it('tau-bench by source: the bars go best first as the table rows do, not alphabetically', async () => {
    const b = await breakdown('gpt-4o-airline.first3tasks', 'source')
    // user passes 2 of 10, the two tool sources 0 of 1: the table ranks user first
    expect(tableRows(b)).toEqual(['user', 'transfer_to_human_agents', 'update_reservation_flights'])
    expect(bars(b)).toEqual(tableRows(b))
    expect(orderIn(formatBreakdown(b), tableRows(b))).toEqual(tableRows(b))
    expect(orderIn(breakdownMarkdown(b), tableRows(b))).toEqual(tableRows(b))
  })

  it('mini-swe-agent by exit_status: "(none)" keeps its ranked place between the others', async () => {
    const b = await breakdown('deepseek_chat_dev', 'exit_status')
    expect(tableRows(b)).toEqual(['Submitted', '(none)', 'TimeoutExpired'])
    expect(bars(b)).toEqual(tableRows(b))
    expect(orderIn(formatBreakdown(b), tableRows(b))).toEqual(tableRows(b))
  })

  it('a difficulty field too: ranked (hard best here), not easy → hard', () => {
    const b = fakeBreakdown('r', ['difficulty'])
    expect(bars(b)).toEqual(tableRows(b))
    expect(bars(b)[0]).toBe('hard')
  })
})
