/**
 * Find-in-episode marks for content drawn from a tree (markdown, highlighted code, diffs) rather than from the plain
 * text FindHighlight splits. The query is matched against the tree's whole text (so a match may cross token or
 * formatting boundaries), then each matched range is wrapped in <mark> elements numbered in reading order.
 *
 * The numbering follows what is shown, which for markdown and typed tool views can differ a little from the searched
 * source text (markdown syntax, JSON escapes): the current match is the n-th shown occurrence, clamped to the last.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { markControls } from './control-chars'
import { splitOnMatches } from './find-in-turns'

type Parent = Root | Element

/** The concatenated text of a tree, in reading order. */
export function treeText(node: Parent): string {
  let out = ''
  for (const c of node.children) {
    if (c.type === 'text') out += c.value
    else if (c.type === 'element') out += treeText(c)
  }
  return out
}

/** [start, end) of every case-insensitive occurrence of `query` in `text` (the same matching find uses). */
export function matchRanges(text: string, query: string): [number, number][] {
  const pieces = splitOnMatches(text, query)
  const ranges: [number, number][] = []
  let at = 0
  pieces.forEach((p, i) => {
    if (i % 2 === 1) ranges.push([at, at + p.length])
    at += p.length
  })
  return ranges
}

/** Ordinal of a mark element made here, or null for any other element. */
export function markOrdinal(node: Element): number | null {
  const v = node.tagName === 'mark' ? node.properties?.dataFindOrdinal : undefined
  return typeof v === 'number' ? v : null
}

/**
 * A copy of `tree` with its control characters as caret spans (lib/control-chars.ts) and every occurrence of
 * `query` wrapped in marks numbered from `start` (a match split over several text nodes becomes several marks with
 * one number). Nothing is mutated; no controls and no query, no copy.
 */
export function markTree<T extends Parent>(tree: T, query: string, start = 0): { tree: T; count: number } {
  // controls first: the query is matched against the text as shown (`^D`), as find counted it
  const node = markControls(tree)
  if (query === '') return { tree: node, count: 0 }
  const ranges = matchRanges(treeText(node), query)
  if (ranges.length === 0) return { tree: node, count: 0 }
  let offset = 0
  let r = 0
  const mark = (value: string, ordinal: number): Element => ({
    type: 'element',
    tagName: 'mark',
    properties: { dataFindOrdinal: ordinal },
    children: [{ type: 'text', value }]
  })
  const splitText = (value: string): ElementContent[] => {
    const out: ElementContent[] = []
    const end = offset + value.length
    let pos = offset
    while (pos < end) {
      while (r < ranges.length && ranges[r][1] <= pos) r++
      const range = ranges[r]
      if (!range || range[0] >= end) {
        out.push({ type: 'text', value: value.slice(pos - offset) })
        pos = end
      } else if (range[0] > pos) {
        out.push({ type: 'text', value: value.slice(pos - offset, range[0] - offset) })
        pos = range[0]
      } else {
        const stop = Math.min(range[1], end)
        out.push(mark(value.slice(pos - offset, stop - offset), start + r))
        pos = stop
      }
    }
    offset = end
    return out
  }
  const walk = <P extends Parent>(parent: P): P => {
    const children: (RootContent | ElementContent)[] = []
    for (const c of parent.children) {
      if (c.type === 'text') children.push(...splitText(c.value))
      else if (c.type === 'element') children.push(walk(c))
      else children.push(c)
    }
    return { ...parent, children } as P
  }
  return { tree: walk(node), count: ranges.length }
}

/** Which shown mark is current: the part's current ordinal clamped into [first, first + count), else -1. */
export function currentMark(partCurrent: number, first: number, count: number): number {
  if (partCurrent < first || count === 0) return -1
  return Math.min(partCurrent, first + count - 1)
}

/** A tree of one plain text (a tool's name, an observation with controls), to mark and draw like the others. */
export function textRoot(value: string): Root {
  return { type: 'root', children: [{ type: 'text', value }] }
}
