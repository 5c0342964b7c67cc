import { idleProgress } from '@contract/progress'
import { makeTurn } from '../helpers/make-turn'
import { vi } from 'vitest'
import { ApiCallError } from '../../src-renderer/src/api/api-error'
import { fakeCompareHtml, fakeCompareReport, fakeSeriesReport } from './fake-compare'
import { fakeBreakdown, fakeCurve, fakeManyReport } from './fake-analysis'
import { fakeLabelsApi } from '../helpers/fake-labels'
import { fakeSearch } from '../helpers/fake-search'
import type { TraceApi } from '@contract/api'
import type { CompareOptions, SeriesOptions } from '@contract/compare'
import type { EpisodesExportRequest, ExportPreview } from '@contract/export'
import type { MultiCompareOptions } from '@contract/multi-compare'
import type {
  EpisodeDetail,
  EpisodePreview,
  EpisodeQuery,
  EpisodeSummary,
  GroupRolloutsQuery,
  IndexProgress,
  RunSummary,
  TaskGroupSummary,
  TaskRollouts,
  Workspace
} from '@contract/model'

/** A progress snapshot with sensible defaults. */
export const progress = (p: Partial<IndexProgress> = {}): IndexProgress => idleProgress(p)

/** A run summary with sensible defaults. */
export function run(p: Partial<RunSummary> & { id: string }): RunSummary {
  return {
    name: p.id,
    format: 'verifiers',
    source: `/data/${p.id}/results.jsonl`,
    model: 'm',
    env: 'e',
    createdAt: null,
    checkpointStep: null,
    episodes: 0,
    tasks: 0,
    rolloutsPerTask: null,
    meanReward: null,
    rewardCi95: null,
    rewardStd: null,
    rewardMin: null,
    rewardMax: null,
    passThreshold: 0.5,
    passThresholdIsUser: false,
    passRate: null,
    perfectRate: null,
    scored: 0,
    unscored: null,
    noTranscript: 0,
    trainingSteps: 0,
    headlines: [],
    meanTurns: null,
    steps: { count: 0, mean: null, std: null, min: null, max: null },
    stepsPassed: null,
    rewardPerStep: { pooled: null, perEpisode: null },
    tokensIn: null,
    tokensOut: null,
    generationMs: { count: 0, mean: null, std: null, min: null, max: null },
    durationMs: { count: 0, mean: null, std: null, min: null, max: null },
    wallTimeMs: null,
    terminations: [],
    metrics: [],
    infoFields: [],
    header: {},
    warnings: [],
    ...p
  }
}

/** Episode number `i` of run `runId`: reward cycles 0, 0.5, 1. */
export function episode(runId: string, i: number): EpisodeSummary {
  return {
    id: `${runId}:${i}`,
    runId,
    ordinal: i,
    taskKey: `t${Math.floor(i / 2)}`,
    taskKeyKind: 'explicit',
    sourceId: null,
    rollout: i % 2,
    step: null,
    reward: [0, 0.5, 1][i % 3],
    passed: i % 3 === 2,
    turns: 3,
    steps: 1,
    status: 'ok',
    termination: null,
    unscored: null,
    transcript: true,
    error: null,
    preview: `question ${i}`,
    answer: null,
    metrics: {},
    info: {},
    tokensIn: null,
    tokensOut: null,
    durationMs: null,
    generationMs: null,
    anomalies: []
  }
}

/** Task group `g` of a run of `n` episodes: the fake's tasks are episodes 2g and 2g + 1 (see `episode`). */
export function taskGroup(runId: string, g: number, n: number): TaskGroupSummary {
  const eps = [2 * g, 2 * g + 1].filter((i) => i < n).map((i) => episode(runId, i))
  const rewards = eps.map((e) => e.reward ?? 0)
  return {
    taskKey: `t${g}`,
    taskKeyKind: 'explicit',
    rollouts: eps.length,
    meanReward: rewards.reduce((a, b) => a + b, 0) / eps.length,
    minReward: Math.min(...rewards),
    maxReward: Math.max(...rewards),
    passed: eps.filter((e) => e.passed).length,
    passKnown: eps.length,
    meanTurns: 3,
    errors: 0,
    truncated: 0,
    preview: eps[0].preview
  }
}

export interface FakeApi extends TraceApi {
  /** Every listEpisodes query received, in order. */
  queries: EpisodeQuery[]
  /** Every listTaskGroups query received, in order. */
  groupQueries: EpisodeQuery[]
}

/**
 * An in-memory TraceApi: `runs` maps run id → number of episodes. Methods are vi.fn spies.
 * listEpisodes rejects a filter containing "!!" with a bad-request ApiCallError-like failure.
 */
