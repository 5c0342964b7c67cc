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

/** `rollscope-<run>-<format>.<ext>`. */
export function exportFileName(runName: string, format: ExportFormat): string {
  const safe =
    runName
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'run'
  return `rollscope-${safe}-${format}.${EXTENSION[format]}`
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
