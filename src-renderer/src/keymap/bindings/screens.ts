import type { Binding } from '../binding'

export const SCREEN_BACK: Binding = {
  id: 'screen.back',
  when: ['compare', 'series', 'screen'],
  keys: [['Escape', ({ store }) => store.getState().closeCompare()]],
  help: 'back to the runs'
}

export const SEARCH_BACK: Binding = {
  id: 'search.back',
  when: 'search',
  keys: [['Escape', ({ store }) => store.getState().closeSearch()]],
  help: 'back to where you were'
}

export const SEARCH_MOVE: Binding = {
  id: 'search.move',
  when: 'search',
  keys: [
    ['ArrowDown', ({ store }) => store.getState().moveSearchCursor(1)],
    ['ArrowUp', ({ store }) => store.getState().moveSearchCursor(-1)]
  ],
  help: 'next / previous hit (↓ from the search box too)'
}

export const SEARCH_OPEN: Binding = {
  id: 'search.open',
  when: 'search',
  keys: [['Enter', ({ store }) => (store.getState().openSearchCursor() ? undefined : false)]],
  help: 'open the hit in the viewer, its term marked (Esc there comes back here)'
}

export const TABLE_TEXT: Binding = {
  id: 'table.text',
  when: 'table',
  keys: [['/', ({ focus }) => focus('episode-text')]],
  help: 'search the table (task, preview, answer)'
}

/** The SFT options popover (ExportSelect): Esc from its select box and buttons too. */
export const CLOSE_EXPORT_OPTIONS: Binding = {
  id: 'export-options.close',
  when: 'export-options',
  keys: [['Escape', ({ closeLayer }) => closeLayer('export-options')]],
  help: 'close the options without exporting',
  inFields: true
}

export const SCREEN_BINDINGS: readonly Binding[] = [
  SCREEN_BACK,
  SEARCH_BACK,
  SEARCH_MOVE,
  SEARCH_OPEN,
  TABLE_TEXT,
  CLOSE_EXPORT_OPTIONS
]
