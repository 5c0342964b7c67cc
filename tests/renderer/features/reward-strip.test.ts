/** The reward strip above the transcript, drawn to static HTML: when it draws a chart, only its picker, or nothing. */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, describe, expect, it } from 'vitest'
import type { Turn } from '@contract/model'
import { RewardStrip } from '../../../src-renderer/src/features/episode/RewardStrip'
import { AppProvider } from '../../../src-renderer/src/state/store-context'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fixture } from '../../helpers/fixtures-path'
import { makeTurn } from '../../helpers/make-turn'
import { tempEngine } from '../../helpers/temp-engine'
import { fakeApi } from '../fake-api'

const draw = (turns: readonly Turn[]): string =>
  renderToStaticMarkup(
    createElement(AppProvider, {
      store: createAppStore(fakeApi({})),
      transport: { mode: 'browser', desktop: null, saveExport: async () => null },
      children: createElement(RewardStrip, { turns }) as ReactNode
    })
  )

const { engine } = tempEngine()
afterAll(() => engine.close())

describe('RewardStrip', () => {
  it('offers the step metrics of an episode without per-step rewards, without an empty chart (ATIF)', async () => {
    await engine.indexPaths([
      fixture('harbor-atif/golden/terminus_2/hello-world-context-summarization-linear-history.trajectory.json')
    ])
    const [run] = await engine.api.listRuns()
    const [ep] = (await engine.api.listEpisodes({ runId: run.id })).items
    const { turns } = await engine.api.getEpisode(ep.id)
    // what the file has per step: token counts (its cost_usd is kept apart, as costUsd), no reward, no error
    expect(turns.some((t) => t.meta?.metrics?.prompt_tokens !== undefined)).toBe(true)
    expect(turns.every((t) => t.reward === null && !t.meta?.error && !t.meta?.truncated)).toBe(true)
    const html = draw(turns)
    expect(html).toContain('data-testid="reward-strip"')
    expect(html).toContain('data-testid="strip-metric"')
    expect(html).toContain('<option value="prompt_tokens">prompt_tokens</option>')
    expect(html).not.toContain('data-testid="strip-chart"')
    expect(html).not.toContain('click to jump')
  })

  it('draws the chart for per-step rewards, and nothing when every reward is zero', () => {
    const rewarded = draw([makeTurn({ index: 0, reward: 0.5 }), makeTurn({ index: 1, reward: 1 })])
    expect(rewarded).toContain('data-testid="strip-chart"')
    expect(rewarded.match(/data-testid="strip-bar"/g)).toHaveLength(2)
    expect(draw([makeTurn({ index: 0, reward: 0 }), makeTurn({ index: 1 })])).toBe('')
  })
})
