import { describe, expect, it } from 'vitest'
import type { Element, Root } from 'hast'
import { currentMark, markTree, matchRanges, treeText } from '../../../src-renderer/src/lib/find-marks'
import { highlightTree } from '../../../src-renderer/src/lib/highlight'

const text = (value: string) => ({ type: 'text' as const, value })
const span = (cls: string, ...children: (Element | ReturnType<typeof text>)[]): Element => ({
  type: 'element',
  tagName: 'span',
  properties: { className: [cls] },
  children
})

/** The marks of a tree as [ordinal, text] in reading order. */
function marks(node: Root | Element): [number, string][] {
  const out: [number, string][] = []
  for (const c of node.children) {
    if (c.type !== 'element') continue
    if (c.tagName === 'mark') out.push([c.properties.dataFindOrdinal as number, treeText(c)])
    else out.push(...marks(c))
  }
  return out
}

describe('find marks over a tree', () => {
  it('finds ranges case-insensitively, the way find counts them', () => {
    expect(matchRanges('Abc abc ABC', 'abc')).toEqual([
      [0, 3],
      [4, 7],
      [8, 11]
    ])
    expect(matchRanges('aaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4]
    ])
    expect(matchRanges('x', '')).toEqual([])
  })

  it('numbers matches in reading order from `start`, across nested elements', () => {
    const tree: Root = { type: 'root', children: [text('foo '), span('hljs-string', text('"Foo"')), text(' bar foo')] }
    const { tree: marked, count } = markTree(tree, 'foo', 3)
    expect(count).toBe(3)
    expect(marks(marked)).toEqual([
      [3, 'foo'],
      [4, 'Foo'],
      [5, 'foo']
    ])
    expect(treeText(marked)).toBe(treeText(tree))
  })

  it('marks a match that crosses token boundaries piece by piece under one number', () => {
    const tree = highlightTree('print(json.dumps(x))', 'python')
    const { tree: marked, count } = markTree(tree, 'print(json', 0)
    expect(count).toBe(1)
    const found = marks(marked)
    expect(found.length).toBeGreaterThan(1)
    expect(found.every(([n]) => n === 0)).toBe(true)
    expect(found.map(([, t]) => t).join('')).toBe('print(json')
    expect(treeText(marked)).toBe('print(json.dumps(x))')
  })

  it('leaves the input untouched and returns it as is without a query or a match', () => {
    const tree: Root = { type: 'root', children: [text('abc')] }
    expect(markTree(tree, 'abc').tree).not.toBe(tree)
    expect(tree.children).toEqual([text('abc')])
    expect(markTree(tree, '')).toEqual({ tree, count: 0 })
    expect(markTree(tree, 'zzz')).toEqual({ tree, count: 0 })
  })

  it('clamps the current match into the marks shown', () => {
    expect(currentMark(-1, 0, 5)).toBe(-1)
    expect(currentMark(2, 0, 5)).toBe(2)
    expect(currentMark(9, 0, 5)).toBe(4)
    expect(currentMark(1, 2, 5)).toBe(-1) // before this piece: in the tool name
    expect(currentMark(3, 2, 0)).toBe(-1)
  })
})
