import { useEffect, useState } from 'react'
import type { EpisodesExportRequest, ExportPreview } from '@contract/export'
import { useAppStore } from '../../state/store-context'

/**
 * The engine's count of what `request` will write (previewExport), asked again whenever the request changes; null
 * while it is counted, 'failed' when the engine refused it (the notice area says why). An answer to an earlier
 * request that comes late is dropped.
 */
export function useExportPreview(request: EpisodesExportRequest): ExportPreview | null | 'failed' {
  const store = useAppStore()
  const [preview, setPreview] = useState<ExportPreview | null | 'failed'>(null)
  const asked = JSON.stringify(request)
  useEffect(() => {
    let live = true
    setPreview(null)
    void store
      .getState()
      .previewExport(JSON.parse(asked) as EpisodesExportRequest)
      .then((p) => live && setPreview(p ?? 'failed'))
    return () => {
      live = false
    }
  }, [store, asked])
  return preview
}
