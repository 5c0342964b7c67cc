import type { ExportViewRequest } from '@contract/api'
import { ApiCallError } from './api-error'
import { exportUrl } from './export-url'
import { fetchResult } from './fetch-result'

/**
 * Browser mode: asks `GET /api/export?…&check=1` whether the export would be refused (bad filter, unknown run or
 * label) before the page navigates to the download. A refused <a download> navigation only shows a failed download
 * in the browser's list; this way the app can show the engine's message. Nothing of the file itself is fetched.
 */
export async function checkExport(token: string | null, request: ExportViewRequest, doFetch: typeof fetch = (i, o) => fetch(i, o)): Promise<void> {
  const result = await fetchResult(doFetch, `${exportUrl(token, request)}&check=1`, { cache: 'no-store' }, 'export')
  if (!result.ok) throw new ApiCallError(result.error.code, result.error.message, 'export')
}
