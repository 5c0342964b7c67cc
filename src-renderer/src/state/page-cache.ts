/**
 * Windowing over a server-side list: rows are fetched in fixed pages (offset/limit) as the user scrolls,
 * and only a bounded number of pages stays in memory. Pure functions, so they are tested without a DOM.
 */

/** Rows per listEpisodes request. */
export const PAGE_SIZE = 200
/** Pages kept in memory (40 × 200 = 8,000 rows); the ones farthest from the viewport go first. */
export const MAX_PAGES = 40

/** Pages of rows, keyed by page number. */
export type PageMap<T> = Record<number, T[]>

/** The page numbers that cover rows [start, end] (inclusive), clipped to `total` when it is known. */
export function pagesForRange(start: number, end: number, total: number | null, size = PAGE_SIZE): number[] {
  if (total === 0) return []
  const last = total === null ? end : Math.min(end, total - 1)
  const first = Math.max(0, Math.min(start, last))
  const pages: number[] = []
  for (let p = Math.floor(first / size); p <= Math.floor(Math.max(first, last) / size); p++) pages.push(p)
  return pages
}

/** The row at `index`, or undefined while its page is not loaded. */
export function rowAt<T>(pages: PageMap<T>, index: number, size = PAGE_SIZE): T | undefined {
  return pages[Math.floor(index / size)]?.[index % size]
}

/** Page numbers to drop so that at most `max` remain, farthest from `centerPage` first. */
export function pagesToEvict<T>(pages: PageMap<T>, centerPage: number, max = MAX_PAGES): number[] {
  const loaded = Object.keys(pages).map(Number)
  if (loaded.length <= max) return []
  loaded.sort((a, b) => Math.abs(b - centerPage) - Math.abs(a - centerPage) || b - a)
  return loaded.slice(0, loaded.length - max)
}

/** A copy of `pages` with `page` set and the farthest pages evicted. */
export function withPage<T>(pages: PageMap<T>, page: number, rows: T[], max = MAX_PAGES): PageMap<T> {
  const next: PageMap<T> = { ...pages, [page]: rows }
  for (const p of pagesToEvict(next, page, max)) delete next[p]
  return next
}

/** Whether every row of [start, end] is loaded (an empty list counts as loaded). */
export function isRangeLoaded<T>(pages: PageMap<T>, start: number, end: number, total: number | null): boolean {
  if (total === null) return false
  return pagesForRange(start, end, total).every((p) => pages[p] !== undefined)
}
