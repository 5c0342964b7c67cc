/** Typed tool-call views: drawn to static HTML, and the rules run over every tool call of the real corpus. */
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToolCall } from '@contract/model'
import { ToolCallView } from '../../../src-renderer/src/features/episode/ToolCallView'
import { toolView, type ToolViewKind } from '../../../src-renderer/src/lib/tool-view'
import { AppProvider } from '../../../src-renderer/src/state/store-context'
import { createAppStore } from '../../../src-renderer/src/state/store'
import type { Engine } from '../../../src-main/services/engine-types'
import { FIXTURES, OWN_FIXTURES } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'
import { fakeApi } from '../fake-api'
import code from '../../../src-renderer/src/styles/code.module.css'
import collapsible from '../../../src-renderer/src/features/episode/Collapsible.module.css'
import css from '../../../src-renderer/src/features/episode/ToolCallView.module.css'

const draw = (call: ToolCall): string =>
  renderToStaticMarkup(
    createElement(AppProvider, {
      store: createAppStore(fakeApi({})),
      transport: { mode: 'browser', desktop: null, saveExport: async () => null },
      children: createElement(ToolCallView, { call, expandKey: '0:call:0' }) as ReactNode
    })
  )

describe('ToolCallView', () => {
  it('draws a shell call as highlighted bash with its extras', () => {
    const html = draw({ id: 'call_1', name: 'bash', arguments: { command: 'grep -rn "x" src | head', timeout: 30 } })
    expect(html).toContain('data-tool-kind="shell"')
    expect(html).toContain(`<span class="${css.kind}">shell</span>`)
    expect(html).toContain('data-language="bash"')
    expect(html).toContain('<span class="hljs-string">&quot;x&quot;</span>')
    expect(html).toContain(`<span class="${css.extraKey}">timeout</span>=<span class="${css.extraValue}">30</span>`)
    expect(html).toContain('call_1')
  })

  it('draws a str_replace as removed and added rows under the path', () => {
    const html = draw({
      id: null,
      name: 'str_replace_editor',
      arguments: { command: 'str_replace', path: '/t/a.py', old_str: 'x = 1', new_str: 'x = 2' }
    })
    expect(html).toContain(`<span class="${css.path}" title="/t/a.py">/t/a.py</span>`)
    expect(html).toContain(`<span class="${css.summary}">−1 +1</span>`)
    expect(html).toContain(
      `<span class="${code.diffLine} ${code.diffDel}" data-diff="del"><span class="${code.diffOp}">-</span>x = 1</span>`
    )
    expect(html).toContain(
      `<span class="${code.diffLine} ${code.diffAdd}" data-diff="add"><span class="${code.diffOp}">+</span>x = 2</span>`
    )
    expect(html).not.toContain('data-testid="tool-extras"')
  })

  it('draws untyped calls as JSON and says when arguments did not parse', () => {
    expect(draw({ id: null, name: 'lookup', arguments: { q: 'a' } })).toContain(
      '<span class="hljs-attr">&quot;q&quot;</span>'
    )
    const raw = draw({ id: null, name: 'lookup', arguments: '{"q": ' })
    expect(raw).toContain('(arguments are not valid JSON)')
    expect(raw).toContain('data-language="plaintext"')
    expect(draw({ id: null, name: 'finish', arguments: undefined })).toContain('(no arguments)')
  })

  it('collapses long code with the same "Show all" button as other long texts', () => {
    const code = Array.from({ length: 80 }, (_, i) => `print(${i})`).join('\n')
    const html = draw({ id: null, name: 'python', arguments: { code } })
    expect(html).toContain(`class="${collapsible.closed}"`)
    expect(html).toContain('Show all (80 lines')
    expect(html).not.toContain('print(<span class="hljs-number">79</span>)')
  })

  it('keeps hostile argument text as text', () => {
    const html = draw({ id: null, name: 'bash', arguments: { command: 'echo "<img src=x onerror=alert(1)>"' } })
    expect(html).not.toMatch(/<img/i)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})

describe('tool views over every tool call of the corpus', () => {
  let engine: Engine
  const calls: ToolCall[] = []

  beforeAll(async () => {
    engine = tempEngine().engine
    await engine.indexPaths([FIXTURES, OWN_FIXTURES])
    for (const run of await engine.api.listRuns()) {
      const page = await engine.api.listEpisodes({ runId: run.id, limit: 20 })
      for (const ep of page.items) {
        const detail = await engine.api.getEpisode(ep.id)
        for (const t of detail.turns) calls.push(...t.toolCalls)
      }
    }
  }, 120_000)
  afterAll(() => engine?.close())

  const kindsOf = (pred: (c: ToolCall) => boolean): Set<ToolViewKind> =>
    new Set(calls.filter(pred).map((c) => toolView(c).kind))
  const hasArg = (c: ToolCall, key: string): boolean =>
    typeof c.arguments === 'object' && c.arguments !== null && key in c.arguments

  it('finds the tool calls the rules were written for', () => {
    expect(calls.length).toBeGreaterThan(200)
    const names = new Set(calls.map((c) => c.name))
    for (const n of ['bash', 'python', 'bash_command', 'str_replace_editor', 'run_shell_command'])
      expect(names, n).toContain(n)
  })

  it('shows every bash, Terminus and Gemini shell command as a shell view with its command', () => {
    const shellCalls = calls.filter((c) =>
      ['bash', 'bash_command', 'keystrokes', 'run_shell_command', 'execute_bash'].includes(c.name)
    )
    expect(shellCalls.length).toBeGreaterThan(100)
    for (const c of shellCalls) {
      const v = toolView(c)
      expect(v.kind, JSON.stringify(c)).toBe('shell')
      expect(v.code.length).toBeGreaterThan(0)
    }
  })

  it('shows math-python code as python', () => {
    expect(kindsOf((c) => c.name === 'python' && hasArg(c, 'code'))).toEqual(new Set(['python']))
  })

  it('shows str_replace edits as diffs and views as JSON', () => {
    const editor = calls.filter((c) => c.name === 'str_replace_editor' || c.name === 'edit')
    const byCommand = new Map<string, Set<ToolViewKind>>()
    for (const c of editor) {
      const cmd = String((c.arguments as Record<string, unknown>).command ?? '(none)')
      byCommand.set(cmd, (byCommand.get(cmd) ?? new Set()).add(toolView(c).kind))
    }
    expect(byCommand.get('str_replace')).toEqual(new Set(['edit']))
    expect(byCommand.get('view')).toEqual(new Set(['json']))
  })

  it('gives every call a view without throwing, JSON for the tau-bench style business tools', () => {
    const views = calls.map((c) => toolView(c))
    const kinds = new Set(views.map((v) => v.kind))
    for (const k of ['shell', 'python', 'edit', 'json'] as const) expect(kinds, k).toContain(k)
    expect(kindsOf((c) => c.name === 'get_reservation_details')).toEqual(new Set(['json']))
  })
})
