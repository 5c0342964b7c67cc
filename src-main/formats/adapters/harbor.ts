/**
 * Harbor's other files (FORMATS.md §4.2): trial and job `result.json` (companions: the ATIF adapter joins a trial's
 * reward and exception to its trajectory), and the `traces` SFT export (`*.traces.json`: one element per model call
 * window, ShareGPT-like `conversations`).
 */
import { basename } from 'node:path'
import { RecordError, type DocumentAdapter } from '../types'
import { isJobResult, isTrialResult } from './atif-chain'
import { messagesToTurns, taskDefiningMessages } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { idText, isObj, num, str, type Obj } from './record-fields'
import { defineFormat } from '../define-format'

/** Trial / job result.json: companions, never runs of their own. */
export const harborResultAdapter = defineFormat<DocumentAdapter>({
  format: 'harbor-trial',
  priority: 140,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: (doc) => isTrialResult(doc) || isJobResult(doc),
  index: () => [],
  parseEpisode() {
    throw new RecordError('a Harbor result.json has no episodes of its own')
  }
})

const isTraceRow = (v: unknown): v is Obj =>
  isObj(v) && Array.isArray(v.conversations) && ('trial_name' in v || 'episode' in v) && 'task' in v

export const harborTracesAdapter = defineFormat<DocumentAdapter>({
  format: 'harbor-traces',
  priority: 130,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],
  matches: (doc) => Array.isArray(doc) && doc.length > 0 && doc.slice(0, 20).every(isTraceRow),

  index(doc, path) {
    if (!Array.isArray(doc)) throw new RecordError('not a Harbor traces export')
    const rows = doc.filter(isTraceRow)
    const first = rows[0] ?? {}
    return [
      {
        runKey: '',
        header: {
          name: basename(path).replace(/\.json$/, ''),
          model: str(first.model),
          env: null,
          createdAt: dateOf(first.date),
          checkpointStep: null,
          header: {
            agent: first.agent ?? null,
            model_provider: first.model_provider ?? null,
            run_id: first.run_id ?? null
          },
          passThreshold: null
        },
        episodes: trialsOf(rows).map(({ row, windows, nested }, i) => {
          const convo = row.conversations as unknown[]
          const prompt = taskDefiningMessages(convo)
          const reward = num(row.result) ?? (isObj(row.result) ? num(row.result.reward) : null)
          return {
            locator: String(doc.indexOf(row)),
            summary: {
              sourceId: idText(row.task),
              promptHash: promptHash(prompt.length ? prompt : [{ role: 'user', content: String(i) }]),
              answer: null,
              reward,
              success: null,
              status: 'ok' as const,
              error: null,
              turns: convo.length,
              preview: previewOf(prompt),
              metrics: {},
              info: {
                episode: str(row.episode),
                trial: str(row.trial_name),
                agent: str(row.agent),
                windows,
                ...(nested ? {} : { windows_nested: false })
              },
              tokensIn: null,
              tokensOut: null,
              durationMs: null,
              rollout: null,
              actions: { kind: 'messages', messages: convo }
            }
          }
        })
      }
    ]
  },

  parseEpisode(doc, locator) {
    const row = Array.isArray(doc) ? doc[Number(locator)] : undefined
    if (!isTraceRow(row)) throw new RecordError(`the export has no row ${locator}`)
    const convo = row.conversations as unknown[]
    const prompt = taskDefiningMessages(convo)
    const { conversations: _c, ...rest } = row
    return { turns: messagesToTurns(prompt, convo.slice(prompt.length)), tools: [], infoFull: rest, raw: row }
  }
})

/**
 * One episode per trial: the export writes a row per model call, each row the conversation so far (2, 4, 6, 8
 * messages in the golden file), so a trial's rows are windows of one attempt, not attempts. The trial's last window
 * (highest `episode-N`, else the last row) is its transcript; `nested` says whether every earlier window is a prefix
 * of it (a context summarization would start a window afresh, and its earlier turns are then not in the last one).
 * Rows without a trial name are trials of their own.
 */
function trialsOf(rows: Obj[]): { row: Obj; windows: number; nested: boolean }[] {
  const byTrial = new Map<string, Obj[]>()
  rows.forEach((row, i) => {
    const trial = str(row.trial_name)
    const key = trial === null ? `\u0000${i}` : `${str(row.run_id) ?? ''}\u0000${trial}`
    const list = byTrial.get(key)
    if (list) list.push(row)
    else byTrial.set(key, [row])
  })
  return [...byTrial.values()].map((windows) => {
    const last = windows.reduce((a, b) => (windowIndex(b) >= windowIndex(a) ? b : a))
    const lastConvo = last.conversations as unknown[]
    const nested = windows.every((w) => {
      const c = w.conversations as unknown[]
      return c.length <= lastConvo.length && c.every((m, k) => JSON.stringify(m) === JSON.stringify(lastConvo[k]))
    })
    return { row: last, windows: windows.length, nested }
  })
}

/** `episode-3` → 3; rows without it count in file order (-1 keeps the later of equals: reduce's `>=`). */
function windowIndex(row: Obj): number {
  const m = /(\d+)$/.exec(str(row.episode) ?? '')
  return m ? Number(m[1]) : -1
}

/** The export's date when it is one (golden files hold "NORMALIZED_TIMESTAMP"). */
function dateOf(v: unknown): string | null {
  const s = str(v)
  return s !== null && Number.isFinite(Date.parse(s)) ? s : null
}
