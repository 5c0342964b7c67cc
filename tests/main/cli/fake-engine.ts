import { idleProgress } from '@contract/progress'
/** An in-memory Engine for CLI and server tests: two runs, a few episodes, one detailed transcript. */
import type { TraceApi, TraceEvent } from '@contract/api'
import { NotFoundError } from '@contract/guards'
import type {
  EpisodeDetail,
  EpisodeSummary,
  IndexProgress,
  IndexReport,
  RunSummary,
  SourceStatus,
  Workspace
} from '@contract/model'
import type { Engine, EngineOptions } from '../../../src-main/services/engine-types'
import { planExport, runExport } from '../../../src-main/export/plan-export'
import { previewEpisodesExport } from '../../../src-main/export/preview-export'
import { episodeHead } from '../../../src-main/services/episode-head'
import { demoCompareReport } from '../report/compare-fixture'
import { fakeLabelsApi } from '../../helpers/fake-labels'
import { fakeSearch } from '../../helpers/fake-search'

export const IDLE_PROGRESS: IndexProgress = idleProgress()

function run(id: string, name: string, overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    id,
    name,
    format: 'verifiers',
    source: `/traces/${name}/results.jsonl`,
    model: 'gpt-4.1-mini',
    env: 'wordle',
    createdAt: null,
    checkpointStep: null,
    episodes: 3,
    tasks: 2,
    rolloutsPerTask: 1.5,
    meanReward: 0.5,
    rewardCi95: [0.1, 0.9],
    rewardStd: 0.5,
    rewardMin: 0,
    rewardMax: 1,
    passThreshold: 1,
    passThresholdIsUser: false,
    passRate: 1 / 3,
    perfectRate: 1 / 3,
    scored: 2,
    unscored: null,
    noTranscript: 0,
    trainingSteps: 0,
    headlines: [],
    meanTurns: 4,
    steps: { count: 3, mean: 2, std: 0, min: 2, max: 2 },
    stepsPassed: 2,
    rewardPerStep: { pooled: 0.25, perEpisode: 0.25 },
    tokensIn: 1200,
    tokensOut: 300,
    generationMs: { count: 0, mean: null, std: null, min: null, max: null },
    durationMs: { count: 3, mean: 1500, std: 0, min: 1500, max: 1500 },
    wallTimeMs: null,
    terminations: [],
    metrics: [],
    infoFields: ['difficulty'],
    header: {},
    warnings: [],
    ...overrides
  }
}

function episode(
  runId: string,
  ordinal: number,
  taskKey: string,
  rollout: number,
  reward: number | null,
  preview: string
): EpisodeSummary {
  return {
    id: `${runId}-e${ordinal}`,
    runId,
    ordinal,
    step: null,
    taskKey,
    taskKeyKind: 'explicit',
    sourceId: String(ordinal),
    rollout,
    reward,
    passed: reward === null ? null : reward >= 1,
    turns: 4,
    steps: 2,
    status: reward === null ? 'error' : 'ok',
    termination: null,
    unscored: null,
    transcript: true,
    error: reward === null ? 'model call failed' : null,
    preview,
    answer: 'crane',
    metrics: { correct_answer: reward ?? 0 },
    info: { difficulty: 'easy' },
    tokensIn: 100,
    tokensOut: 20,
    durationMs: 1500,
    generationMs: null,
    anomalies: reward === null ? ['error'] : []
  }
}

export const FAKE_RUNS: RunSummary[] = [
  run('run-aaaa1111', 'wordle--gpt-4.1-mini'),
  run('run-bbbb2222', 'wordle--gpt-5-mini', { model: 'gpt-5-mini', meanReward: 0.75, passRate: 2 / 3 }),
  run('run-cccc3333', 'math-python--gpt-4.1-mini', {
    env: 'math-python',
    meanReward: null,
    rewardCi95: null,
    passRate: null
  })
]

export const FAKE_EPISODES: EpisodeSummary[] = [
  episode('run-aaaa1111', 0, 'task-0', 0, 1, 'Guess the word: CRANE'),
  episode('run-aaaa1111', 1, 'task-0', 1, 0, 'Guess the word: \u001b[31mred\u001b[0m'),
  episode('run-aaaa1111', 2, 'task-1', 0, null, 'Guess the word: SLATE')
]

export const FAKE_DETAIL: EpisodeDetail = (() => {
  const { turns, ...summary } = FAKE_EPISODES[0]
  return {
    ...summary,
    turnCount: turns,
    runName: 'wordle--gpt-4.1-mini',
    sourcePath: '/traces/wordle--gpt-4.1-mini/results.jsonl',
    infoFull: { difficulty: 'easy', nested: { a: 1 } },
    tools: [],
    raw: '{}',
    related: { sameTask: [], sameTaskInRuns: [] },
    turns: [
      turn(0, 'system', 'You are playing Wordle.', { isPrompt: true }),
      turn(1, 'user', 'Guess the word.', { isPrompt: true }),
      turn(2, 'assistant', 'I will guess.', {
        toolCalls: [{ id: 'c1', name: 'guess', arguments: { word: 'crane' } }],
        reasoning: 'Start with common letters.'
      }),
      turn(3, 'tool', 'GGGGG', { toolName: 'guess', toolCallId: 'c1', isObservation: true, reward: 1, done: true })
    ]
  }
})()

