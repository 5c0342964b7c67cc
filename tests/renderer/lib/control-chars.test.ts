import { describe, expect, it } from 'vitest'
import type { Element } from 'hast'
import {
  caretOf,
  CONTROL_CLASS,
  controlPieces,
  controlTitle,
  markControls,
  showControls
} from '../../../src-renderer/src/lib/control-chars'
import { findInTurns } from '../../../src-renderer/src/lib/find-in-turns'
import { markOrdinal, markTree, textRoot, treeText } from '../../../src-renderer/src/lib/find-marks'
import { makeTurn } from '../../helpers/make-turn'

describe('control characters in caret notation', () => {
  it('names every C0 control and DEL by its caret; tab and newline stay as they are', () => {
    expect(caretOf('\u0004')).toBe('^D')
    expect(caretOf('\u0000')).toBe('^@')
    expect(caretOf('\u001b')).toBe('^[')
    expect(caretOf('\u007f')).toBe('^?')
    expect(controlTitle('\u0004')).toBe('Ctrl-D (U+0004)')
    expect(showControls('a\tb\nc\u0004d\u0007')).toBe('a\tb\nc^Dd^G')
    expect(showControls('plain')).toBe('plain')
  })

  it('cuts a text into plain runs and single controls whose shown texts join to the shown text', () => {
    const text = '\u0004>>> ^D\u0004\u0004 x'
    const pieces = controlPieces(text)
    expect(pieces.map((p) => p.text).join('')).toBe(showControls(text))
    expect(pieces.filter((p) => p.control)).toHaveLength(3)
    expect(pieces[0]).toEqual({ text: '^D', control: true, char: '\u0004' })
  })

  it('a tree gets a caret span per control, and stays the same object without any', () => {
    const plain = textRoot('no controls')
    expect(markControls(plain)).toBe(plain)
    const tree = markControls(textRoot('x\u0004y'))
    expect(treeText(tree)).toBe('x^Dy')
    const span = tree.children[1] as Element
    expect(span.properties).toEqual({ className: [CONTROL_CLASS], title: 'Ctrl-D (U+0004)', dataControl: true })
  })
})

describe('bidirectional formatting characters (issue 17 item 7)', () => {
  it('are drawn like controls, boxed by their abbreviation, never obeyed; other right-to-left text is left alone', () => {
    expect(caretOf('\u202e')).toBe('RLO')
    expect(caretOf('\u2066')).toBe('LRI')
    expect(controlTitle('\u202e')).toBe('Right-to-left override (U+202E), shown rather than obeyed')
    expect(showControls('invoice\u202etxt.exe')).toBe('invoiceRLOtxt.exe')
    expect(showControls('שלום مرحبا')).toBe('שלום مرحبا')
    const tree = markControls(textRoot('cat\u202eegory'))
    expect(treeText(tree)).toBe('catRLOegory')
    expect((tree.children[1] as Element).properties.title).toBe(
      'Right-to-left override (U+202E), shown rather than obeyed'
    )
    // no bidi control is left in the tree's text
    expect(JSON.stringify(tree)).not.toMatch(/\\u202e|\u202e/)
  })
})

describe('find counts characters as shown', () => {
  // a literal "^D" typed by the model, then a real Ctrl-D, then the word after it
  const text = 'echo ^D then \u0004 done'
  const shown = showControls(text)

  it('find matches the caret of a control like a literal one, at offsets in the shown text', () => {
    const turn = makeTurn({ index: 0, role: 'tool', text })
    const { matches } = findInTurns([turn], '^D')
    expect(matches.map((m) => m.offset)).toEqual([shown.indexOf('^D'), shown.lastIndexOf('^D')])
    expect(shown.slice(matches[1].offset, matches[1].offset + 2)).toBe('^D')
    // the word after the control sits where the reader sees it: 2 characters for the control, not 1
    expect(findInTurns([turn], 'done').matches[0].offset).toBe(shown.indexOf('done'))
    expect(findInTurns([turn], 'done').matches[0].offset).toBe(text.indexOf('done') + 1)
  })

  it("the marks drawn number the same matches find counted, the control's inside its caret span", () => {
    const { tree, count } = markTree(textRoot(text), '^D')
    expect(count).toBe(2)
    expect(treeText(tree)).toBe(shown)
    const span = tree.children.find((c): c is Element => c.type === 'element' && c.tagName === 'span') as Element
    const mark = span.children[0] as Element
    expect(markOrdinal(mark)).toBe(1)
    expect(treeText(mark)).toBe('^D')
    // a match across the control and its neighbours: " ^D " is one match, split over three marks of one number
    const across = markTree(textRoot(text), 'then ^D d')
    expect(across.count).toBe(1)
  })
})
