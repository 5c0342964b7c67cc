/**
 * Helpers shared by the SWE-agent (`.traj`) and mini-swe-agent (`.traj.json`) adapters
 * (FORMATS.md §3): exit status → episode status, run folder and instance id from the layout,
 * task preview without the prompt boilerplate, and the bash-block parsing of text-only actions.
 */
import type { EpisodeStatus } from '@contract/model'
import { basename, dirname } from 'node:path'
import { oneLine } from './preview'
import type { ScalarMap } from './record-fields'
import type { SweBenchResult } from './swe-bench'

/** What an exit status means, by its (case-insensitive) name; the raw status is always kept in info. */
const EXIT_MEANINGS: [RegExp, EpisodeStatus, string][] = [
  [/exit_cost|cost_limit|costlimit/i, 'truncated', 'the cost limit was reached'],
  [/exit_context|context/i, 'truncated', 'the context window was exceeded'],
  [/total_execution_time|time_limit|timelimit/i, 'truncated', 'the time limit was reached'],
  [/command_timeout|timeoutexpired|timeout/i, 'truncated', 'a command timed out'],
  [/limitsexceeded|limit|exceeded|max_steps|step_limit/i, 'truncated', 'a step or cost limit was reached'],
  [/early_exit/i, 'truncated', 'the agent exited early'],
  [/forfeit/i, 'ok', 'the agent forfeited'],
  [/skipped/i, 'cancelled', 'the instance was skipped'],
  [/exit_format|formaterror|format/i, 'error', 'too many malformed model outputs'],
  [/exit_api|api/i, 'error', 'model API error'],
  [/environment/i, 'error', 'environment error'],
  [/exit_error|error|exception/i, 'error', 'agent error']
]

/**
 * Episode status from an SWE-agent / mini-swe-agent exit status: `submitted` / `Submitted` → ok;
 * limits (cost, context, time, steps, `early_exit`) → truncated; failures (format, API, environment,
 * exceptions) → error; `skipped` → cancelled; none at all → truncated (the run never finished).
 * `submitted (exit_cost)` is an automatic submission after a limit: the limit decides.
 */
export function exitOutcome(
  exit: unknown,
  detail: string | null = null
): { status: EpisodeStatus; error: string | null } {
  if (typeof exit !== 'string' || !exit.trim()) {
    return { status: 'truncated', error: 'no exit status: the run did not finish (interrupted or still running)' }
  }
  const raw = exit.trim()
  if (/^submitted$/i.test(raw)) return { status: 'ok', error: null }
  const auto = /^(?:submitted|autosubmi\w*)\s*\((.*)\)\s*$/i.exec(raw)
  const cause = auto ? auto[1] : raw
  const hit = EXIT_MEANINGS.find(([re]) => re.test(cause))
  const status: EpisodeStatus = hit ? hit[1] : 'error'
  const meaning = hit ? hit[2] : 'the agent stopped without submitting'
  if (status === 'ok') return { status, error: null }
  const autoNote = auto || /autosubmi/i.test(raw) ? '; the changes so far were submitted automatically' : ''
  if (detail) return { status, error: detail.startsWith(raw) ? detail : `${raw}: ${detail}` }
  return { status, error: `${raw}: ${meaning}${autoNote}` }
}

/** Instance id from a trajectory file name: `<id>.traj`, `<id>.traj.json` (else the name without its extension). */
export function instanceFromPath(path: string): string {
  const name = basename(path)
  for (const ext of ['.traj.json', '.traj', '.json'])
    if (name.endsWith(ext) && name.length > ext.length) return name.slice(0, -ext.length)
  return name
}

/**
 * The run folder of a trajectory: the folder holding the per-instance folders when the file sits in
 * `<run>/<instance>/<instance>.traj(.json)` (SWE-agent 1.x, mini-swe-agent), else the file's own
 * folder (SWE-agent 0.x puts every `.traj` of a run flat in one folder).
 */
export function runDirOf(path: string, instanceId: string): string {
  const dir = dirname(path)
  const name = basename(dir)
  return name === instanceId || name === instanceFromPath(path) ? dirname(dir) : dir
}

/** Boilerplate before the issue text in SWE-agent / mini-swe-agent instance prompts. */
const LEADS = [
  /ISSUE:\s*\n/,
  /Consider the following PR description:\s*\n/,
  /<pr_description>\s*\n/,
  /Please solve this issue:\s*/
]

/** Markers after the issue text (the instructions follow). */
const ENDS = ['</pr_description>', '\nINSTRUCTIONS:']

const untilEnd = (text: string): string => {
  let end = text.length
  for (const e of ENDS) {
    const at = text.indexOf(e)
    if (at >= 0 && at < end) end = at
  }
  return text.slice(0, end)
}

/** One-line preview of a task prompt, starting at the issue text when a known lead-in precedes it. */
export function issuePreview(text: string): string {
  const head = text.slice(0, 600)
  for (const re of LEADS) {
    const m = re.exec(head)
    if (m) return oneLine(untilEnd(text.slice(m.index + m[0].length)))
  }
  return oneLine(text)
}

/** Commands of SWE-agent's tool bundles (0.x and 1.x, EnIGMA included); any other action runs in bash. */
const SWE_AGENT_TOOLS = new Set([
  'open',
  'goto',
  'scroll_up',
  'scroll_down',
  'create',
  'submit',
  'search_dir',
  'search_file',
  'find_file',
  'edit',
  'insert',
  'str_replace_editor',
  'filemap',
  'view_image',
  'review_on_submit',
  'exit_forfeit',
  'decompile',
  'disassemble',
  'debug_start',
  'debug_add_breakpoint',
  'debug_continue',
  'debug_step',
  'debug_exec',
  'debug_stop',
  'connect_start',
  'connect_sendline',
  'connect_exec',
  'connect_stop'
])

/** Tool name of a plain-text action: the SWE-agent command it starts with, else `bash`. */
export function actionToolName(action: string): string {
  const first = /^\s*([A-Za-z_][\w-]*)/.exec(action)?.[1]
  return first && SWE_AGENT_TOOLS.has(first) ? first : 'bash'
}

/** The command of a text response in mini-swe-agent's text format: the one fenced bash block, else null. */
export function bashBlock(text: string): string | null {
  const re = /```(?:bash|sh|shell|mswea_bash_command)[ \t]*\r?\n([\s\S]*?)\r?\n?```/g
  const found: string[] = []
  for (let m = re.exec(text); m && found.length < 2; m = re.exec(text)) found.push(m[1])
  return found.length === 1 ? found[0] : null
}

/** A unix timestamp (seconds) or an ISO string as ISO text, else undefined. */
export function isoTime(v: unknown): string | undefined {
  if (typeof v === 'string' && v && !Number.isNaN(Date.parse(v))) return v
  if (typeof v === 'number' && Number.isFinite(v) && v > 1e8 && v < 1e11) return new Date(v * 1000).toISOString()
  return undefined
}

/** Model name as the SWE-bench harness writes it in folder / file names (`org/model` → `org__model`). */
export const modelSlug = (model: string): string => model.replace(/\//g, '__')

/** What the SWE-bench harness said of an instance, as summary fields: reward, success, and the outcome (with the harness run id) for info. */
export function harnessVerdict(result: SweBenchResult | null): {
  reward: number | null
  success: boolean | null
  info: ScalarMap
} {
  const info: ScalarMap = {}
  if (result) {
    info.swebench = result.outcome
    if (result.runId) info.swebench_run_id = result.runId
  }
  return { reward: result?.reward ?? null, success: result?.success ?? null, info }
}
