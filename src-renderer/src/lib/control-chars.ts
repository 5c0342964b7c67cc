/**
 * Control characters in trace text (a Ctrl-D keystroke sent to a terminal, a bell, a form feed): fonts draw them as
 * an empty box or nothing, so they are shown in caret notation (`\x04` → `^D`, DEL → `^?`), marked so a reader tells
 * them from a literal `^D`. Tab and newline stay what they are; terminal escape sequences are already gone
 * (lib/ansi.ts), a lone ESC left over shows as `^[`.
 *
 * Find counts characters as shown: it searches `showControls(text)`, and every view draws each control as its two
 * caret characters (`controlPieces` for plain text, `markControls` for trees), so match offsets and marks agree.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { bidiAbbrev, bidiTitle } from '@contract/terminal-text'

// C0 controls but tab and newline, DEL, and the bidirectional formatting characters of terminal-text.ts
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

const isC0OrDel = (code: number): boolean => code < 0x20 || code === 0x7f

/** The class of a control's caret span in a tree (HastView keeps it; theme in styles/code.module.css). */
export const CONTROL_CLASS = 'rs-control'

export const hasControls = (text: string): boolean => CONTROL.test(text)

/** `^D` for U+0004, `^@` for NUL, `^?` for DEL; `RLO` for U+202E (a bidirectional formatting character). */
export function caretOf(c: string): string {
  const code = c.charCodeAt(0)
  if (!isC0OrDel(code)) return bidiAbbrev(c)
  return code === 0x7f ? '^?' : `^${String.fromCharCode(code + 64)}`
}

/** What the tooltip says of a control: `Ctrl-D (U+0004)`, `Right-to-left override (U+202E), shown rather than obeyed`. */
export function controlTitle(c: string): string {
  const code = c.charCodeAt(0)
  if (!isC0OrDel(code)) return bidiTitle(c)
  const hex = code.toString(16).toUpperCase().padStart(4, '0')
  return code === 0x7f ? `DEL (U+${hex})` : `Ctrl-${String.fromCharCode(code + 64)} (U+${hex})`
}

/** The text as shown: each control in caret notation (what find searches). */
export function showControls(text: string): string {
  return hasControls(text) ? text.replace(CONTROLS, caretOf) : text
}

/** One run of plain text, or one control character (drawn as its caret). */
export type ControlPiece = { text: string; control: false } | { text: string; control: true; char: string }

/** The text cut into plain runs and single controls, in order; the pieces' shown texts join to showControls(text). */
export function controlPieces(text: string): ControlPiece[] {
  const out: ControlPiece[] = []
  let at = 0
  for (const m of text.matchAll(CONTROLS)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index), control: false })
    out.push({ text: caretOf(m[0]), control: true, char: m[0] })
    at = m.index + 1
  }
  if (at < text.length) out.push({ text: text.slice(at), control: false })
  return out
}

/**
 * A copy of a tree whose controls are caret spans (`<span class="rs-control">^D</span>`, or `className` where the
 * tree is drawn by react-markdown); the same tree when it has none.
 */
export function markControls<T extends Root | Element>(node: T, className: string = CONTROL_CLASS): T {
  let changed = false
  const walk = <P extends Root | Element>(parent: P): P => {
    const children: (RootContent | ElementContent)[] = []
    for (const c of parent.children) {
      if (c.type === 'text' && hasControls(c.value)) {
        changed = true
        for (const p of controlPieces(c.value))
          children.push(
            p.control
              ? {
                  type: 'element',
                  tagName: 'span',
                  properties: { className: [className], title: controlTitle(p.char), dataControl: true },
                  children: [{ type: 'text', value: p.text }]
                }
              : { type: 'text', value: p.text }
          )
      } else if (c.type === 'element') children.push(walk(c))
      else children.push(c)
    }
    return { ...parent, children } as P
  }
  const out = walk(node)
  return changed ? out : node
}
