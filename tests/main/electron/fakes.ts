/** Hand-made Electron fakes (window, web contents, session, app, ...) shared by the tests of src-main/electron. */
import { idleProgress } from '@contract/progress'
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'
import type { TraceApi } from '@contract/api'
import type { ExportPlan } from '@contract/export'
import type { IndexProgress, Workspace } from '@contract/model'
import { fakeLabelsApi } from '../../helpers/fake-labels'
import { fakeSearch } from '../../helpers/fake-search'

/** A WebContents with the parts our code touches; events are emitted by the tests. */
export class FakeWebContents extends EventEmitter {
  static nextId = 1
  id = FakeWebContents.nextId++
  url = ''
  openHandler: ((details: { url: string }) => { action: string }) | null = null
  send = vi.fn()
  getURL(): string {
    return this.url
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler
  }
}

/** A BrowserWindow; every instance is recorded in FakeWindow.instances. */
export class FakeWindow extends EventEmitter {
  static instances: FakeWindow[] = []
  webContents = new FakeWebContents()
  destroyed = false
  minimized = false
  show = vi.fn()
  focus = vi.fn()
  restore = vi.fn()
  setBackgroundColor = vi.fn()
  setProgressBar = vi.fn()
  loadURL = vi.fn(async (url: string) => {
    this.webContents.url = url
  })
  loadFile = vi.fn(async (file: string) => {
    this.webContents.url = `file://${file}`
  })
  constructor(public options: Record<string, unknown>) {
    super()
    FakeWindow.instances.push(this)
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isMinimized(): boolean {
    return this.minimized
  }
}

/** A Session recording the handlers our code installs. */
export function makeFakeSession() {
  const s = {
    permissionRequest: null as
      null | ((wc: unknown, permission: string, cb: (granted: boolean) => void, details: unknown) => void),
    permissionCheck: null as null | ((...a: unknown[]) => boolean),
    headersListener: null as
      null | ((details: Record<string, unknown>, cb: (r: Record<string, unknown>) => void) => void),
    setPermissionRequestHandler: vi.fn((h) => {
      s.permissionRequest = h
    }),
    setPermissionCheckHandler: vi.fn((h) => {
      s.permissionCheck = h
    }),
    webRequest: {
      onHeadersReceived: vi.fn((h) => {
        s.headersListener = h
      })
    }
  }
  return s
}

/** nativeTheme with a switchable dark flag. */
export function makeFakeTheme(dark = false) {
  const emitter = new EventEmitter()
  return {
    shouldUseDarkColors: dark,
    on: vi.fn((name: string, fn: () => void) => emitter.on(name, fn)),
    off: vi.fn((name: string, fn: () => void) => emitter.off(name, fn)),
    emit: (name: string) => emitter.emit(name),
    listenerCount: (name: string) => emitter.listenerCount(name)
  }
}

/** An idle IndexProgress with `over` applied. */
export const progress = (over: Partial<IndexProgress> = {}): IndexProgress => idleProgress(over)

/** A Workspace with the given roots. */
export function workspace(roots: string[] = []): Workspace {
  return { roots, sources: [], progress: progress(), dbPath: '/tmp/x.db', demoPath: null }
}

/** A TraceApi whose every method is a spy with a plausible answer. */
export function makeFakeApi(roots: string[] = []) {
  return {
    appInfo: vi.fn(async () => ({ version: '1.2.3', mode: 'desktop' as const, platform: 'linux' })),
    getWorkspace: vi.fn(async () => workspace(roots)),
    addPaths: vi.fn(async (paths: string[]) => workspace(paths)),
    removeRoot: vi.fn(async () => workspace()),
    reindex: vi.fn(async () => workspace(roots)),
    cancelIndex: vi.fn(async () => progress()),
    getProgress: vi.fn(async () => progress()),
    openDemo: vi.fn(async () => workspace(['/demo'])),
    listRuns: vi.fn(async () => []),
    getRun: vi.fn(async () => {
      throw new Error('not used')
    }),
    setPassThreshold: vi.fn(async () => {
      throw new Error('not used')
    }),
    listEpisodes: vi.fn(async () => ({ items: [], total: 0, offset: 0 })),
    listTaskGroups: vi.fn(async () => ({ items: [], total: 0, offset: 0, rollouts: 0 })),
    groupRollouts: vi.fn(async () => []),
    getEpisode: vi.fn(async () => {
      throw new Error('not used')
    }),
    getEpisodePreview: vi.fn(async () => {
      throw new Error('not used')
    }),
    getEpisodeHead: vi.fn(async () => {
      throw new Error('not used')
    }),
    getEpisodeTurns: vi.fn(async () => []),
    getEpisodeRaw: vi.fn(async () => ''),
    planExport: vi.fn(async (): Promise<ExportPlan> => ({
      fileName: 'rollscope-run-jsonl.jsonl',
      contentType: 'application/x-ndjson; charset=utf-8',
      title: 'Export jsonl',
      summary: null
    })),
    previewExport: vi.fn(async () => {
      throw new Error('not used')
    }),
    compareRuns: vi.fn(async () => {
      throw new Error('not used')
    }),
    compareSeries: vi.fn(async () => {
      throw new Error('not used')
    }),
    compareReportHtml: vi.fn(async () => ''),
    compareMany: vi.fn(async () => {
      throw new Error('not used')
    }),
    breakdownRun: vi.fn(async () => {
      throw new Error('not used')
    }),
    trainingCurve: vi.fn(async () => {
      throw new Error('not used')
    }),
    search: vi.fn(fakeSearch()),
    ...fakeLabelsApi()
  } satisfies TraceApi
}

/** Lets pending promise callbacks (and one macrotask turn) run. */
export const flush = (): Promise<void> => new Promise((r) => setImmediate(r))
