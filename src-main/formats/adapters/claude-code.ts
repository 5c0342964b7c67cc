/**
 * Claude Code sessions (FORMATS.md §9): `~/.claude/projects/<cwd-slug>/<session-uuid>.jsonl`, one record per line
 * (`type` user / assistant / system / attachment / summary and bookkeeping types). One episode per session file; the
 * sessions of a project folder (one working directory) form one run. No reward in the format.
 *
 * Sub-agent files (`<session-uuid>/subagents/agent-<id>.jsonl`, or `agent-<id>.jsonl` beside the sessions in 2.0.x)
 * hold no episode of their own: their session reads them (its turns, marked with the agent), so they are its
 * companions, and a change to one re-reads the sessions of the project. The reading itself: claude-code-session.ts.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { DocumentAdapter, DocumentRun, EpisodeSummaryRecord } from '../types'
import { RecordError } from '../types'
import type { FormatContext } from '../context'
import { readJsonlRecords } from '../readers/jsonl-records'
import { firstRecordOf } from '../readers/side-files'
import { defineFormat } from '../define-format'
import { readSession, type SessionRead, type SubAgentFile } from './claude-code-session'
import { previewOf } from './preview'
import { sessionSpanMs } from './session-facts'
import { promptHash } from './prompt-hash'
import { isObj, str, type Obj } from './record-fields'

/** A first record only Claude Code writes: a message record, a session summary, a file snapshot, a queue entry. */
function isClaudeCodeRecord(r: Obj): boolean {
  if (typeof r.type !== 'string') return false
  if (typeof r.sessionId === 'string' && 'parentUuid' in r && typeof r.uuid === 'string') return true
  if (r.type === 'summary') return typeof r.summary === 'string' && typeof r.leafUuid === 'string'
  if (r.type === 'file-history-snapshot') return typeof r.messageId === 'string' && isObj(r.snapshot)
  if (r.type === 'queue-operation') return typeof r.sessionId === 'string' && typeof r.operation === 'string'
  return false
}

const records = (doc: unknown): unknown[] => (Array.isArray(doc) ? doc : [doc])

/** A sub-agent's own file: named `agent-<id>.jsonl`, or every message record of it on a sidechain. */
function isSubAgentFile(doc: unknown[], path: string): boolean {
  if (/^agent-[^/\\]+\.jsonl$/.test(basename(path))) return true
  const msgs = doc.filter((r) => isObj(r) && (r.type === 'user' || r.type === 'assistant')) as Obj[]
  return msgs.length > 0 && msgs.every((r) => r.isSidechain === true)
}

const MAX_SUBAGENT_DEPTH = 3

/** `agent-*.jsonl` files under a session's `subagents/` folder (workflow sub-folders included). */
function subAgentPaths(dir: string, depth = 0): string[] {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  const out: string[] = []
  for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name)
    if (e.isDirectory() && depth < MAX_SUBAGENT_DEPTH) out.push(...subAgentPaths(p, depth + 1))
    else if (e.isFile() && /^agent-.+\.jsonl$/.test(e.name)) out.push(p)
  }
  return out
}

/** Older layout: `agent-<id>.jsonl` beside the sessions, by the session id of their first record (read once per job). */
function siblingAgentFiles(projectDir: string, ctx: FormatContext): Map<string, string[]> {
  return ctx.memo(`claude-code:agents:${projectDir}`, () => {
    const bySession = new Map<string, string[]>()
    let names: string[]
    try {
      names = readdirSync(projectDir).filter((n) => /^agent-.+\.jsonl$/.test(n))
    } catch {
      return bySession
    }
    for (const name of names.sort()) {
      const p = join(projectDir, name)
      const sid = str(firstRecordOf(p)?.sessionId)
      if (sid) bySession.set(sid, [...(bySession.get(sid) ?? []), p])
    }
    return bySession
  })
}

