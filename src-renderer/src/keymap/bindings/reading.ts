import type { Binding } from '../binding'
import { noteOnTurn, openTurnInEditor, toEnd, toggleTurnShown, toNotable } from '../commands/turn-keys'

/**
 * Keys for reading a long transcript: its ends, its trouble spots, actions on the highlighted turn, the header and
 * the sidebar out of the way.
 */

export const TURN_ENDS: Binding = {
  id: 'episode.ends',
  when: 'episode',
  keys: [
    ['g g', toEnd('first')],
    ['G', toEnd('last')],
    ['Home', toEnd('first')],
    ['End', toEnd('last')]
  ],
  help: 'first / last turn'
}

export const TURN_NOTABLE: Binding = {
  id: 'episode.notable',
  when: 'episode',
  keys: [
    ['f', toNotable(1)],
    ['F', toNotable(-1)]
  ],
  help: 'next / previous turn with an error, a truncation or an anomaly'
}

export const TURN_SHOW_ALL: Binding = {
  id: 'episode.turn-show-all',
  when: 'episode',
  keys: [['s', toggleTurnShown]],
  help: 'show all / collapse the highlighted turn'
}

export const TURN_EDITOR: Binding = {
  id: 'episode.turn-editor',
  when: 'episode',
  keys: [['o', openTurnInEditor]],
  help: 'open the highlighted turn in the text editor'
}

export const TURN_NOTE: Binding = {
  id: 'episode.turn-note',
  when: 'episode',
  keys: [['N', noteOnTurn]],
  help: 'write a note on the highlighted turn'
}

export const TOGGLE_HEADER: Binding = {
  id: 'episode.header',
  when: 'episode',
  keys: [['i', ({ store }) => store.getState().toggleHeader()]],
  help: 'show / fold the episode header (its facts, answer, metrics, labels and note)'
}

export const UNDO_ADVANCE: Binding = {
  id: 'episode.undo-advance',
  when: 'episode',
  keys: [['u', ({ store }) => (store.getState().undoAdvance() ? undefined : false)]],
  help: 'after auto-advance: take the label off again and go back to that episode'
}

/** The workspace sidebar in and out of the way, in every view (Ctrl+B as in editors). */
export const TOGGLE_SIDEBAR: Binding = {
  id: 'global.sidebar',
  when: 'global',
  keys: [['Mod+B', ({ store }) => store.getState().toggleSidebar()]],
  help: 'hide / show the workspace sidebar (remembered)'
}

export const READING_BINDINGS: readonly Binding[] = [
  TURN_ENDS,
  TURN_NOTABLE,
  TURN_SHOW_ALL,
  TURN_EDITOR,
  TURN_NOTE,
  TOGGLE_HEADER,
  UNDO_ADVANCE
]
