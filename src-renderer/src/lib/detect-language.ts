/** Languages the long-text editor offers (Monaco ids; `diff` is registered by lib/monaco.ts). */
export const EDITOR_LANGUAGES = [
  'plaintext',
  'json',
  'diff',
  'python',
  'shell',
  'javascript',
  'typescript',
  'yaml',
  'markdown',
  'html',
  'xml',
  'sql'
] as const
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number]

/** Only the head is looked at: detection must stay instant on multi-megabyte observations. */
const HEAD = 20_000

/**
 * Guesses what a tool result or observation holds, for read-only highlighting: JSON, a diff,
 * Python (source or a traceback), markdown prose, shell output, markup; plain text when nothing fits.
 */
export function detectLanguage(text: string): EditorLanguage {
  const t = text.trimStart()
  if ((t.startsWith('{') || t.startsWith('[')) && isJson(text)) return 'json'
  const head = t.slice(0, HEAD)
  if (/^(diff --git |--- \S|\+\+\+ \S|@@ -\d+(,\d+)? \+\d+(,\d+)? @@)/m.test(head) && /^[+-](?![+-]{2} )/m.test(head))
    return 'diff'
  if (/^Traceback \(most recent call last\):/m.test(head)) return 'python'
  // prose with code fences or several headings / bold lines (issue texts, task statements)
  if (/^```/m.test(head) || (head.match(/^(#{1,6} \S|\*\*[^*\n]+\*\*\s*$)/gm) ?? []).length >= 2) return 'markdown'
  if (/^<\?xml\b/.test(t)) return 'xml'
  if (/^<(!doctype html|html\b)/i.test(t)) return 'html'
  const pyLines = (head.match(/^(\s*(def|class) \w+.*:|\s*(from \S+ )?import \w|\s*if __name__ == )/gm) ?? []).length
  if (pyLines >= 2) return 'python'
  if (/^#!.*\b(ba|z)?sh\b/.test(t) || (head.match(/^\$ \S/gm) ?? []).length >= 2) return 'shell'
  return 'plaintext'
}

function isJson(text: string): boolean {
  if (text.length > 5_000_000) return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
