/** Long texts (prompts, observations) are shown collapsed with a preview until the user asks for all of it; the engine sends only that preview of them when an episode opens. Runtime-neutral. */

export const LONG_TEXT_LINES = 40
export const LONG_TEXT_CHARS = 4000
const PREVIEW_LINES = 12
const PREVIEW_CHARS = 1500

/** Whether a text is long enough to be collapsed (> 40 lines or > 4000 chars). */
export function isLongText(text: string): boolean {
  if (text.length > LONG_TEXT_CHARS) return true
  return countLines(text, LONG_TEXT_LINES + 1) > LONG_TEXT_LINES
}

/** Counts lines, stopping early at `stopAt` so huge texts cost nothing extra. */
export function countLines(text: string, stopAt = Infinity): number {
  if (text === '') return 0
  let n = 1
  for (let i = text.indexOf('\n'); i !== -1 && n < stopAt; i = text.indexOf('\n', i + 1)) n++
  return n
}

/** The head of a long text: the first lines, cut at a character budget. */
export function previewText(text: string): string {
  let end = 0
  let lines = 0
  while (lines < PREVIEW_LINES) {
    const nl = text.indexOf('\n', end)
    if (nl === -1) {
      end = text.length
      break
    }
    end = nl + 1
    lines++
  }
  return text.slice(0, Math.min(end, PREVIEW_CHARS)).replace(/\n$/, '')
}

/** "123 lines · 45.6k chars" for the "show all" button. */
export function sizeLabel(text: string): string {
  return sizeLabelOf({ chars: text.length, lines: countLines(text) })
}

/** The same label from known sizes (a text the engine left out of a preview). */
export function sizeLabelOf(size: { chars: number; lines: number }): string {
  const chars = size.chars >= 1000 ? `${(size.chars / 1000).toFixed(1)}k` : String(size.chars)
  return `${groupThousands(size.lines)} line${size.lines === 1 ? '' : 's'} · ${chars} chars`
}

/**
 * An integer with commas between thousands, as `toLocaleString('en-US')` writes it (other numbers: as that does).
 * Without Intl: a fresh browser tab's first toLocaleString loads ICU data, 48–77 ms on this machine, and a deep
 * link's first paint (src-renderer/src/boot) labels its turns before anything else has paid for that.
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US')
  const digits = String(Math.abs(n))
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1)
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`
  return n < 0 ? `-${out}` : out
}
