/**
 * Harbor ATIF trajectories (FORMATS.md §4.1–4.2): one episode per trajectory, its continuations read as part of
 * it (a continued trajectory is one episode), summarization sub-trajectories linked from the step that spawned
 * them, and the reward / exception of the Harbor trial folder it sits in.
 */
import { basename, dirname } from 'node:path'
import type { EpisodeStatus, Turn } from '@contract/model'
import { RecordError, type DocumentAdapter, type EpisodeSummaryRecord } from '../types'
import { continuationChain, isAtif, isChildTrajectory, readCompanion, resolveRef, trialResultFor } from './atif-chain'
import { messagesToTurns } from './messages'
import { previewOf } from './preview'
import { promptHash } from './prompt-hash'
import { idText, isObj, num, str, timeMs, type Obj } from './record-fields'
import { defineFormat } from '../define-format'

interface Step {
  step: Obj
  copied: boolean
}

export const atifAdapter = defineFormat<DocumentAdapter>({
  format: 'atif',
  priority: 150,
  fileKinds: ['json'],
  extensions: ['.json'],
  companions: [],

  matches: (doc) => isAtif(doc),

  index(doc, path) {
    if (!isAtif(doc)) throw new RecordError('not an ATIF trajectory')
    // continuations and sub-agent trajectories are read through the trajectory that refers to them
    if (isChildTrajectory(doc, path)) return []
    const trial = trialResultFor(path)
    const agent = isObj(doc.agent) ? doc.agent : {}
    const runDir = trial ? dirname(trial.trialDir) : dirname(path)
    return [
      {
        runKey: runDir,
        header: {
          name: basename(runDir),
          model: str(agent.model_name),
          env: trial ? str(trial.result.source) : null,
          createdAt: null,
          checkpointStep: null,
          header: {
            agent: str(agent.name),
            agent_version: str(agent.version),
            schema_version: doc.schema_version,
            ...(isObj(agent.extra) ? agent.extra : {})
          },
          passThreshold: null
        },
        episodes: [{ summary: summarize(doc, path, trial), locator: '' }]
      }
    ]
  },

  parseEpisode(doc, _locator, path) {
    if (!isAtif(doc)) throw new RecordError('not an ATIF trajectory')
    const chain = continuationChain(doc, path)
    const { turns, subagents } = buildTurns(chain, path)
    const trial = trialResultFor(path)
    return {
      turns,
      tools: isObj(doc.agent) && Array.isArray(doc.agent.tool_definitions) ? doc.agent.tool_definitions : [],
      infoFull: {
        files: chain.map((c) => c.path),
        subagents,
        final_metrics: chain.at(-1)!.doc.final_metrics ?? null,
        ...(trial ? { trial_result: trial.result } : {})
      },
      raw: doc
    }
  }
})

/** Steps of the whole chain; a copied-context step that repeats one already seen is dropped (no double counting). */
function chainSteps(chain: readonly { doc: Obj }[]): Step[] {
  const seen = new Set<string>()
  const steps: Step[] = []
  for (const { doc: d } of chain) {
    for (const s of Array.isArray(d.steps) ? d.steps : []) {
      if (!isObj(s)) continue
      const key = `${str(s.source)}\0${typeof s.message === 'string' ? s.message : JSON.stringify(s.message ?? null)}`
      const copied = s.is_copied_context === true
      if (copied && seen.has(key)) continue
      seen.add(key)
      steps.push({ step: s, copied })
    }
  }
  return steps
}

/** ATIF steps as chat messages for the shared normalizer: an agent step's observation results become tool results. */
function stepMessages(steps: Step[]): { messages: Obj[]; owners: (Step | null)[] } {
  const messages: Obj[] = []
  const owners: (Step | null)[] = []
  for (const s of steps) {
    const step = s.step
    const source = str(step.source)
    const results =
      isObj(step.observation) && Array.isArray(step.observation.results) ? step.observation.results.filter(isObj) : []
    const role = source === 'agent' ? 'assistant' : source === 'system' ? 'system' : 'user'
    const calls = Array.isArray(step.tool_calls) ? step.tool_calls : []
    messages.push({
      role,
      content: textOf(step.message),
      reasoning_content: step.reasoning_content ?? null,
      tool_calls: calls
    })
    owners.push(s)
    for (const r of results) {
      if (Array.isArray(r.subagent_trajectory_ref)) continue // shown as links on the step itself
      // a result without source_call_id answers the step's calls in order; with no calls it is environment feedback
      messages.push(
        calls.length
          ? { role: 'tool', tool_call_id: str(r.source_call_id) ?? undefined, content: textOf(r.content) }
          : { role: 'user', content: textOf(r.content), env: true }
      )
      owners.push(null)
    }
  }
  return { messages, owners }
}

const textOf = (v: unknown): unknown =>
  typeof v === 'string' || Array.isArray(v) ? v : v === undefined || v === null ? '' : JSON.stringify(v)

