import { describe, expect, it } from 'vitest'
import {
  isRangeLoaded,
  PAGE_SIZE,
  pagesForRange,
  pagesToEvict,
  rowAt,
  withPage,
  type PageMap
} from '../../../src-renderer/src/state/page-cache'

describe('pagesForRange', () => {
  it('maps a row range to the 200-row pages that cover it', () => {
    expect(PAGE_SIZE).toBe(200)
    expect(pagesForRange(0, 49, 100_000)).toEqual([0])
    expect(pagesForRange(190, 210, 100_000)).toEqual([0, 1])
    expect(pagesForRange(50_000, 50_030, 100_000)).toEqual([250])
  })
  it('clips to the total and handles an empty list', () => {
    expect(pagesForRange(0, 999, 250)).toEqual([0, 1])
    expect(pagesForRange(0, 10, 0)).toEqual([])
  })
  it('asks for the first page while the total is unknown', () => {
    expect(pagesForRange(0, -1, null)).toEqual([0])
  })
})

describe('page map', () => {
  const rows = (page: number): number[] => Array.from({ length: 200 }, (_, i) => page * 200 + i)

  it('finds rows by absolute index', () => {
    const pages: PageMap<number> = { 0: rows(0), 3: rows(3) }
    expect(rowAt(pages, 199)).toBe(199)
    expect(rowAt(pages, 650)).toBe(650)
    expect(rowAt(pages, 200)).toBeUndefined()
  })

  it('evicts the pages farthest from the viewport beyond the cap', () => {
    const pages: PageMap<number> = {}
    for (const p of [0, 1, 2, 10, 11, 50]) pages[p] = rows(p)
    expect(pagesToEvict(pages, 11, 4)).toEqual([50, 0])
    expect(pagesToEvict(pages, 11, 10)).toEqual([])
  })

  it('withPage adds a page and keeps the cache bounded', () => {
    let pages: PageMap<number> = {}
    for (let p = 0; p < 10; p++) pages = withPage(pages, p, rows(p), 3)
    expect(
      Object.keys(pages)
        .map(Number)
        .sort((a, b) => a - b)
    ).toEqual([7, 8, 9])
  })

  it('isRangeLoaded needs every covering page', () => {
    const pages: PageMap<number> = { 0: rows(0) }
    expect(isRangeLoaded(pages, 0, 150, 1000)).toBe(true)
    expect(isRangeLoaded(pages, 150, 250, 1000)).toBe(false)
    expect(isRangeLoaded(pages, 0, 10, null)).toBe(false)
  })
})
