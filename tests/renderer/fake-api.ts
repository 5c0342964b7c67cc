import { idleProgress } from '@contract/progress'
import { vi } from 'vitest'
import { ApiCallError } from '../../src-renderer/src/api/api-error'
import type { TraceApi } from '@contract/api'
import type {
  EpisodeDetail,
  EpisodeQuery,
  EpisodeSummary,
  IndexProgress,
  RunSummary,
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
    meanTurns: null,
    tokensIn: null,
    tokensOut: null,
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
    status: 'ok',
    error: null,
    preview: `question ${i}`,
    answer: null,
    metrics: {},
    info: {},
    tokensIn: null,
    tokensOut: null,
    durationMs: null
  }
}

export interface FakeApi extends TraceApi {
  /** Every listEpisodes query received, in order. */
  queries: EpisodeQuery[]
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
  const api: FakeApi = {
    queries,
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
      const end = Math.min(n, offset + (q.limit ?? 100))
      const items: EpisodeSummary[] = []
      for (let i = offset; i < end; i++) items.push(episode(q.runId, q.desc ? n - 1 - i : i))
      return { items, total: n, offset }
    }),
    getEpisode: vi.fn(async (id: string): Promise<EpisodeDetail> => {
      const [runId, i] = id.split(':')
      const { turns: turnCount, ...summary } = episode(runId, Number(i))
      return {
        ...summary,
        turnCount,
        runName: runId,
        sourcePath: '/x',
        infoFull: {},
        turns: [],
        tools: [],
        raw: '{}',
        related: { sameTask: [], sameTaskInRuns: [] }
      }
    })
  }
  return api
}

/** Lets pending promise callbacks run. */
export const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0))