export function fakeApi(runs: Record<string, number>, workspace: Partial<Workspace> = {}): FakeApi {
  const summaries = new Map(Object.entries(runs).map(([id, n]) => [id, run({ id, episodes: n })]))
  const ws = (): Workspace => ({
    roots: ['/data'],
    sources: [],
    progress: progress(),
    dbPath: '/tmp/x.db',
    demoPath: null,
    ...workspace
  })
  const queries: EpisodeQuery[] = []
  const groupQueries: EpisodeQuery[] = []
  /** The fake engine's episode (what getEpisode gives unless a test mocks it otherwise). */
  const detailOf = (id: string): EpisodeDetail => {
    const [runId, i] = id.split(':')
    const { turns: turnCount, ...summary } = episode(runId, Number(i))
    return {
      ...summary,
      turnCount,
      runName: runId,
      sourcePath: '/x',
      infoFull: {},
      // six turns; "needle" appears once in turns 0 and 1, twice in turn 4's text and once in its tool call
      turns: FAKE_TURN_TEXTS.map((text, index) =>
        makeTurn({
          index,
          role: index % 2 ? 'assistant' : 'user',
          text,
          toolCalls: index === 4 ? [{ id: 'c1', name: 'grep', arguments: { pattern: 'Needle' } }] : []
        })
      ),
      tools: [],
      raw: '{}',
      related: { sameTask: [], sameTaskInRuns: [] }
    }
  }
  // episodes of run "cut" come with every text elided, as the engine does for big episodes
  const previewOf = (full: EpisodeDetail): EpisodePreview => {
    const { raw: _raw, ...detail } = full
    if (!full.id.startsWith('cut:')) return { ...detail, complete: true }
    const turns = detail.turns.map((t) => ({
      ...t,
      text: t.text.slice(0, 3),
      elided: { text: { chars: t.text.length, lines: 1 } }
    }))
    return { ...detail, turns, complete: false }
  }
  const api: FakeApi = {
    queries,
    groupQueries,
    appInfo: vi.fn(async () => ({ version: '9.9.9', mode: 'browser' as const, platform: 'linux' })),
    getWorkspace: vi.fn(async () => ws()),
    addPaths: vi.fn(async (paths: string[]) => ({ ...ws(), roots: ['/data', ...paths] })),
    removeRoot: vi.fn(async () => ({ ...ws(), roots: [] })),
    reindex: vi.fn(async () => ws()),
    cancelIndex: vi.fn(async () => progress({ state: 'cancelled', startedAt: 1, finishedAt: 2 })),
    getProgress: vi.fn(async () => progress()),
    openDemo: vi.fn(async () => ({ ...ws(), roots: ['/demo'] })),
    listRuns: vi.fn(async () => [...summaries.values()]),
    getRun: vi.fn(async (id: string) => summaries.get(id)!),
    setPassThreshold: vi.fn(async (id: string, t: number | null) => {
      const r = { ...summaries.get(id)!, passThreshold: t ?? 0.5, passThresholdIsUser: t !== null }
      summaries.set(id, r)
      return r
    }),
    listEpisodes: vi.fn(async (q: EpisodeQuery) => {
      queries.push(q)
      if (q.filter?.includes('!!')) {
        throw new ApiCallError('bad-request', `filter: unexpected "!!" at 0`, 'listEpisodes')
      }
      const n = runs[q.runId] ?? 0
      const offset = q.offset ?? 0
      if (q.taskKey !== undefined) {
        // one task's rollouts: episodes 2g and 2g + 1
        const g = Number(q.taskKey.slice(1))
        const all = [2 * g, 2 * g + 1].filter((i) => i < n).map((i) => episode(q.runId, i))
        return { items: all.slice(offset, offset + (q.limit ?? 100)), total: all.length, offset }
      }
      if (q.runIds?.length) {
        // a table over several runs: their episodes one run after the other
        const all = [q.runId, ...q.runIds].flatMap((id) =>
          Array.from({ length: runs[id] ?? 0 }, (_, i) => episode(id, i))
        )
        return { items: all.slice(offset, offset + (q.limit ?? 100)), total: all.length, offset }
      }
      const end = Math.min(n, offset + (q.limit ?? 100))
      const items: EpisodeSummary[] = []
      for (let i = offset; i < end; i++) items.push(episode(q.runId, q.desc ? n - 1 - i : i))
      return { items, total: n, offset }
    }),
    listTaskGroups: vi.fn(async (q: EpisodeQuery) => {
      groupQueries.push(q)
      if (q.filter?.includes('!!')) {
        throw new ApiCallError('bad-request', `filter: unexpected "!!" at 0`, 'listTaskGroups')
      }
      const n = runs[q.runId] ?? 0
      const groups = Math.ceil(n / 2)
      const offset = q.offset ?? 0
      const items: TaskGroupSummary[] = []
      for (let g = offset; g < Math.min(groups, offset + (q.limit ?? 100)); g++) items.push(taskGroup(q.runId, g, n))
      // tasks of two rollouts each, the last one short of one when n is odd (episodes 2g and 2g + 1)
      return { items, total: groups, offset, rollouts: n }
    }),
    // each task's rollouts: episodes 2g and 2g + 1 of the run (as listEpisodes with a taskKey gives them)
    groupRollouts: vi.fn(async (q: GroupRolloutsQuery): Promise<TaskRollouts[]> => {
      const n = runs[q.runId] ?? 0
      return q.taskKeys.map((taskKey) => {
        const g = Number(taskKey.slice(1))
        let all = [2 * g, 2 * g + 1].filter((i) => i < n).map((i) => episode(q.runId, i))
        if (q.sort === 'reward') all = [...all].sort((a, b) => (a.reward ?? -1) - (b.reward ?? -1))
        if (q.desc) all = [...all].reverse()
        const cells = all.map((e) => ({ id: e.id, rollout: e.rollout, reward: e.reward, passed: e.passed }))
        return { taskKey, total: all.length, rollouts: cells.slice(0, q.perTask ?? 64) }
      })
    }),
    getEpisode: vi.fn(async (id: string): Promise<EpisodeDetail> => detailOf(id)),
    // built on getEpisode, so its mocks (failures, call counts) apply to the viewer's path too
    getEpisodePreview: vi.fn(async (id: string) => previewOf(await api.getEpisode(id))),
    getEpisodeHead: vi.fn(async (id: string, from: number, n: number) => {
      // not through getEpisode / getEpisodePreview, whose mocks (failures, call counts) are the viewer's
      const d = previewOf(detailOf(id))
      const start = Math.max(
        0,
        d.turns.findIndex((t) => t.index >= from)
      )
      const turns = d.turns.slice(start, start + n)
      const userPromptBefore = d.turns.slice(0, start).some((t) => t.isPrompt && t.role === 'user')
      // read from the start of its record, as the engine's fast path says: 10 MB for the big episodes (runs "long"
      // and "cut"), a few KB for the others
      const recordBytes = /^(long|cut):/.test(id) ? 10_000_000 : 4_000
      return {
        id: d.id,
        runId: d.runId,
        runName: d.runName,
        turnCount: d.turns.length,
        turns,
        userPromptBefore,
        recordBytes
      }
    }),
    getEpisodeTurns: vi.fn(async (id: string) => (await api.getEpisode(id)).turns),
    getEpisodeRaw: vi.fn(async (id: string) => (await api.getEpisode(id)).raw),
    planExport: vi.fn(async () => ({
      fileName: 'rollscope-a-jsonl.jsonl',
      contentType: 'application/x-ndjson; charset=utf-8',
      title: 'Export jsonl',
      summary: null
    })),
    previewExport: vi.fn(async (r: EpisodesExportRequest): Promise<ExportPreview> => ({
      format: r.format,
      selected: 4,
      scanned: 4,
      complete: true,
      willWrite: r.format === 'sft' ? 3 : 4,
      endings: { tool: r.format === 'sft' ? 1 : 0, empty: 0, other: 0 },
      trimmed: r.format === 'sft' && r.sftEnding !== 'drop' && r.sftEnding !== 'keep' ? 1 : 0,
      skipped: { notPassed: 0, noVerdict: 0, labelled: 0, noAssistant: 1, ending: 0, notReadWhole: 0 },
      preference: r.format === 'preference' ? { pairs: 1, skippedBy: { tie: 2 } } : null
    })),
    compareRuns: vi.fn(async (a: string, b: string, options?: CompareOptions) => fakeCompareReport(a, b, options)),
    compareSeries: vi.fn(async (ids: string[], options?: SeriesOptions) => fakeSeriesReport(ids, options)),
    compareReportHtml: vi.fn(async (a: string, b: string) => fakeCompareHtml(a, b)),
    compareMany: vi.fn(async (ids: string[], options?: MultiCompareOptions) => fakeManyReport(ids, options)),
    breakdownRun: vi.fn(async (id: string, fields: string[]) => fakeBreakdown(id, fields)),
    trainingCurve: vi.fn(async (id: string) => fakeCurve(id)),
    search: vi.fn(fakeSearch()),
    ...fakeLabelsApi()
  }
  return api
}

const FAKE_TURN_TEXTS = ['find the needle?', 'a needle here', 'nothing', 'still nothing', 'needle and NEEDLE', 'done']

/** Lets pending promise callbacks run. */
export const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0))
