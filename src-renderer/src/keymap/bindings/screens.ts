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

export const SCREEN_BINDINGS: readonly Binding[] = [SCREEN_BACK, SEARCH_BACK, TABLE_TEXT, CLOSE_EXPORT_OPTIONS]
