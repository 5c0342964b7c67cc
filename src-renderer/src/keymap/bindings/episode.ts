import { copyActiveTurn } from '../commands/copy-turn'
import { labelKeyOf } from '../../lib/label-keys'
import type { Binding, Command } from '../binding'

/** j / k move through the transcript; on the raw tab there is no transcript to move in. */
const moveTurn =
  (delta: number): Command =>
  ({ store }) => {
    const s = store.getState()
    if (s.episodeTab !== 'transcript') return false
    s.moveActiveTurn(delta)
  }

/** 1–9 label the episode, Shift+1–9 the highlighted turn (labels-slice applyLabelKey). */
const applyLabel: Command = ({ store }, e) => {
  const k = labelKeyOf(e)
  if (!k) return false
  void store.getState().applyLabelKey(k.key, k.onTurn)
}

const find: Command = ({ store, focus }) => {
  const s = store.getState()
  if (s.episodeTab !== 'transcript') s.setEpisodeTab('transcript')
  s.openFind()
  // already open: take the focus back to the box (a new bar focuses itself when it mounts)
  focus('find')
}

export const EPISODE_TURN: Binding = {
  id: 'episode.turn',
  when: 'episode',
  keys: [
    ['j', moveTurn(1)],
    ['k', moveTurn(-1)]
  ],
  help: 'next / previous turn'
}

export const EPISODE_STEP: Binding = {
  id: 'episode.step',
  when: 'episode',
  keys: [
    ['n', ({ store }) => void store.getState().openAdjacentEpisode(1)],
    ['p', ({ store }) => void store.getState().openAdjacentEpisode(-1)]
  ],
  help: 'next / previous episode in the table order'
}

export const EPISODE_RUN: Binding = {
  id: 'episode.run',
  when: 'episode',
  keys: [
    ['[', ({ store }) => store.getState().openSameTaskInRun(-1)],
    [']', ({ store }) => store.getState().openSameTaskInRun(1)]
  ],
  help: 'the same task in the previous / next run'
}

export const EPISODE_FIND: Binding = {
  id: 'episode.find',
  when: 'episode',
  keys: [['/', find]],
  help: 'find in this episode'
}

export const EPISODE_EXPAND: Binding = {
  id: 'episode.expand',
  when: 'episode',
  keys: [
    ['e', ({ store }) => store.getState().setAllExpanded(true)],
    ['x', ({ store }) => store.getState().setAllExpanded(false)]
  ],
  help: 'expand / collapse every prompt, long text, reasoning and tool call'
}

export const EPISODE_COPY: Binding = {
  id: 'episode.copy',
  when: 'episode',
  keys: [['c', ({ store }) => void copyActiveTurn(store)]],
  help: 'copy the highlighted turn as text'
}

export const EPISODE_LABEL: Binding = {
  id: 'episode.label',
  when: 'episode',
  keys: [['1-9', applyLabel]],
  help: 'apply / remove the label with that key on the episode'
}

export const TURN_LABEL: Binding = {
  id: 'episode.turn-label',
  when: 'episode',
  keys: [['Shift+1-9', applyLabel]],
  help: 'apply / remove the label on the highlighted turn'
}

export const EPISODE_BACK: Binding = {
  id: 'episode.back',
  when: 'episode',
  keys: [
    [
      'Escape',
      ({ store }) => {
        const s = store.getState()
        // opened from a search hit: back to the hits (its find bar only marked the term)
        if (s.search.hitEpisodeId !== null && s.search.hitEpisodeId === s.openEpisodeId) s.backToHits()
        else if (s.episode.find.open) s.closeFind()
        else s.closeEpisode()
      }
    ]
  ],
  help: 'back to the search hits when a hit opened it; else close the find bar, else back to the episodes'
}

/** The text editor over the transcript is modal: only its Esc (and Ctrl+K) get through, Esc from inside Monaco too. */
export const CLOSE_EDITOR: Binding = {
  id: 'editor.close',
  when: 'editor',
  keys: [['Escape', ({ store }) => store.getState().closeEditor()]],
  help: 'close the text editor',
  inFields: true
}

export const EPISODE_BINDINGS: readonly Binding[] = [
  EPISODE_TURN,
  EPISODE_STEP,
  EPISODE_RUN,
  EPISODE_FIND,
  EPISODE_EXPAND,
  EPISODE_COPY,
  EPISODE_LABEL,
  TURN_LABEL,
  EPISODE_BACK,
  CLOSE_EDITOR
]
