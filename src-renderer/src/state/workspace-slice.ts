import type { AppInfo, TraceApi } from '@contract/api'
import type { IndexProgress, Workspace } from '@contract/model'
import { newerProgress } from './progress'
import type { SliceCreator } from './types'

/** The workspace (roots, per-file status), indexing progress and app info. */
export interface WorkspaceSlice {
  appInfo: AppInfo | null
  workspace: Workspace | null
  progress: IndexProgress | null
  /** An add / remove / reindex / demo call is in flight. */
  workspaceBusy: boolean
  loadAppInfo(): Promise<void>
  loadWorkspace(): Promise<void>
  /** Asks for the current progress (a job may already be running when the window opens). */
  loadProgress(): Promise<void>
  /** Adds files or folders; resolves true when the engine accepted them. */
  addPaths(paths: string[]): Promise<boolean>
  removeRoot(path: string): Promise<void>
  reindex(force?: boolean): Promise<void>
  cancelIndex(): Promise<void>
  openDemo(): Promise<void>
  applyProgress(progress: IndexProgress): void
}

/** Whether the demo workspace is open (its folder is one of the roots): then it is not offered again. */
export function demoIsOpen(workspace: Workspace | null): boolean {
  return !!workspace?.demoPath && workspace.roots.includes(workspace.demoPath)
}

/** Creates the workspace slice over `api`. */
export const createWorkspaceSlice =
  (api: TraceApi): SliceCreator<WorkspaceSlice> =>
  (set, get) => {
    const setWorkspace = (workspace: Workspace): void =>
      set({ workspace, progress: newerProgress(get().progress, workspace.progress) })

    /** Runs a workspace-changing call; the runs list follows because new roots may hold runs already indexed. */
    const mutate = async (what: string, call: () => Promise<Workspace>): Promise<boolean> => {
      set({ workspaceBusy: true })
      try {
        setWorkspace(await call())
        void get().loadRuns()
        // "Could not add: not found …" stayed on screen after the next add worked
        get().dismissErrorsOf(what)
        return true
      } catch (err) {
        get().pushError(err, what)
        return false
      } finally {
        set({ workspaceBusy: false })
      }
    }

    return {
      appInfo: null,
      workspace: null,
      progress: null,
      workspaceBusy: false,
      loadAppInfo: async () => {
        try {
          set({ appInfo: await api.appInfo() })
        } catch (err) {
          get().pushError(err, 'Could not reach the engine')
        }
      },
      loadWorkspace: async () => {
        try {
          setWorkspace(await api.getWorkspace())
        } catch (err) {
          get().pushError(err, 'Could not load the workspace')
        }
      },
      loadProgress: async () => {
        try {
          get().applyProgress(await api.getProgress())
        } catch (err) {
          get().pushError(err, 'Could not read the indexing progress')
        }
      },
      addPaths: async (paths) => {
        const clean = paths.map((p) => p.trim()).filter((p) => p !== '')
        if (clean.length === 0) return false
        return mutate('Could not add', () => api.addPaths(clean))
      },
      removeRoot: async (path) => {
        await mutate('Could not remove', () => api.removeRoot(path))
      },
      reindex: async (force = false) => {
        await mutate('Could not reindex', () => api.reindex({ force }))
      },
      cancelIndex: async () => {
        try {
          get().applyProgress(await api.cancelIndex())
        } catch (err) {
          get().pushError(err, 'Could not cancel')
        }
      },
      openDemo: async () => {
        await mutate('Could not open the demo workspace', () => api.openDemo())
      },
      applyProgress: (progress) => set({ progress: newerProgress(get().progress, progress) })
    }
  }
