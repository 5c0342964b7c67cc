/**
 * How a tool call is shown: the rules that turn a normalized {name, arguments} into a typed view (a shell command,
 * Python code, a file edit as a diff, a new file, a patch), else pretty JSON. Pure, so the rules are tested on
 * their own; ToolCallView.tsx draws the result.
 *
 * The names and argument keys come from the traces this app reads: SWE-agent (`bash`, `str_replace_editor`, plain
 * actions with one `command`), OpenHands (`execute_bash`, `str_replace_editor`, `execute_ipython_cell`), Inspect
 * (`bash` {cmd}, `python` {code}, `text_editor`), verifiers math-python (`python` {code}), Terminus / ATIF
 * (`bash_command` {keystrokes}), Terminal-Bench (`keystrokes`), Gemini CLI (`run_shell_command`, `replace`, `write_file`), Codex-style `shell`
 * with an argv array and `apply_patch`.
 */
import type { ToolCall } from '@contract/model'
import { formatArguments } from './turn-label'
import { languageForPath, type CodeLanguage } from './highlight'

export type ToolViewKind = 'shell' | 'python' | 'edit' | 'create' | 'patch' | 'json'

/** One argument the typed view does not show in its body, as `key=value`. */
export interface ToolExtra {
  key: string
  value: string
}

export interface ToolView {
  kind: ToolViewKind
  /** The file the call acts on, when it names one. */
  path: string | null
  /** The body: the command, code, file text, patch, JSON; for `edit` a unified diff (see diffText). */
  code: string
  language: CodeLanguage
  /** Arguments not shown in the body (timeouts, flags), in the call's order; empty for `json`. */
  extras: ToolExtra[]
  /** A short note for the head: "−2 +3", "new file", "insert after line 12". */
  summary: string | null
}

const SHELL_NAMES = new Set([
  'bash',
  'sh',
  'zsh',
  'shell',
  'execute_bash',
  'run_bash',
  'bash_command',
  'bash_session',
  'run_command',
  'run_shell_command',
  'shell_command',
  'execute_command',
  'execute_shell',
  'exec_command',
  'exec',
  'terminal',
  'run_terminal_cmd',
  'cmd',
  'command',
  'local_shell',
  'run',
  'container_exec',
  'keystrokes'
])
const SHELL_KEYS = ['command', 'cmd', 'script', 'keystrokes', 'input']

const PYTHON_NAMES = new Set([
  'python',
  'ipython',
  'execute_python',
  'run_python',
  'python_exec',
  'exec_python',
  'python_interpreter',
  'python_repl',
  'code_interpreter',
  'execute_ipython_cell',
  'execute_code',
  'run_code',
  'code',
  'jupyter'
])
const PYTHON_KEYS = ['code', 'script', 'source', 'input']

/** Tools that edit files; their `command` argument says how (str_replace, create, insert, view, undo_edit). */
const EDIT_NAMES = new Set([
  'str_replace_editor',
  'str_replace_based_edit_tool',
  'text_editor',
  'file_editor',
  'edit_file',
  'edit',
  'replace',
  'str_replace',
  'write_file',
  'write',
  'create_file',
  'create',
  'insert',
  'multiedit',
  'multi_edit',
  'search_replace'
])
const PATCH_NAMES = new Set(['apply_patch', 'patch', 'apply_diff', 'apply_unified_diff'])

const PATH_KEYS = ['path', 'file_path', 'filename', 'file', 'target_file', 'absolute_path', 'filepath']
/** Before/after pairs of a string replacement, most specific first. */
const REPLACE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['old_str', 'new_str'],
  ['old_string', 'new_string'],
  ['old_text', 'new_text'],
  ['search', 'replace']
]
const CONTENT_KEYS = ['file_text', 'content', 'contents', 'text', 'new_file_text']

/** `mcp__server__bash`, `functions.bash`, `Bash` → `bash`. */
export function baseToolName(name: string): string {
  const parts = name.toLowerCase().split(/__|[.:/]/)
  return parts[parts.length - 1] ?? ''
}

