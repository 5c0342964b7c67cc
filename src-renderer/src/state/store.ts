import type { TraceApi } from '@contract/api'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { createBreakdownSlice } from './breakdown-slice'
import { createCompareSlice } from './compare-slice'
import { createCurveSlice } from './curve-slice'
import { createCurveStepSlice } from './curve-step-slice'
import { createManySlice } from './many-slice'
import { createEpisodeSlice } from './episode-slice'
import { createEpisodesSlice } from './episodes-slice'
import { createExportPreviewSlice } from './export-preview-slice'
import { createLabelsSlice } from './labels-slice'
import { createLayoutSlice } from './layout-slice'
import { createNoticesSlice } from './notices-slice'
import { createPickedRowsSlice } from './picked-rows-slice'
import { createRunsSlice } from './runs-slice'
import { createSearchSlice } from './search-slice'
import { createSelectionSlice } from './selection-slice'
import { createShortcutSheetSlice } from './shortcut-sheet-slice'
import { createSideBySideSlice } from './side-by-side-slice'
import type { AppState } from './types'
import { createWorkspaceSlice } from './workspace-slice'

export type { AppState } from './types'

/** The app's store. */
export type AppStore = StoreApi<AppState>

/** Creates the one store of the renderer over an API (the real transport, or a fake in tests). */
export function createAppStore(api: TraceApi): AppStore {
  const notices = createNoticesSlice()
  return createStore<AppState>()((...a) => ({
    ...createWorkspaceSlice(api)(...a),
    ...createRunsSlice(api)(...a),
    ...createSelectionSlice()(...a),
    ...createEpisodesSlice(api)(...a),
    ...createEpisodeSlice(api)(...a),
    ...notices(...a),
    ...createCompareSlice(api)(...a),
    ...createSideBySideSlice(api)(...a),
    ...createLabelsSlice(api)(...a),
    ...createSearchSlice(api)(...a),
    ...createPickedRowsSlice(api)(...a),
    ...createBreakdownSlice(api)(...a),
    ...createManySlice(api)(...a),
    ...createCurveSlice(api)(...a),
    ...createCurveStepSlice(api)(...a),
    ...createShortcutSheetSlice()(...a),
    ...createLayoutSlice()(...a),
    ...createExportPreviewSlice(api)(...a)
  }))
}

/** First load: app info, workspace, progress and runs, in parallel. */
export async function bootstrap(store: AppStore): Promise<void> {
  const s = store.getState()
  await Promise.all([s.loadAppInfo(), s.loadWorkspace(), s.loadProgress(), s.loadRuns()])
}
