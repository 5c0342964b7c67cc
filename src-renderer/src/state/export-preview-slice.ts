import type { TraceApi } from '@contract/api'
import type { EpisodesExportRequest, ExportPreview } from '@contract/export'
import type { SliceCreator } from './types'

/** What an episodes export will write, asked before it is written (the export dialog's counts). */
export interface ExportPreviewSlice {
  /** The engine's preview of `request`; null when it refused (the notice area says why). */
  previewExport(request: EpisodesExportRequest): Promise<ExportPreview | null>
}

export const createExportPreviewSlice =
  (api: TraceApi): SliceCreator<ExportPreviewSlice> =>
  (_set, get) => ({
    previewExport: async (request) => {
      try {
        return await api.previewExport(request)
      } catch (err) {
        get().pushError(err, 'Could not count the export')
        return null
      }
    }
  })