function turn(
  index: number,
  role: EpisodeDetail['turns'][number]['role'],
  text: string,
  extra: Partial<EpisodeDetail['turns'][number]> = {}
) {
  return {
    index,
    role,
    text,
    reasoning: null,
    toolCalls: [],
    toolCallId: null,
    toolName: null,
    isPrompt: false,
    isObservation: false,
    reward: null,
    done: null,
    tokens: null,
    ...extra
  }
}

function source(
  path: string,
  state: SourceStatus['state'],
  episodes: number,
  error: string | null = null
): SourceStatus {
  return {
    path,
    size: 1000,
    mtimeMs: 0,
    format: state === 'not-downloaded' ? 'lfs-pointer' : state === 'unknown-format' ? 'unknown' : 'verifiers',
    state,
    error,
    warnings: [],
    episodes,
    runId: state === 'indexed' ? 'run-aaaa1111' : null,
    indexedAt: 1
  }
}

/** What the fake's indexPaths reports: the files it "found" under the given paths. */
export type FakeIndexScenario = 'ok' | 'with-failure'

export interface FakeEngine extends Engine {
  options: EngineOptions | null
  calls: { method: string; args: unknown[] }[]
  closed: boolean
  emit(event: TraceEvent): void
  listenerCount(): number
}

/** Builds a fake engine; `scenario` decides whether indexPaths reports a failed file. */
export function createFakeEngine(scenario: FakeIndexScenario = 'ok'): FakeEngine {
  const listeners = new Set<(e: TraceEvent) => void>()
  const calls: FakeEngine['calls'] = []
  let roots: string[] = []
  const workspace = (): Workspace => ({
    roots,
    sources: [],
    progress: IDLE_PROGRESS,
    dbPath: '/tmp/x.db',
    demoPath: '/demo'
  })
  const log = (method: string, args: unknown[]): void => void calls.push({ method, args })

  const labels = fakeLabelsApi()
  const api: TraceApi = {
    ...labels,
    async search(query, options) {
      log('search', [query, options])
      return fakeSearch()(query, options)
    },
    async addLabel(id, label, turn) {
      log('addLabel', [id, label, turn])
      if (!id.includes(':')) throw new NotFoundError(`no episode with id ${id}`)
      return labels.addLabel(id, label, turn)
    },
    async setNote(id, text, turn) {
      log('setNote', [id, text, turn])
      return labels.setNote(id, text, turn)
    },
    async appInfo() {
      return { version: '0.0.0-test', mode: 'browser', platform: 'linux' }
    },
    async getWorkspace() {
      log('getWorkspace', [])
      return workspace()
    },
    async addPaths(paths) {
      log('addPaths', [paths])
      roots = [...roots, ...paths]
      return workspace()
    },
    async removeRoot(path) {
      roots = roots.filter((r) => r !== path)
      return workspace()
    },
    async reindex() {
      return workspace()
    },
    async cancelIndex() {
      return IDLE_PROGRESS
    },
    async getProgress() {
      return IDLE_PROGRESS
    },
    async openDemo() {
      log('openDemo', [])
      roots = ['/demo']
      return workspace()
    },
    async listRuns() {
      return FAKE_RUNS
    },
    async getRun(runId) {
      const r = FAKE_RUNS.find((x) => x.id === runId)
      if (!r) throw new NotFoundError(`no run with id ${runId}`)
      return r
    },
    async setPassThreshold(runId) {
      return api.getRun(runId)
    },
    async listEpisodes(query) {
      log('listEpisodes', [query])
      if (!FAKE_RUNS.some((r) => r.id === query.runId)) throw new NotFoundError(`no run with id ${query.runId}`)
      let items = FAKE_EPISODES.filter((e) => e.runId === query.runId)
      if (query.sort === 'reward') items = [...items].sort((a, b) => (a.reward ?? -1) - (b.reward ?? -1))
      if (query.desc) items = [...items].reverse()
      const offset = query.offset ?? 0
      return { items: items.slice(offset, offset + (query.limit ?? 200)), total: items.length, offset }
    },
    async groupRollouts(query) {
      log('groupRollouts', [query])
      return query.taskKeys.map((taskKey) => ({ taskKey, total: 0, rollouts: [] }))
    },
    async listTaskGroups(query) {
      log('listTaskGroups', [query])
      if (!FAKE_RUNS.some((r) => r.id === query.runId)) throw new NotFoundError(`no run with id ${query.runId}`)
      const byTask = new Map<string, EpisodeSummary[]>()
      for (const e of FAKE_EPISODES)
        if (e.runId === query.runId) byTask.set(e.taskKey, [...(byTask.get(e.taskKey) ?? []), e])
      const groups = [...byTask].map(([taskKey, eps]) => {
        const rewards = eps.flatMap((e) => (e.reward === null ? [] : [e.reward]))
        return {
          taskKey,
          taskKeyKind: eps[0].taskKeyKind,
          rollouts: eps.length,
          meanReward: rewards.length ? rewards.reduce((a, b) => a + b, 0) / rewards.length : null,
          minReward: rewards.length ? Math.min(...rewards) : null,
          maxReward: rewards.length ? Math.max(...rewards) : null,
          passed: eps.filter((e) => e.passed === true).length,
          passKnown: eps.filter((e) => e.passed !== null).length,
          meanTurns: eps.reduce((n, e) => n + e.turns, 0) / eps.length,
          errors: eps.filter((e) => e.status === 'error').length,
          truncated: eps.filter((e) => e.status === 'truncated').length,
          preview: eps[0].preview
        }
      })
      const offset = query.offset ?? 0
      return {
        items: groups.slice(offset, offset + (query.limit ?? 200)),
        total: groups.length,
        offset,
        rollouts: groups.reduce((n, g) => n + g.rollouts, 0)
      }
    },
    async getEpisode(episodeId) {
      if (episodeId !== FAKE_DETAIL.id) throw new NotFoundError(`no episode with id ${episodeId}`)
      return FAKE_DETAIL
    },
    async getEpisodePreview(episodeId) {
      const { raw: _raw, ...rest } = await api.getEpisode(episodeId)
      return { ...rest, complete: true }
    },
    async getEpisodeHead(episodeId, fromTurn, turns) {
      return episodeHead(await api.getEpisodePreview(episodeId), fromTurn, turns)
    },
    async getEpisodeTurns(episodeId) {
      return (await api.getEpisode(episodeId)).turns
    },
    async getEpisodeRaw(episodeId) {
      return (await api.getEpisode(episodeId)).raw
    },
    // The comparison is a fixed demo-shaped report with the asked runs filled in; its statistics are H1's to test.
    async compareRuns(runA, runB, options = {}) {
      log('compareRuns', [runA, runB, options])
      const report = demoCompareReport()
      const ref = async (id: string) => {
        const r = await api.getRun(id)
        return {
          ...report.runA,
          id: r.id,
          name: r.name,
          model: r.model,
          env: r.env,
          episodes: r.episodes,
          tasks: r.tasks
        }
      }
      return { ...report, runA: await ref(runA), runB: await ref(runB), ci: { ...report.ci, seed: options.seed ?? 1 } }
    },
    async compareSeries() {
      throw new Error('compareSeries is not used by the CLI')
    },
    // exports plan and write over this fake API with the real code (the CLI's `export` reads it the same way)
    async planExport(request) {
      return (await planExport(api, request)).plan
    },
    async previewExport(request) {
      return previewEpisodesExport(api, request)
    },
    async compareReportHtml(runA, runB, options) {
      const report = await api.compareRuns(runA, runB, options)
      return `<!doctype html><title>${report.runA.id} vs ${report.runB.id}</title>`
    },
    // The analysis commands are tested against the real engine (tests/main/cli/analysis-commands.test.ts).
    async compareMany() {
      throw new Error('compareMany is tested with the real engine')
    },
    async breakdownRun() {
      throw new Error('breakdownRun is tested with the real engine')
    },
    async trainingCurve() {
      throw new Error('trainingCurve is tested with the real engine')
    }
  }

  const engine: FakeEngine = {
    options: null,
    calls,
    closed: false,
    api,
    exportTo: (request, sink) => runExport(api, request, sink),
    async indexPaths(paths, opts = {}) {
      log('indexPaths', [paths, opts.force ?? false])
      opts.onProgress?.({ ...IDLE_PROGRESS, state: 'indexing', filesTotal: 3, filesDone: 1, episodes: 15 })
      const root = paths[0]
      const files = [
        source(`${root}/a/results.jsonl`, 'indexed', 15),
        source(`${root}/b/results.jsonl`, 'not-downloaded', 0, 'Git LFS pointer: content not downloaded'),
        source(`${root}/notes.txt`, 'unknown-format', 0, 'no adapter recognized this file')
      ]
      if (scenario === 'with-failure')
        files.push(source(`${root}/c/results.jsonl`, 'error', 0, 'invalid JSON on line 1'))
      const failed = files.filter((f) => f.state === 'error').length
      const report: IndexReport = {
        files,
        indexed: 1,
        skipped: 0,
        failed,
        removed: 0,
        episodes: 15,
        bytes: 4000,
        seconds: 0.25,
        peakRssMb: 80
      }
      return report
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      engine.closed = true
    },
    emit(event) {
      listeners.forEach((l) => l(event))
    },
    listenerCount: () => listeners.size
  }
  return engine
}
