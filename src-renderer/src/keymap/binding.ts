import type { AppStore } from '../state/store'
import { keyLabel, type KeyLike, type KeySpec } from './chords'
import type { FocusScope, HookLayer, WindowContext } from './contexts'

/** Text boxes a key puts the cursor in (marked with `keyField(...)`). */
export type KeyField = 'search' | 'episode-text' | 'find'

/** What a command may use besides the store: passed in, so the dispatcher runs in tests without a DOM. */
export interface KeyEnv {
  store: AppStore
  /** Puts the cursor in a text box and selects its text, when the box is on screen. */
  focus(field: KeyField): void
  /** Closes a layer a component registered (it said how). */
  closeLayer(layer: HookLayer): void
}

/** What a key does; `false` when it does not apply now (the key then goes on as if it were not bound here). */
export type Command = (env: KeyEnv, e: KeyLike) => void | false

/** A window-wide shortcut: its keys, where it applies, what it does and the line the shortcut sheet shows. */
export interface Binding {
  /** A stable name (`episode.turn`). */
  id: string
  when: WindowContext | readonly WindowContext[]
  /** Each key and what it does; keys that share one line of help (j / k) sit in one binding. */
  keys: readonly (readonly [KeySpec, Command])[]
  /** The line in the shortcut sheet; null keeps the key out of it. */
  help: string | null
  /** Also with the cursor in a text field or an editor (Esc out of the diff editor). */
  inFields?: boolean
  /** Also in text fields and over a modal layer: Ctrl+K searches from anywhere. */
  everywhere?: boolean
}

/** The actions of each focused element; the element implements them (RunsPanel, EpisodesTable, FindBar). */
export interface ScopeActions {
  'runs-row': 'next' | 'previous' | 'open' | 'pick'
  'episodes-grid':
    | 'down'
    | 'up'
    | 'page-down'
    | 'page-up'
    | 'first'
    | 'last'
    | 'fold'
    | 'unfold'
    | 'open'
    | 'pick'
    | 'pick-range'
    | 'label'
  'find-box': 'next' | 'previous' | 'close'
}

/** A key of a focused element: the registry names it and its help, the element does it. */
export type ElementBinding = {
  [S in FocusScope]: {
    id: string
    when: S
    keys: readonly (readonly [KeySpec, ScopeActions[S]])[]
    help: string | null
  }
}[FocusScope]

/** A binding's keys as the screen writes them (`j`, `k`; `Ctrl+K`). */
export const keyLabelsOf = (b: Binding | ElementBinding): string[] => b.keys.map(([spec]) => keyLabel(spec))

/** The contexts a binding applies in, as a list. */
export const contextsOf = (b: Binding): readonly WindowContext[] => (typeof b.when === 'string' ? [b.when] : b.when)