function buildTurns(chain: readonly { doc: Obj }[], path: string): { turns: Turn[]; subagents: Obj[] } {
  const steps = chainSteps(chain)
  const { messages, owners } = stepMessages(steps)
  const firstAgent = messages.findIndex((m) => m.role === 'assistant')
  const promptLen = firstAgent < 0 ? messages.length : firstAgent
  const turns = messagesToTurns(messages.slice(0, promptLen), messages.slice(promptLen))
  const subagents: Obj[] = []
  turns.forEach((t, i) => {
    const owner = owners[i]
    if (messages[i].env) t.isObservation = true
    if (!owner) return
    const step = owner.step
    const metrics = isObj(step.metrics) ? step.metrics : null
    if (metrics) {
      t.tokens = num(metrics.completion_tokens) ?? t.tokens
      const m: Record<string, number> = {}
      for (const k of ['prompt_tokens', 'completion_tokens', 'cached_tokens'])
        if (num(metrics[k]) !== null) m[k] = metrics[k] as number
      t.meta = {
        ...t.meta,
        ...(num(metrics.cost_usd) !== null ? { costUsd: metrics.cost_usd as number } : {}),
        metrics: m
      }
    }
    if (owner.copied) t.meta = { ...t.meta, copied: true }
    if (str(step.timestamp)) t.meta = { ...t.meta, timestamp: step.timestamp as string }
    // sub-agent trajectories (context summarization): linked in the text and listed in infoFull
    const results =
      isObj(step.observation) && Array.isArray(step.observation.results) ? step.observation.results.filter(isObj) : []
    const refs = results.flatMap((r) =>
      Array.isArray(r.subagent_trajectory_ref) ? r.subagent_trajectory_ref.filter(isObj) : []
    )
    const lines: string[] = []
    for (const ref of refs) {
      const ownPath = str(ref.trajectory_path)
      const file = ownPath ? resolveRef(path, ownPath) : null
      const sub = file ? readCompanion(file) : null
      const summary = isObj(ref.extra) ? str(ref.extra.summary) : null
      const subSteps = isAtif(sub) ? (sub.steps as unknown[]).length : null
      subagents.push({ session_id: ref.session_id ?? null, trajectory_path: ownPath, file, steps: subSteps, summary })
      lines.push(
        `↳ sub-trajectory ${ownPath ?? idText(ref.session_id) ?? '?'}${summary ? `: ${summary}` : ''}${subSteps !== null ? ` (${subSteps} steps)` : file ? '' : ' (file not found)'}`
      )
    }
    if (lines.length) t.text = [t.text, ...lines].filter(Boolean).join('\n')
  })
  return { turns, subagents }
}

/** Summary of a trajectory; the chain is read once, and the last file's final_metrics are the cumulative ones. */
function summarize(doc: Obj, path: string, trial: ReturnType<typeof trialResultFor>): EpisodeSummaryRecord {
  const chain = continuationChain(doc, path)
  const { turns } = buildTurns(chain, path)
  const last = chain.at(-1)!.doc
  const fm = isObj(last.final_metrics) ? last.final_metrics : {}
  const firstUser = (Array.isArray(doc.steps) ? doc.steps : []).find((s) => isObj(s) && s.source === 'user') as
    Obj | undefined
  const prompt = firstUser ? [{ role: 'user', content: textOf(firstUser.message) }] : []
  const r = trial?.result
  const rewards = r && isObj(r.verifier_result) && isObj(r.verifier_result.rewards) ? r.verifier_result.rewards : {}
  const metrics: Record<string, number> = {}
  for (const [k, v] of Object.entries(rewards)) if (num(v) !== null) metrics[k] = v as number
  if (num(fm.total_cost_usd) !== null) metrics.cost_usd = fm.total_cost_usd as number
  if (num(fm.total_cached_tokens) !== null) metrics.cached_tokens = fm.total_cached_tokens as number
  metrics.steps = turns.filter((t) => t.role === 'assistant').length
  const exc = r && isObj(r.exception_info) ? r.exception_info : null
  const excType = exc ? str(exc.exception_type) : null
  const status: EpisodeStatus = exc ? (excType && /timeout/i.test(excType) ? 'truncated' : 'error') : 'ok'
  const stamps = turns
    .map((t) => t.meta?.timestamp)
    .filter((x): x is string => !!x)
    .map((x) => Date.parse(x))
    .filter(Number.isFinite)
  const started = r ? timeMs(r.started_at) : NaN
  const finished = r ? timeMs(r.finished_at) : NaN
  return {
    sourceId: r ? str(r.task_name) : null,
    promptHash: promptHash(prompt.length ? prompt : [{ role: 'user', content: basename(path) }], 'all'),
    answer: null,
    reward:
      num(rewards.reward) ??
      Object.values(rewards)
        .map(num)
        .find((v) => v !== null) ??
      null,
    success: null,
    status,
    error: exc ? [excType, str(exc.exception_message)].filter(Boolean).join(': ') || 'exception' : null,
    // Harbor records why a trial stopped only when it stopped on an exception (AgentTimeoutError, …); ATIF has no field
    termination: excType,
    turns: turns.length,
    preview: previewOf(prompt),
    metrics,
    info: {
      agent: isObj(doc.agent) ? str(doc.agent.name) : null,
      ...(r ? { trial: str(r.trial_name) } : {}),
      continuations: chain.length - 1
    },
    tokensIn: num(fm.total_prompt_tokens),
    tokensOut: num(fm.total_completion_tokens),
    durationMs: Number.isFinite(finished - started)
      ? finished - started
      : stamps.length > 1
        ? Math.max(...stamps) - Math.min(...stamps)
        : null,
    actions: { kind: 'turns', turns: turns }
  }
}
