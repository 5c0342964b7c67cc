/**
 * The names exports are saved under. Run names are trace content: reduced to [A-Za-z0-9._-], so quotes or slashes
 * never reach a content-disposition header or a path.
 */
import type { ExportFormat } from './export-types'

const EXTENSION: Record<ExportFormat, string> = {
  jsonl: 'jsonl',
  sft: 'jsonl',
  preference: 'jsonl',
  csv: 'csv',
  md: 'md',
  html: 'html'
}

/**
 * `rollscope-<run>.<ext>`, the format named only when the extension does not say it (`rollscope-<run>-sft.jsonl`,
 * `-preference.jsonl`; not `…-html.html`).
 */
export function exportFileName(runName: string, format: ExportFormat): string {
  const safe =
    runName
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'run'
  const ext = EXTENSION[format]
  return `rollscope-${safe}${format === ext ? '' : `-${format}`}.${ext}`
}

/** `compare-<A>-vs-<B>.html`. */
export function reportFileName(nameA: string, nameB: string): string {
  const safe = (s: string): string =>
    s
      .replace(/[^A-Za-z0-9_.-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'run'
  return `compare-${safe(nameA)}-vs-${safe(nameB)}.html`
}
