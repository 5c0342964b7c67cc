import { vi, type Mock } from 'vitest'
import type { KeyEnv, KeyField } from '../../../src-renderer/src/keymap/binding'
import type { HookLayer } from '../../../src-renderer/src/keymap/contexts'
import type { KeyEventLike } from '../../../src-renderer/src/keymap/dispatch'
import { createAppStore, type AppStore } from '../../../src-renderer/src/state/store'
import { fakeApi, flush } from '../fake-api'

/** A keydown as the dispatcher reads it; `code` follows `key` for digits (Shift+2 is key "@", code "Digit2"). */
export function keydown(key: string, over: Partial<KeyEventLike> = {}): KeyEventLike {
  const e: KeyEventLike = {
    key,
    code: /^[1-9]$/.test(key) ? `Digit${key}` : '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    defaultPrevented: false,
    target: null,
    preventDefault: () => {
      e.defaultPrevented = true
    },
    ...over
  }
  return e
}

/** An event target the guards take for a text field. */
export const textField = { tagName: 'INPUT', isContentEditable: false, closest: () => null } as unknown as EventTarget
/** An event target inside Monaco (a div in `.monaco-editor`). */
export const inMonaco = {
  tagName: 'DIV',
  isContentEditable: false,
  closest: (sel: string) => (sel === '.monaco-editor' ? {} : null)
} as unknown as EventTarget

/** A store over the fake API (runs a and b of 6 episodes) and an env whose focus and layer closing are spies. */
export function keyEnv(): KeyEnv & {
  store: AppStore
  focus: Mock<(field: KeyField) => void>
  closeLayer: Mock<(layer: HookLayer) => void>
} {
  return {
    store: createAppStore(fakeApi({ a: 6, b: 6 })),
    focus: vi.fn<(field: KeyField) => void>(),
    closeLayer: vi.fn<(layer: HookLayer) => void>()
  }
}

/** Where the user can be: one state per view, and per layer over its view. */
export type Place =
  | 'runs'
  | 'table'
  | 'episode'
  | 'editor'
  | 'side-by-side'
  | 'diff'
  | 'compare'
  | 'series'
  | 'screen'
  | 'search'
  | 'sheet'
  | 'export-options'

/** Puts the store in `place`; returns the layers components would have registered there. */
export async function goTo(store: AppStore, place: Place): Promise<HookLayer[]> {
  const s = store.getState()
  const episode = async (): Promise<void> => {
    s.selectRun('a')
    s.openEpisode('a:1')
    await flush()
  }
  const sideBySide = async (): Promise<void> => {
    s.openCompare('a', 'b', 't1')
    await s.openSideBySide('a', 'b', 't1')
  }
  switch (place) {
    case 'runs':
      return []
    case 'table':
      s.selectRun('a')
      return []
    case 'export-options':
      s.selectRun('a')
      return ['export-options']
    case 'episode':
      await episode()
      return []
    case 'editor':
      await episode()
      await s.openEditor({ title: 'observation', text: 'a long text' })
      return []
    case 'side-by-side':
      await sideBySide()
      return []
    case 'diff':
      await sideBySide()
      store.getState().openDiff({ kind: 'row', row: 0 })
      return []
    case 'compare':
      s.openCompare('a', 'b')
      return []
    case 'series':
      s.openSeries(['a', 'b'])
      return []
    case 'screen':
      s.openCurve('a')
      return []
    case 'search':
      s.openSearch()
      return []
    case 'sheet':
      await episode()
      store.getState().toggleShortcutSheet()
      return []
  }
}

export const PLACES: readonly Place[] = [
  'runs',
  'table',
  'episode',
  'editor',
  'side-by-side',
  'diff',
  'compare',
  'series',
  'screen',
  'search',
  'sheet',
  'export-options'
]
