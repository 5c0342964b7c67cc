/**
 * Terminal escape sequences in trace text (pane captures, test logs, casts): removed before display so they never
 * show as `^[[31m` noise. CSI (colours, cursor moves), OSC (titles, hyperlinks; BEL or ST terminated), and the
 * remaining two-byte escapes; a lone carriage return before a newline is dropped too.
 */
// eslint-disable-next-line no-control-regex
const ANSI =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g

export function stripAnsi(text: string): string {
  if (!text.includes('\u001b') && !text.includes('\u009b') && !text.includes('\r')) return text
  return text.replace(ANSI, '').replace(/\r+\n/g, '\n')
}

/** True when the text holds terminal escape sequences (the turn says so, so a reader knows colours were dropped). */
export const hasAnsi = (text: string): boolean => /\u001b[[\]@-Z\\-_]|\u009b/.test(text)
