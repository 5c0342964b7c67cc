import { nextNotable, notableTurnPositions } from '../../lib/notable-turns'
import { editorTitle, turnExpandKeys } from '../../lib/turn-text'
import type { Command } from '../binding'

/** Commands on the transcript and its highlighted turn; none applies on the raw tab (there is no transcript there). */

/** Highlights the first (`'first'`) or last turn and scrolls to it. */
export const toEnd =
  (end: 'first' | 'last'): Command =>
  ({ store }) => {
    const s = store.getState()
    const n = s.episode.detail?.turns.length ?? 0
    if (s.episodeTab !== 'transcript' || n === 0) return false
    s.jumpToTurn(end === 'first' ? 0 : n - 1)
  }

/** The next / previous turn with an error, a truncation or an anomaly; says so when there is none that way. */
export const toNotable =
  (delta: 1 | -1): Command =>
  ({ store }) => {
    const s = store.getState()
    const detail = s.episode.detail
    if (s.episodeTab !== 'transcript' || !detail) return false
    const positions = notableTurnPositions(detail.turns, detail.anomalyTurns, detail.status)
    const at = nextNotable(positions, s.episode.activeTurn, delta)
    if (at === null) {
      s.pushInfo(
        positions.length === 0
          ? 'No turn with an error, a truncation or an anomaly in this episode'
          : `No ${delta > 0 ? 'later' : 'earlier'} turn with an error, a truncation or an anomaly`
      )
      return
    }
    s.jumpToTurn(at)
  }

/** Show all / Collapse on the highlighted turn: every long text, reasoning, prompt and tool call of it. */
export const toggleTurnShown: Command = ({ store }) => {
  const s = store.getState()
  const position = s.episode.activeTurn
  const turn = s.episode.detail?.turns[position]
  if (s.episodeTab !== 'transcript' || !turn) return false
  const open = turnExpandKeys(turn, position).some((k) => s.episode.expanded[k])
  s.setTurnExpanded(position, !open)
}

/** Opens the highlighted turn's text (else its reasoning) in the read-only editor. */
export const openTurnInEditor: Command = ({ store }) => {
  const s = store.getState()
  const position = s.episode.activeTurn
  const turn = s.episode.detail?.turns[position]
  if (s.episodeTab !== 'transcript' || !turn) return false
  const part = turn.text === '' && turn.reasoning ? 'reasoning' : 'text'
  void s.openEditor({ title: editorTitle(turn), position, part })
}

/** Opens the note editor of the highlighted turn (its box takes the cursor). */
export const noteOnTurn: Command = ({ store }) => {
  const s = store.getState()
  if (s.episodeTab !== 'transcript' || !s.episode.detail?.turns[s.episode.activeTurn]) return false
  s.setNoteTurn(s.episode.activeTurn)
}
