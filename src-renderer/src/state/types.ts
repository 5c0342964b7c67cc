import type { StateCreator } from 'zustand/vanilla'
import type { WorkspaceSlice } from './workspace-slice'
import type { RunsSlice } from './runs-slice'
import type { SelectionSlice } from './selection-slice'
import type { EpisodesSlice } from './episodes-slice'
import type { EpisodeSlice } from './episode-slice'
import type { NoticesSlice } from './notices-slice'
import type { CompareSlice } from './compare-slice'
import type { SideBySideSlice } from './side-by-side-slice'
import type { LabelsSlice } from './labels-slice'
import type { SearchSlice } from './search-slice'
import type { PickedRowsSlice } from './picked-rows-slice'
import type { BreakdownSlice } from './breakdown-slice'
import type { ManySlice } from './many-slice'
import type { CurveSlice } from './curve-slice'
import type { CurveStepSlice } from './curve-step-slice'
import type { ShortcutSheetSlice } from './shortcut-sheet-slice'
import type { LayoutSlice } from './layout-slice'
import type { ExportPreviewSlice } from './export-preview-slice'

/** The whole renderer state: one zustand store made of slices. */
export type AppState = WorkspaceSlice &
  RunsSlice &
  SelectionSlice &
  EpisodesSlice &
  EpisodeSlice &
  NoticesSlice &
  CompareSlice &
  SideBySideSlice &
  LabelsSlice &
  SearchSlice &
  PickedRowsSlice &
  BreakdownSlice &
  ManySlice &
  CurveSlice &
  CurveStepSlice &
  ShortcutSheetSlice &
  LayoutSlice &
  ExportPreviewSlice

/** A slice factory: gets the store's set/get, returns its own part of the state. */
export type SliceCreator<T> = StateCreator<AppState, [], [], T>