/** Decides how one tool call is shown. */
export function toolView(call: ToolCall): ToolView {
  const name = baseToolName(call.name)
  const args = call.arguments
  if (typeof args === 'string') return stringArgView(name, args)
  if (!isRecord(args)) return jsonView(args)

  if (PATCH_NAMES.has(name)) {
    const key = firstKey(
      args,
      ['patch', 'input', 'diff', 'content', 'command'],
      (v) => typeof v === 'string' && looksLikeDiff(v)
    )
    if (key) return typed('patch', args, [key], String(args[key]), 'diff', pathOf(args), null)
  }
  if (SHELL_NAMES.has(name)) {
    // tmux-style `keys` only as typed text: a list of key names ("clear", "Enter") is not an argv
    const key =
      firstKey(args, SHELL_KEYS, (v) => shellText(v) !== null) ?? firstKey(args, ['keys'], (v) => typeof v === 'string')
    if (key) return typed('shell', args, [key], shellText(args[key])!, 'bash', null, null)
  }
  if (PYTHON_NAMES.has(name)) {
    const key = firstKey(args, PYTHON_KEYS, (v) => typeof v === 'string')
    if (key) return typed('python', args, [key], String(args[key]), 'python', null, null)
  }
  const edit = editView(name, args)
  if (edit) return edit
  // a diff handed to any tool under an unambiguous key
  const patchKey = firstKey(args, ['patch', 'diff'], (v) => typeof v === 'string' && looksLikeDiff(v))
  if (patchKey) return typed('patch', args, [patchKey], String(args[patchKey]), 'diff', pathOf(args), null)
  // SWE-agent's plain actions (`open file.py 100`, `search_dir foo`) arrive as a lone shell-like command line
  const keys = Object.keys(args)
  if (keys.length === 1 && (keys[0] === 'command' || keys[0] === 'cmd') && typeof args[keys[0]] === 'string') {
    return typed('shell', args, keys, String(args[keys[0]]), 'bash', null, null)
  }
  return jsonView(args)
}

/** Arguments that did not parse as JSON: a shell or Python tool's raw string is its command/code. */
function stringArgView(name: string, raw: string): ToolView {
  if (SHELL_NAMES.has(name))
    return { kind: 'shell', path: null, code: raw, language: 'bash', extras: [], summary: null }
  if (PYTHON_NAMES.has(name))
    return { kind: 'python', path: null, code: raw, language: 'python', extras: [], summary: null }
  if ((PATCH_NAMES.has(name) || EDIT_NAMES.has(name)) && looksLikeDiff(raw)) {
    return { kind: 'patch', path: null, code: raw, language: 'diff', extras: [], summary: null }
  }
  return { kind: 'json', path: null, code: raw, language: 'plaintext', extras: [], summary: null }
}

function editView(name: string, args: Record<string, unknown>): ToolView | null {
  const command = typeof args.command === 'string' ? args.command : null
  const editish = EDIT_NAMES.has(name)
  const pathKey = firstKey(args, PATH_KEYS, (v) => typeof v === 'string')
  const path = pathKey ? String(args[pathKey]) : null
  const used = pathKey ? [pathKey] : []
  if (command !== null) used.push('command')

  // several replacements in one call (MultiEdit-style `edits: [{old_string, new_string}]`)
  if (
    editish &&
    Array.isArray(args.edits) &&
    args.edits.length > 0 &&
    args.edits.every((e) => isRecord(e) && replacePair(e, true))
  ) {
    const hunks = (args.edits as Record<string, unknown>[]).map((e) => replacePair(e, true)!)
    const lines = hunks.flatMap((h, i) => [...(i > 0 ? ['@@'] : []), ...diffLines(h.before, h.after)])
    return typed('edit', args, [...used, 'edits'], lines.join('\n'), 'diff', path, changeSummary(lines))
  }
  if (command === null || command === 'str_replace' || command === 'replace' || command === 'edit') {
    // search/replace is too generic a pair to trust on a tool that is not an editor
    const pair = replacePair(args, editish)
    if (pair && (command !== null || editish || pair.keys[0] !== 'search')) {
      const lines = diffLines(pair.before, pair.after)
      return typed('edit', args, [...used, ...pair.keys], lines.join('\n'), 'diff', path, changeSummary(lines))
    }
  }
  if (command === 'insert' || (command === null && name === 'insert')) {
    const key = firstKey(args, ['new_str', 'text', 'content'], (v) => typeof v === 'string')
    if (key) {
      const lines = splitLines(String(args[key])).map((l) => `+${l}`)
      const at = args.insert_line ?? args.line ?? args.line_number
      const where = typeof at === 'number' || typeof at === 'string' ? `insert after line ${at}` : 'insert'
      const atKey = ['insert_line', 'line', 'line_number'].filter((k) => k in args)
      return typed('edit', args, [...used, key, ...atKey], lines.join('\n'), 'diff', path, where)
    }
  }
  if (command === 'create' || command === 'write' || (command === null && editish)) {
    const key = firstKey(args, CONTENT_KEYS, (v) => typeof v === 'string')
    if (key && (command !== null || path !== null)) {
      return typed('create', args, [...used, key], String(args[key]), languageForPath(path), path, 'new file')
    }
  }
  return null
}

