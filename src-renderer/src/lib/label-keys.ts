/**
 * Number keys 1–9 apply the taxonomy label with that key; with Shift, to the highlighted turn. Read from
 * `KeyboardEvent.code` (Digit1…Digit9, Numpad1…Numpad9): with Shift held, `key` is the layout's symbol (! @ # on US
 * keyboards, others elsewhere), so `key` cannot tell which digit was pressed.
 */
export function labelKeyOf(e: Pick<KeyboardEvent, 'code' | 'shiftKey'>): { key: number; onTurn: boolean } | null {
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code)
  return m ? { key: Number(m[1]), onTurn: e.shiftKey } : null
}

/** Unknown labels (left on episodes after leaving the taxonomy) are drawn in this neutral colour. */
export const UNKNOWN_LABEL_COLOR = '#8a8f98'

/** Black or white text, whichever reads better on `hex` (#rrggbb). */
export function textOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255]
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111' : '#fff'
}
