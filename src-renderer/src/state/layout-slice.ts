import { browserStorage } from './episode-prefs'
import type { SliceCreator } from './types'

/** The localStorage key of the sidebar's shown / hidden choice ('1' hidden). */
export const SIDEBAR_HIDDEN_KEY = 'rollscope:sidebar-hidden'

/** The window's layout choices the user makes and the app remembers across restarts: the workspace sidebar hidden. */
export interface LayoutSlice {
  /** The workspace sidebar is folded to a thin rail, in every view (runs, comparison, viewer). */
  sidebarHidden: boolean
  toggleSidebar(): void
}

function readHidden(): boolean {
  try {
    return browserStorage()?.getItem(SIDEBAR_HIDDEN_KEY) === '1'
  } catch {
    return false
  }
}

/** Creates the layout slice (read from localStorage once, written on each change). */
export const createLayoutSlice = (): SliceCreator<LayoutSlice> => (set, get) => ({
  sidebarHidden: readHidden(),
  toggleSidebar: () => {
    const hidden = !get().sidebarHidden
    set({ sidebarHidden: hidden })
    try {
      browserStorage()?.setItem(SIDEBAR_HIDDEN_KEY, hidden ? '1' : '0')
    } catch {
      // storage refused: the choice lasts this session
    }
  }
})
