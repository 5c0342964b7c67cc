import { describe, expect, it, vi } from 'vitest'
import type { Binding } from '../../../src-renderer/src/keymap/binding'
import { activeContexts, viewContext } from '../../../src-renderer/src/keymap/contexts'
import { bindingsByContext, dispatchKey } from '../../../src-renderer/src/keymap/dispatch'
import { flush } from '../fake-api'
import { goTo, inMonaco, keydown, keyEnv, textField } from './key-fixtures'

describe('keymap dispatcher: contexts', () => {
  it('derives one view from the state, layers over it, global last', async () => {
    const env = keyEnv()
    expect(activeContexts(env.store.getState(), [])).toEqual(['runs', 'global'])
    await goTo(env.store, 'editor')
    expect(activeContexts(env.store.getState(), [])).toEqual(['editor', 'episode', 'global'])
    env.store.getState().toggleShortcutSheet()
    expect(activeContexts(env.store.getState(), ['export-options'])).toEqual([
      'export-options',
      'sheet',
      'editor',
      'episode',
      'global'
    ])
    env.store.getState().openSearch()
    // the search screen covers the episode: its editor is not on screen
    expect(activeContexts(env.store.getState(), [])).toEqual(['sheet', 'search', 'global'])
  })

  it('the same key does what the view on screen binds it to', async () => {
    const env = keyEnv()
    expect(dispatchKey(keydown('/'), env, [])?.id).toBe('views.search')
    expect(env.store.getState().search.open).toBe(true)
    expect(env.focus).toHaveBeenLastCalledWith('search')
    env.store.getState().closeSearch()

    await goTo(env.store, 'table')
    expect(viewContext(env.store.getState())).toBe('table')
    expect(dispatchKey(keydown('/'), env, [])?.id).toBe('table.text')
    expect(env.focus).toHaveBeenLastCalledWith('episode-text')

    await goTo(env.store, 'episode')
    expect(dispatchKey(keydown('/'), env, [])?.id).toBe('episode.find')
    expect(env.store.getState().episode.find.open).toBe(true)
    expect(env.focus).toHaveBeenLastCalledWith('find')
  })

  it('in the episode view: j / k move the turn, Esc closes the find bar first, then the episode', async () => {
    const env = keyEnv()
    await goTo(env.store, 'episode')
    expect(env.store.getState().episode.detail?.turns.length).toBe(6)
    dispatchKey(keydown('j'), env, [])
    dispatchKey(keydown('j'), env, [])
    dispatchKey(keydown('k'), env, [])
    expect(env.store.getState().episode.activeTurn).toBe(1)
    env.store.getState().openFind()
    expect(dispatchKey(keydown('Escape'), env, [])?.id).toBe('episode.back')
    expect(env.store.getState().episode.find.open).toBe(false)
    expect(env.store.getState().openEpisodeId).toBe('a:1')
    dispatchKey(keydown('Escape'), env, [])
    expect(env.store.getState().openEpisodeId).toBeNull()
  })

  it('a layer takes its keys before the view: Esc closes the sheet, not the episode; the view keeps the other keys', async () => {
    const env = keyEnv()
    await goTo(env.store, 'sheet')
    dispatchKey(keydown('j'), env, [])
    expect(env.store.getState().episode.activeTurn).toBe(1)
    expect(dispatchKey(keydown('Escape'), env, [])?.id).toBe('sheet.close')
    expect(env.store.getState().shortcutSheet).toBe(false)
    expect(env.store.getState().openEpisodeId).toBe('a:1')
    // ? opens it from anywhere
    await goTo(env.store, 'compare')
    expect(dispatchKey(keydown('?', { shiftKey: true }), env, [])?.id).toBe('global.sheet')
    expect(env.store.getState().shortcutSheet).toBe(true)
  })

  it('a modal layer lets only its own keys and Ctrl+K through', async () => {
    const env = keyEnv()
    await goTo(env.store, 'editor')
    for (const k of ['j', '?', 'n', '/']) expect(dispatchKey(keydown(k), env, [])).toBeNull()
    expect(dispatchKey(keydown('3'), env, [])).toBeNull()
    expect(env.store.getState().episode.activeTurn).toBe(0)
    expect(env.store.getState().shortcutSheet).toBe(false)
    expect(dispatchKey(keydown('Escape'), env, [])?.id).toBe('editor.close')
    expect(env.store.getState().episode.editor).toBeNull()
    expect(env.store.getState().openEpisodeId).toBe('a:1')
    await env.store.getState().openEditor({ title: 't', text: 'x' })
    expect(dispatchKey(keydown('k', { ctrlKey: true }), env, [])?.id).toBe('global.search')
    expect(env.store.getState().search.open).toBe(true)
  })

  it('side by side: j / k rows, d the diff; the diff is modal and Esc closes it even from inside the editor', async () => {
    const env = keyEnv()
    await goTo(env.store, 'side-by-side')
    const row = (): number => env.store.getState().sideBySide!.selectedRow
    expect(dispatchKey(keydown('j'), env, [])?.id).toBe('sbs.row')
    expect(row()).toBe(1)
    dispatchKey(keydown('k'), env, [])
    dispatchKey(keydown('k'), env, [])
    expect(row()).toBe(0)
    dispatchKey(keydown('d'), env, [])
    expect(env.store.getState().sideBySide!.diff).toEqual({ kind: 'row', row: 0 })
    expect(dispatchKey(keydown('j'), env, [])).toBeNull()
    expect(dispatchKey(keydown('Escape', { target: inMonaco }), env, [])?.id).toBe('diff.close')
    expect(env.store.getState().sideBySide!.diff).toBeNull()
    expect(env.store.getState().compare?.taskKey).toBe('t1')
    dispatchKey(keydown('Escape'), env, [])
    expect(env.store.getState().compare?.taskKey).toBeNull()
  })

  it('a key whose command does not apply now goes on unhandled', async () => {
    const env = keyEnv()
    env.store.getState().openCompare('a', 'b', 't1')
    // the episodes are not in yet: no rows to move in or diff
    const j = keydown('j')
    expect(dispatchKey(j, env, [])).toBeNull()
    expect(j.defaultPrevented).toBe(false)
    expect(dispatchKey(keydown('d'), env, [])).toBeNull()
    await flush()
    await goTo(env.store, 'episode')
    env.store.getState().setEpisodeTab('raw')
    expect(dispatchKey(keydown('j'), env, [])).toBeNull()
  })

  it('a registered layer sits on top and is modal; Esc asks it to close itself', async () => {
    const env = keyEnv()
    await goTo(env.store, 'table')
    // from its select box too
    expect(dispatchKey(keydown('Escape', { target: textField }), env, ['export-options'])?.id).toBe(
      'export-options.close'
    )
    expect(env.closeLayer).toHaveBeenCalledWith('export-options')
    expect(dispatchKey(keydown('/'), env, ['export-options'])).toBeNull()
    expect(dispatchKey(keydown('/'), env, [])?.id).toBe('table.text')
  })
})

