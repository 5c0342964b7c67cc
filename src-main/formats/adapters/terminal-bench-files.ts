/**
 * Terminal-Bench 1.x trial folders (`<run>/<task_id>/<trial_name>/`): the small files beside a trial,
 * turned into turns. Read lazily with bounded sizes (a file past its limit is cut, the cut is said).
 *
 * Actions, first source found wins (they describe the same keystrokes):
 * 1. `agent-logs/episode-N/response.txt` (Terminus agents): one assistant turn per episode, its JSON
 *    `commands[].keystrokes` as `keystrokes` tool calls; `episode-N/prompt.txt` (N ≥ 1, the terminal
 *    after the previous batch) is the tool result of the previous episode's last call;
 * 2. `sessions/agent.cast` (asciinema v2/v3) with input events: each run of "i" events is a `keystrokes`
 *    tool call, the "o" output up to the next input its result (output before any input: an env turn);
 * 3. `commands.txt` (one Python `repr` of the keys of each tmux send-keys per line): one `send_keys` call
 *    per line, without results.
 * Then the pane snapshots `panes/pre-agent.txt` (before the actions), `post-agent.txt` and `post-test.txt`
 * (after them) as env turns, when not blank.
 * Terminal text keeps its characters and SGR colour codes; other escape sequences (cursor moves, modes,
 * titles) and stray control characters are removed, CR LF becomes LF.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { ToolCall, Turn } from '@contract/model'
import { blankTurn } from './messages'
import { isObj, str, type Obj } from './record-fields'
import { parseJsonLine } from '../readers/tolerant-json'

const MAX_TEXT_BYTES = 512 * 1024
const MAX_CAST_BYTES = 2 * 1024 * 1024
const MAX_EPISODES = 500
/** Most action turns taken from one source (a cast typed character by character could make thousands). */
const MAX_ACTION_TURNS = 1500

/** Up to `max` bytes of a file as UTF-8 (null when missing), with a note when cut. */
export function readBounded(path: string, max: number): string | null {
  let fd: number
  try {
    if (!statSync(path).isFile()) return null
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  try {
    const size = statSync(path).size
    const buf = Buffer.alloc(Math.min(size, max))
    const n = readSync(fd, buf, 0, buf.length, 0)
    let text = buf.subarray(0, n).toString('utf8')
    if (size > max) {
      // drop a character cut in half at the end
      text = text.replace(/\uFFFD$/, '') + `\n[… cut: the file is ${size} bytes, the first ${max} are shown]`
    }
    return text
  } catch {
    return null
  } finally {
    closeSync(fd)
  }
}

/** Terminal output made readable: SGR colours kept, other escape sequences and control characters dropped. */
export function cleanTerminalText(s: string): string {
  return s
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?/g, '') // OSC: window titles, hyperlinks
    .replace(/\x1b[PX^_][^\x1b]*(?:\x1b\\)?/g, '') // DCS / SOS / PM / APC strings
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, (m) => (m.endsWith('m') ? m : '')) // CSI: keep SGR only
    .replace(/\x1b[()*+][0-9A-Za-z]/g, '') // charset selection
    .replace(/\x1b(?![[\]])[ -/]*[0-~]/g, '') // other escapes (ESC 7, ESC =, ESC M…); SGR kept above
    .replace(/\r+\n/g, '\n')
    .replace(/\r/g, '\n')
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]/g, '')
}

/** One Python string literal at `i` ('…' or "…", with escapes); null when there is none. */
function pyString(s: string, i: number): { value: string; end: number } | null {
  const q = s[i]
  if (q !== "'" && q !== '"') return null
  let out = ''
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j]
    if (c === q) return { value: out, end: j + 1 }
    if (c !== '\\') {
      out += c
      continue
    }
    const e = s[++j]
    const simple: Record<string, string> = {
      n: '\n',
      t: '\t',
      r: '\r',
      '\\': '\\',
      "'": "'",
      '"': '"',
      a: '\x07',
      b: '\b',
      f: '\f',
      v: '\v',
      '0': '\0'
    }
    if (e in simple) out += simple[e]
    else if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8
      const hex = s.slice(j + 1, j + 1 + len)
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === len ? parseInt(hex, 16) : NaN
      if (!Number.isFinite(code) || code > 0x10ffff) return null
      out += String.fromCodePoint(code)
      j += len
    } else if (e === undefined) return null
    else out += '\\' + e
  }
  return null
}

