import type { ExportViewRequest } from '@contract/api'
import type { Transport } from '../../api/transport'
import { fmtInt } from '../../lib/format'

/** What the table shows: its runs, the applied filter and the picked rows. */
export interface ExportedTable {
  runId: string
  also: readonly string[]
  filter: string
  picked: readonly string[]
}

/** The export request of the table: with rows picked, exactly those (the filter that showed them is then moot). */
export function exportRequest(t: ExportedTable, format: ExportViewRequest['format'], sft?: { passedOnly: boolean; dropLabelled: string }): ExportViewRequest {
  return {
    format,
    runId: t.runId,
    ...(t.also.length ? { runIds: [...t.also] } : {}),
    ...(t.filter.trim() && !t.picked.length ? { filter: t.filter } : {}),
    ...(sft?.passedOnly ? { passedOnly: true } : {}),
    ...(sft?.dropLabelled ? { dropLabelled: sft.dropLabelled } : {}),
    ...(t.picked.length ? { episodeIds: [...t.picked] } : {})
  }
}

/** Where an export reports to: the app's notice area (the store's notices slice). */
export interface ExportNotices {
  pushInfo(message: string): void
  pushError(err: unknown, context?: string): void
}

/**
 * Starts the export of the current view. Desktop: the native save dialog, then a notice with the count (nothing
 * when cancelled). Browser: a cheap check call first, so a refused export (bad filter, unknown run or label) shows
 * the engine's message in the notice area; then the browser saves the streamed response through `download`. An
 * export of picked rows (`episodeIds`) is prepared by a POST instead, which returns a one-time download URL.
 */
export async function startExport(
  request: ExportViewRequest,
  transport: Pick<Transport, 'desktop' | 'exportUrl' | 'checkExport' | 'prepareExport'>,
  notices: ExportNotices,
  download: (url: string) => void = clickDownload
): Promise<void> {
  try {
    if (transport.desktop) {
      const saved = await transport.desktop.exportToFile(request)
      if (saved) notices.pushInfo(`Exported ${fmtInt(saved.episodes)} episode${saved.episodes === 1 ? '' : 's'} to ${saved.path}`)
      return
    }
    // picked rows: their ids go in a POST, the download URL carries a one-time ticket instead
    if (request.episodeIds?.length) {
      if (transport.prepareExport) download(await transport.prepareExport(request))
      return
    }
    if (!transport.exportUrl) return
    await transport.checkExport?.(request)
    download(transport.exportUrl(request))
  } catch (err) {
    notices.pushError(err, 'Export failed')
  }
}

/** A hidden <a download> lets the browser save the streamed response as a file without leaving the page. */
function clickDownload(url: string): void {
  const a = document.createElement('a')
  a.href = url
  a.download = ''
  a.hidden = true
  document.body.append(a)
  a.click()
  a.remove()
}
