/**
 * JSON in assistant text, shown verbatim. Agents that answer in a JSON protocol (Terminus-2's
 * `{"analysis", "plan", "commands": [{"keystrokes": …}]}`) write shell commands inside JSON strings; read as
 * markdown, the JSON became one paragraph and `\\n` became `\n`, which changed the command the model wrote. A message
 * that is JSON as a whole, and a JSON object or array written on lines of its own between prose, become fenced `json`
 * code blocks of the markdown source, so they are drawn (and highlighted) like every other code block.
 */

/** Whether a text is a JSON object or array as a whole. */
function isJsonValue(text: string): boolean {
  const t = text.trim()
  if (!/^[[{]/.test(t)) return false
  try {
    const v: unknown = JSON.parse(t)
    return typeof v === 'object' && v !== null
  } catch {
    return false
  }
}

/**
 * Whether an assistant message is JSON as a whole. `cut` says the text is only the head of a longer message (a
 * preview): it cannot parse then, so one that starts like JSON is taken as JSON; verbatim is never wrong.
 */
export function isJsonMessage(text: string, cut = false): boolean {
  return isJsonValue(text) || (cut && /^\s*[[{]/.test(text))
}

/** `text` as one fenced `json` block, the fence longer than any run of backticks inside. */
export function jsonFence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}json\n${text.replace(/\n+$/, '')}\n${fence}`
}

/** A line that opens or closes a fenced code block of the source (any indentation: list items indent theirs). */
const FENCE = /^\s*(`{3,}|~{3,})/

/**
 * The markdown source with every JSON object or array that sits on lines of its own fenced as `json`. A block starts
 * at a line beginning with `{` or `[` (no indentation) and ends at the first later line that is only its closing
 * bracket (pretty-printed JSON) where the lines between parse; a one-line block is an object alone on its line.
 * Nothing inside an existing fence is touched.
 */
export function fenceJsonBlocks(text: string): string {
  if (!/^[[{]/m.test(text)) return text
  const lines = text.split('\n')
  const out: string[] = []
  let fence: string | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const marker = FENCE.exec(line)?.[1]
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null
      out.push(line)
      continue
    }
    if (marker) {
      fence = marker
      out.push(line)
      continue
    }
    const end = jsonBlockEnd(lines, i)
    if (end < 0) {
      out.push(line)
      continue
    }
    out.push(jsonFence(lines.slice(i, end + 1).join('\n')))
    i = end
  }
  return out.join('\n')
}

/** The last line of a JSON block starting at line `start`, or -1. */
function jsonBlockEnd(lines: readonly string[], start: number): number {
  const open = lines[start][0]
  if (open !== '{' && open !== '[') return -1
  const close = open === '{' ? '}' : ']'
  if (open === '{' && lines[start].trimEnd().endsWith('}') && isJsonValue(lines[start])) return start
  for (let j = start + 1; j < lines.length; j++) {
    if (FENCE.test(lines[j])) return -1
    // only a closing bracket at the opening's indentation can end pretty-printed JSON
    if (lines[j].trimEnd() === close && isJsonValue(lines.slice(start, j + 1).join('\n'))) return j
  }
  return -1
}
