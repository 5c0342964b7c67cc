import { turnAsText } from '../../lib/turn-text'
import type { AppStore } from '../../state/store'

/** Copies the highlighted turn as text (`c` in the viewer); a turn the preview cut is fetched whole first. */
export async function copyActiveTurn(store: AppStore): Promise<void> {
  const s = store.getState()
  const position = s.episode.activeTurn
  if (s.episode.detail?.turns[position]?.elided) await s.ensureFullTurns()
  const turn = store.getState().episode.detail?.turns[position]
  if (!turn) return
  try {
    await navigator.clipboard.writeText(turnAsText(turn))
    s.pushInfo(`Turn #${turn.index} copied`)
  } catch (err) {
    s.pushError(err, 'Could not copy the turn')
  }
}
