/** The sub-agent and context-summary marks on a turn, drawn to static HTML: shown as text, never as HTML. */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Turn } from '@contract/model'
import { TurnCard } from '../../../src-renderer/src/features/episode/TurnCard'
import { AppProvider } from '../../../src-renderer/src/state/store-context'
import { createAppStore } from '../../../src-renderer/src/state/store'
import { fakeApi } from '../fake-api'
import t from '../../../src-renderer/src/styles/turn.module.css'

const turn = (over: Partial<Turn>): Turn => ({
  index: 3,
  role: 'assistant',
  text: 'divide() is called from cli.py:14',
  reasoning: null,
  toolCalls: [],
  toolCallId: null,
  toolName: null,
  isPrompt: false,
  isObservation: false,
  reward: null,
  done: null,
  tokens: null,
  ...over
})

const draw = (x: Turn): string =>
  renderToStaticMarkup(
    createElement(AppProvider, {
      store: createAppStore(fakeApi({})),
      transport: { mode: 'browser', desktop: null, saveExport: async () => null },
      children: createElement(TurnCard, { turn: x, position: 0, active: false, onSelect: () => {} }) as ReactNode
    })
  )

describe('turn marks', () => {
  it("a sub-agent's turn is set in and badged with its name, escaped", () => {
    const html = draw(turn({ agent: { id: 'a1', name: '<b>Find callers</b>' } }))
    expect(html).toContain(t.subAgent)
    expect(html).toMatch(/data-testid="turn-agent"[^>]*>sub-agent · &lt;b&gt;Find callers&lt;\/b&gt;</)
    expect(html).not.toContain('<b>Find callers</b>')
  })

  it('without a name, the agent id; the main agent has no mark', () => {
    expect(draw(turn({ agent: { id: '7f3a9c21', name: null } }))).toMatch(/>sub-agent 7f3a9c21</)
    const main = draw(turn({}))
    expect(main).not.toContain('turn-agent')
    expect(main).not.toContain(t.subAgent)
  })

  it('a context summary is marked as such', () => {
    const html = draw(turn({ role: 'system', meta: { contextSummary: true }, text: 'Summary: fix divide' }))
    expect(html).toContain('data-testid="turn-context-summary"')
    expect(draw(turn({}))).not.toContain('turn-context-summary')
  })
})