/** A `commands.txt` line (Python repr of a str or a list of str) as its keys; null when it is not one. */
export function parseKeysLine(line: string): string[] | null {
  const s = line.trim()
  if (!s) return null
  if (s[0] !== '[') {
    const one = pyString(s, 0)
    return one && one.end === s.length ? [one.value] : null
  }
  const keys: string[] = []
  let i = 1
  for (;;) {
    while (s[i] === ' ' || s[i] === ',') i++
    if (s[i] === ']') return i === s.length - 1 ? keys : null
    const one = pyString(s, i)
    if (!one) return null
    keys.push(one.value)
    i = one.end
  }
}

/** Builds the turn list with running indexes. */
class TurnList {
  readonly turns: Turn[] = []
  add(role: Turn['role'], fill: Partial<Turn>): Turn {
    const t = { ...blankTurn(this.turns.length, role), ...fill }
    this.turns.push(t)
    return t
  }
}

interface Action {
  assistant: { text: string; calls: ToolCall[]; done?: boolean | null }
  /** The output after the calls (tool result of the last call), or null. */
  result: string | null
}

/** Terminus `agent-logs/episode-N/` folders, in N order (at most MAX_EPISODES). */
function terminusActions(trialDir: string): { actions: Action[]; lead: string | null } | null {
  const logs = join(trialDir, 'agent-logs')
  let names: string[]
  try {
    names = readdirSync(logs).filter((n) => /^episode-\d+$/.test(n))
  } catch {
    return null
  }
  if (!names.length) return null
  names.sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)))
  const actions: Action[] = []
  for (const name of names.slice(0, MAX_EPISODES)) {
    const dir = join(logs, name)
    const prompt = readBounded(join(dir, 'prompt.txt'), MAX_TEXT_BYTES)
    if (actions.length && prompt !== null) actions[actions.length - 1].result = cleanTerminalText(prompt)
    const response = readBounded(join(dir, 'response.txt'), MAX_TEXT_BYTES)
    if (response === null) continue
    actions.push({ assistant: terminusResponse(response, name), result: null })
  }
  return actions.length ? { actions, lead: null } : null
}

/** A Terminus response: its JSON (analysis / plan / commands / is_task_complete), else the raw text. */
function terminusResponse(text: string, episode: string): Action['assistant'] {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  let o: unknown = null
  if (start >= 0 && end > start) {
    try {
      o = parseJsonLine(text.slice(start, end + 1))
    } catch {
      o = null
    }
  }
  if (!isObj(o)) return { text, calls: [] }
  const parts = [str(o.state_analysis) ?? str(o.analysis), str(o.explanation) ?? str(o.plan)].filter(
    (p): p is string => !!p
  )
  const calls: ToolCall[] = []
  const commands = Array.isArray(o.commands) ? o.commands : []
  commands.forEach((c, i) => {
    if (!isObj(c)) return
    const args: Obj = {}
    for (const k in c) args[k] = c[k]
    calls.push({ id: `${episode}.${i}`, name: 'keystrokes', arguments: args })
  })
  return {
    text: parts.length ? parts.join('\n\n') : '',
    calls,
    done: typeof o.is_task_complete === 'boolean' ? o.is_task_complete : null
  }
}