/** The before/after texts of a replacement; `new` may be absent (a deletion) when `lenient`. */
function replacePair(
  args: Record<string, unknown>,
  lenient: boolean
): { before: string; after: string; keys: string[] } | null {
  for (const [oldKey, newKey] of REPLACE_PAIRS) {
    const before = args[oldKey]
    const after = args[newKey]
    if (typeof before !== 'string') continue
    if (typeof after === 'string') return { before, after, keys: [oldKey, newKey] }
    if (after === undefined || after === null) {
      if (lenient || oldKey === 'old_str')
        return { before, after: '', keys: newKey in args ? [oldKey, newKey] : [oldKey] }
    }
  }
  return null
}

function typed(
  kind: ToolViewKind,
  args: Record<string, unknown>,
  used: string[],
  code: string,
  language: CodeLanguage,
  path: string | null,
  summary: string | null
): ToolView {
  return { kind, path, code, language, extras: extrasOf(args, used), summary }
}

function jsonView(args: unknown): ToolView {
  return { kind: 'json', path: null, code: formatArguments(args), language: 'json', extras: [], summary: null }
}

const EXTRA_MAX = 160

/** The arguments a typed view leaves out of its body, shown compactly; empty values say nothing and are skipped. */
export function extrasOf(args: Record<string, unknown>, used: readonly string[]): ToolExtra[] {
  const out: ToolExtra[] = []
  for (const [key, v] of Object.entries(args)) {
    if (used.includes(key) || v === null || v === undefined || v === '') continue
    let value: string
    if (typeof v === 'string') value = v
    else {
      try {
        value = JSON.stringify(v) ?? String(v)
      } catch {
        value = String(v)
      }
    }
    value = value.replace(/\s+/g, ' ')
    out.push({ key, value: value.length > EXTRA_MAX ? `${value.slice(0, EXTRA_MAX - 1)}…` : value })
  }
  return out
}

/** A shell command from a string, or from an argv array (`["bash", "-lc", "ls"]` → `ls`); null for anything else. */
export function shellText(v: unknown): string | null {
  if (typeof v === 'string') return v
  if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string')) return null
  const argv = v as string[]
  if (argv.length === 3 && /^(?:\S*\/)?(?:ba|z|da)?sh$/.test(argv[0]) && /^-l?c$/.test(argv[1])) return argv[2]
  return argv.map(shellQuote).join(' ')
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`
}

/** Whether text is a unified diff or an apply_patch envelope rather than prose that happens to hold a `-` line. */
export function looksLikeDiff(text: string): boolean {
  if (/^\*\*\* Begin Patch\b/m.test(text)) return true
  if (/^diff --git /m.test(text)) return true
  return /^--- .*\r?\n\+\+\+ /m.test(text) || (/^@@ .* @@/m.test(text) && /^[+-]/m.test(text))
}

/** "−2 +3" from diff lines. */
function changeSummary(lines: readonly string[]): string {
  let del = 0
  let add = 0
  for (const l of lines) {
    if (l.startsWith('-')) del++
    else if (l.startsWith('+')) add++
  }
  return `−${del} +${add}`
}

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.replace(/\r\n/g, '\n').split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** Past this many line pairs the diff stops looking for common lines and shows all old then all new. */
const LCS_MAX_CELLS = 1_000_000

/**
 * A line diff of two texts: each line prefixed with ' ' (kept), '-' (removed) or '+' (added), in order. Common head
 * and tail lines are matched first; the middle by longest common subsequence while small enough.
 */
export function diffLines(before: string, after: string): string[] {
  const a = splitLines(before)
  const b = splitLines(after)
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const midA = a.slice(head, a.length - tail)
  const midB = b.slice(head, b.length - tail)
  const out = a.slice(0, head).map((l) => ` ${l}`)
  out.push(...middleDiff(midA, midB))
  out.push(...a.slice(a.length - tail).map((l) => ` ${l}`))
  return out
}

function middleDiff(a: string[], b: string[]): string[] {
  if (a.length === 0 || b.length === 0 || a.length * b.length > LCS_MAX_CELLS) {
    return [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)]
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..]
  const w = b.length + 1
  const lcs = new Uint32Array((a.length + 1) * w)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1])
    }
  }
  const out: string[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(` ${a[i]}`)
      i++
      j++
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) out.push(`-${a[i++]}`)
    else out.push(`+${b[j++]}`)
  }
  while (i < a.length) out.push(`-${a[i++]}`)
  while (j < b.length) out.push(`+${b[j++]}`)
  return out
}

function firstKey(args: Record<string, unknown>, keys: readonly string[], ok: (v: unknown) => boolean): string | null {
  for (const k of keys) if (k in args && ok(args[k])) return k
  return null
}

function pathOf(args: Record<string, unknown>): string | null {
  const k = firstKey(args, PATH_KEYS, (v) => typeof v === 'string')
  return k ? String(args[k]) : null
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