describe('keymap dispatcher: guards', () => {
  it('leaves keys typed in a text field or inside Monaco alone, except Ctrl+K', async () => {
    const env = keyEnv()
    await goTo(env.store, 'episode')
    expect(dispatchKey(keydown('j', { target: textField }), env, [])).toBeNull()
    expect(dispatchKey(keydown('Escape', { target: inMonaco }), env, [])).toBeNull()
    expect(env.store.getState().openEpisodeId).toBe('a:1')
    expect(dispatchKey(keydown('k', { metaKey: true, target: textField }), env, [])?.id).toBe('global.search')
  })

  it('leaves a key something else handled, a key of an IME composition, and keys with Alt or Ctrl alone', async () => {
    const env = keyEnv()
    await goTo(env.store, 'episode')
    expect(dispatchKey(keydown('Escape', { defaultPrevented: true }), env, [])).toBeNull()
    expect(dispatchKey(keydown('j', { isComposing: true }), env, [])).toBeNull()
    expect(dispatchKey(keydown('j', { keyCode: 229 }), env, [])).toBeNull()
    expect(dispatchKey(keydown('j', { altKey: true }), env, [])).toBeNull()
    expect(dispatchKey(keydown('j', { ctrlKey: true }), env, [])).toBeNull()
    expect(env.store.getState().episode.activeTurn).toBe(0)
    expect(env.store.getState().openEpisodeId).toBe('a:1')
  })

  it('marks a key it ran as handled, and only that', async () => {
    const env = keyEnv()
    await goTo(env.store, 'episode')
    const j = keydown('j')
    const q = keydown('q')
    dispatchKey(j, env, [])
    dispatchKey(q, env, [])
    expect([j.defaultPrevented, q.defaultPrevented]).toEqual([true, false])
  })
})

describe('keymap dispatcher: precedence', () => {
  it('tries contexts from the most specific: a layer, the view, then global; within one, the first binding that applies', async () => {
    const ran: string[] = []
    const b = (id: string, when: Binding['when'], applies = true): Binding => ({
      id,
      when,
      help: null,
      keys: [['x', () => (applies ? void ran.push(id) : false)]]
    })
    const env = keyEnv()
    await goTo(env.store, 'sheet')
    const registry = bindingsByContext([
      b('global', 'global'),
      b('view', 'episode'),
      b('sheet-no', 'sheet', false),
      b('sheet', 'sheet')
    ])
    expect(dispatchKey(keydown('x'), env, [], registry)?.id).toBe('sheet')
    env.store.getState().closeShortcutSheet()
    expect(dispatchKey(keydown('x'), env, [], registry)?.id).toBe('view')
    env.store.getState().closeEpisode()
    expect(dispatchKey(keydown('x'), env, [], registry)?.id).toBe('global')
    expect(ran).toEqual(['sheet', 'view', 'global'])
  })

  it('runs a binding in every context its `when` lists', async () => {
    const env = keyEnv()
    const run = vi.fn()
    const registry = bindingsByContext([{ id: 'both', when: ['compare', 'screen'], help: null, keys: [['x', run]] }])
    await goTo(env.store, 'compare')
    dispatchKey(keydown('x'), env, [], registry)
    await goTo(env.store, 'screen')
    dispatchKey(keydown('x'), env, [], registry)
    await goTo(env.store, 'search')
    dispatchKey(keydown('x'), env, [], registry)
    expect(run).toHaveBeenCalledTimes(2)
  })
})