/** Actions from an asciinema recording with input events; null when it has none. */
function castActions(trialDir: string): { actions: Action[]; lead: string | null } | null {
  const text = readBounded(join(trialDir, 'sessions', 'agent.cast'), MAX_CAST_BYTES)
  if (text === null) return null
  const lines = text.split('\n')
  const actions: Action[] = []
  let lead: string[] = []
  let input: string[] = []
  let output: string[] = []
  const flush = (): void => {
    if (input.length) {
      actions.push({
        assistant: {
          text: '',
          calls: [{ id: `input-${actions.length}`, name: 'keystrokes', arguments: { keys: input.join('') } }]
        },
        result: null
      })
      input = []
    }
    if (output.length && actions.length) {
      const last = actions[actions.length - 1]
      last.result = (last.result ?? '') + output.join('')
      output = []
    }
  }
  let sawInput = false
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim()
    if (!line.startsWith('[')) continue
    let ev: unknown
    try {
      ev = parseJsonLine(line)
    } catch {
      continue // a line cut by the size bound
    }
    if (!Array.isArray(ev) || typeof ev[1] !== 'string' || typeof ev[2] !== 'string') continue
    if (ev[1] === 'i') {
      if (output.length) flush()
      input.push(ev[2])
      sawInput = true
    } else if (ev[1] === 'o') {
      if (input.length) flush()
      if (!sawInput) lead.push(ev[2])
      else output.push(ev[2])
    }
    if (actions.length > MAX_ACTION_TURNS) break
  }
  flush()
  if (!sawInput) return null
  for (const a of actions) if (a.result !== null) a.result = cleanTerminalText(a.result)
  const leadText = cleanTerminalText(lead.join(''))
  lead = []
  return { actions, lead: leadText.trim() ? leadText : null }
}

/** Actions from `commands.txt`: one send_keys call per line. */
function commandActions(trialDir: string): { actions: Action[]; lead: string | null } | null {
  const text = readBounded(join(trialDir, 'commands.txt'), MAX_TEXT_BYTES)
  if (text === null) return null
  const actions: Action[] = []
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    const keys = parseKeysLine(line)
    actions.push({
      assistant: {
        text: '',
        calls: [{ id: `command-${actions.length}`, name: 'send_keys', arguments: keys ? { keys } : { raw: line } }]
      },
      result: null
    })
    if (actions.length >= MAX_ACTION_TURNS) break
  }
  return actions.length ? { actions, lead: null } : null
}

const PANES = ['pre-agent', 'post-agent', 'post-test'] as const

function pane(trialDir: string, name: (typeof PANES)[number]): string | null {
  const text = readBounded(join(trialDir, 'panes', `${name}.txt`), MAX_TEXT_BYTES)
  if (text === null || !text.trim()) return null
  return cleanTerminalText(text).trimEnd()
}

/** Which files of the trial folder exist (for the episode's info). */
export function trialFiles(trialDir: string): string[] {
  const rel = [
    'commands.txt',
    'sessions/agent.cast',
    'sessions/agent.log',
    'sessions/tests.cast',
    'sessions/tests.log',
    ...PANES.map((p) => `panes/${p}.txt`),
    'agent-logs'
  ]
  return rel.filter((r) => existsSync(join(trialDir, r)))
}

/**
 * Turns of one trial: the instruction (prompt), the pre-agent pane, the actions with their results,
 * the post-agent and post-test panes. `trialDir` null: the instruction only.
 */
export function trialTurns(instruction: string | null, trialDir: string | null): Turn[] {
  const list = new TurnList()
  if (instruction !== null) list.add('user', { text: instruction, isPrompt: true })
  if (trialDir === null) return list.turns
  const pre = pane(trialDir, 'pre-agent')
  if (pre !== null) list.add('env', { text: `[pane before the agent]\n${pre}`, isObservation: true })
  const src = terminusActions(trialDir) ?? castActions(trialDir) ?? commandActions(trialDir)
  if (src) {
    if (src.lead !== null) list.add('env', { text: src.lead, isObservation: true })
    for (const a of src.actions) {
      list.add('assistant', { text: a.assistant.text, toolCalls: a.assistant.calls, done: a.assistant.done ?? null })
      if (a.result !== null) {
        const call = a.assistant.calls[a.assistant.calls.length - 1]
        list.add('tool', {
          text: a.result,
          toolCallId: call?.id ?? null,
          toolName: call?.name ?? null,
          isObservation: true
        })
      }
    }
  }
  const post = pane(trialDir, 'post-agent')
  if (post !== null) list.add('env', { text: `[pane after the agent]\n${post}`, isObservation: true })
  const test = pane(trialDir, 'post-test')
  if (test !== null) list.add('env', { text: `[pane after the tests]\n${test}`, isObservation: true })
  return list.turns
}