/** The sub-agent files of a session, read. */
function subAgentFiles(path: string, sessionId: string | null, ctx: FormatContext): SubAgentFile[] {
  const stem = basename(path).replace(/\.jsonl$/, '')
  const paths = [
    ...subAgentPaths(join(dirname(path), stem, 'subagents')),
    ...(sessionId ? (siblingAgentFiles(dirname(path), ctx).get(sessionId) ?? []) : [])
  ]
  return paths.map((p) => {
    const { records: rs } = readJsonlRecords(p)
    const agentId =
      str(rs.find((r) => typeof r.agentId === 'string')?.agentId) ?? basename(p).replace(/^agent-|\.jsonl$/g, '')
    return { agentId, records: rs }
  })
}

function read(doc: unknown, path: string, ctx: FormatContext): SessionRead {
  const rs = records(doc)
  const withId = rs.find((r): r is Obj => isObj(r) && typeof r.sessionId === 'string')
  const sessionId = withId ? str(withId.sessionId) : null
  return readSession(rs, subAgentFiles(path, sessionId, ctx))
}

function summaryOf(s: SessionRead, path: string): EpisodeSummaryRecord {
  const task = s.task ? [s.task] : []
  return {
    sourceId: s.sessionId,
    promptHash: promptHash(task.length ? task : [{ role: 'user', content: s.sessionId ?? basename(path) }]),
    answer: null,
    reward: null,
    success: null,
    status: s.error ? 'error' : 'ok',
    error: s.error,
    turns: s.turns.length,
    preview: previewOf(task),
    metrics: { sub_agents: s.subAgents },
    info: {
      session_id: s.sessionId,
      cwd: s.cwd,
      git_branch: s.gitBranch,
      version: s.version,
      ...(s.offBranch ? { off_branch_records: s.offBranch } : {})
    },
    tokensIn: s.tokensIn,
    tokensOut: s.tokensOut,
    durationMs: sessionSpanMs(s),
    actions: { kind: 'turns', turns: s.turns }
  }
}

export const claudeCodeAdapter = defineFormat<DocumentAdapter>({
  format: 'claude-code',
  priority: 115,
  fileKinds: ['jsonl-grouped'],
  extensions: ['.jsonl'],
  companions: [],
  // a session is JSONL; a one-line file is read as JSONL too (detection hands its record here)
  matches: () => false,
  matchesFirstRecord: (r) => isClaudeCodeRecord(r),

  index(doc, path, ctx): DocumentRun[] {
    const rs = records(doc)
    if (isSubAgentFile(rs, path)) return []
    const s = read(doc, path, ctx)
    if (s.turns.every((t) => t.meta?.contextSummary)) return []
    return [
      {
        runKey: dirname(path),
        header: {
          name: s.cwd ? basename(s.cwd) || s.cwd : basename(dirname(path)),
          model: s.model,
          env: null,
          createdAt: s.startMs !== null ? new Date(s.startMs).toISOString() : null,
          checkpointStep: null,
          header: { producer: 'claude-code', cwd: s.cwd, version: s.version },
          passThreshold: null
        },
        episodes: [{ summary: summaryOf(s, path), locator: '' }],
        warnings: s.unknown.warnings()
      }
    ]
  },

  companionWarnings(path) {
    const { records: rs } = readJsonlRecords(path)
    if (!isSubAgentFile(rs, path)) return ['a session without messages (only summaries or bookkeeping records)']
    const nested = /[\\/]subagents([\\/]|$)/.exec(path)
    const session = nested
      ? `${path.slice(0, nested.index)}.jsonl`
      : join(dirname(path), `${str(rs.find((r) => typeof r.sessionId === 'string')?.sessionId) ?? ''}.jsonl`)
    return existsSync(session) && statSync(session).isFile()
      ? []
      : [`a sub-agent's records; the session that started it (${basename(session)}) is not beside it`]
  },

  parseEpisode(doc, _locator, path, ctx) {
    const s = read(doc, path, ctx)
    if (s.turns.length === 0) throw new RecordError('the session holds no messages')
    return { turns: s.turns, tools: [], infoFull: summaryOf(s, path).info, raw: doc }
  }
})
