/**
 * A key as the registry writes it: a character (`j`, `/`, `?`, `[`), a named key (`Escape`, `Enter`, `Space`,
 * `ArrowDown`, `PageUp`, `Home`…), or `1-9` for the digit keys; prefixed with `Shift+` and / or `Mod+` (Ctrl, or Cmd
 * on macOS). Alt is never part of a shortcut: with Alt held no binding matches. A character written twice with a
 * space (`g g`) is that key pressed twice in a row (the second press within SEQUENCE_MS of the first).
 */
export type KeySpec = string

/** The part of a KeyboardEvent a key is matched on (a plain object in tests). */
export interface KeyLike {
  key: string
  code: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey: boolean
}

/** The digit keys 1–9, read from their physical code (see `labelKeyOf`). */
export const DIGITS = '1-9'

/** The most a doubled key's two presses may lie apart. */
export const SEQUENCE_MS = 1000

/** The key pressed before this one (the dispatcher records every keydown), for doubled keys (`g g`). */
let previous: { key: string; at: number } | null = null

/** Records a keydown as "the key before" the next one; a key a doubled key consumed is forgotten (g g g is one). */
export function rememberKey(e: KeyLike | null, at: number = Date.now()): void {
  previous = e && !e.ctrlKey && !e.metaKey && !e.altKey ? { key: e.key, at } : null
}

/** A doubled key (`g g`): its character; null for any other spec. */
function doubledKey(spec: KeySpec): string | null {
  const m = /^(\S) \1$/.exec(spec)
  return m ? m[1] : null
}

interface Chord {
  mod: boolean
  shift: boolean
  key: string
}

function parse(spec: KeySpec): Chord {
  const parts = spec.split('+')
  const key = parts.pop() ?? ''
  return { mod: parts.includes('Mod'), shift: parts.includes('Shift'), key }
}

/**
 * Whether the event is this key. A character carries its own Shift (`?` is Shift+/ on a US keyboard, `J` is not
 * `j`), so Shift is only compared for named keys and digits, which read the same with or without it.
 */
export function matchesKey(spec: KeySpec, e: KeyLike, now: number = Date.now()): boolean {
  const twice = doubledKey(spec)
  if (twice !== null) {
    const plain = !e.altKey && !e.ctrlKey && !e.metaKey
    return plain && e.key === twice && previous?.key === twice && now - previous.at <= SEQUENCE_MS
  }
  const c = parse(spec)
  if (e.altKey || c.mod !== (e.ctrlKey || e.metaKey)) return false
  // with Shift held, `key` is the layout's symbol (! @ # on US keyboards): the code tells which digit it was
  if (c.key === DIGITS) return /^(?:Digit|Numpad)[1-9]$/.test(e.code) && e.shiftKey === c.shift
  if (c.key.length === 1) return c.mod ? e.key.toLowerCase() === c.key.toLowerCase() : e.key === c.key
  return e.key === (c.key === 'Space' ? ' ' : c.key) && e.shiftKey === c.shift
}

/**
 * The events a key stands for, one string each, so two specs that match the same event share a string (`Mod+K` and
 * `Mod+k`, `1-9` and `3`): what the conflict check compares.
 */
export function keyIdentities(spec: KeySpec): string[] {
  const c = parse(spec)
  const prefix = `${c.mod ? 'Mod+' : ''}`
  if (c.key === DIGITS) return Array.from({ length: 9 }, (_, i) => `${prefix}${c.shift ? 'Shift+' : ''}digit${i + 1}`)
  if (c.key.length === 1) return [`${prefix}${c.mod ? c.key.toLowerCase() : c.key}`]
  return [`${prefix}${c.shift ? 'Shift+' : ''}${c.key}`]
}

const NAMES: Record<string, string> = {
  Escape: 'Esc',
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→',
  PageDown: 'PgDn',
  PageUp: 'PgUp',
  '1-9': '1–9'
}

/** A Mac (where `Mod` is Cmd): the desktop app's renderer and browsers both tell through the user agent. */
const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)

/** How the sheet and the hints write a key: `Ctrl+K` (`⌘K` on a Mac), `Esc`, `↓`, `Shift+1–9`. */
export function keyLabel(spec: KeySpec): string {
  return keyLabelOn(spec, IS_APPLE)
}

export function keyLabelOn(spec: KeySpec, apple: boolean): string {
  const c = parse(spec)
  const key = NAMES[c.key] ?? (c.mod ? c.key.toUpperCase() : c.key)
  return `${c.mod ? (apple ? '⌘' : 'Ctrl+') : ''}${c.shift ? 'Shift+' : ''}${key}`
}
