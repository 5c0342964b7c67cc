import { watch, type FSWatcher } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { statSync } from 'node:fs'

/**
 * Watches workspace roots (live tail): appended lines of a running eval, new trajectory files,
 * deleted files. Changed paths are collected and handed over in one batch after a short quiet
 * period, so a burst of writes becomes one index job (the job reads only what changed).
 */
export interface RootWatcher {
  /** Starts or stops watching so that exactly these roots are watched. */
  setRoots(roots: string[]): void
  close(): void
}

export function createRootWatcher(onChanged: (paths: string[]) => void, debounceMs = 300): RootWatcher {
  const watchers = new Map<string, FSWatcher>()
  let pending = new Set<string>()
  let timer: NodeJS.Timeout | null = null

  const flush = (): void => {
    timer = null
    const paths = [...pending]
    pending = new Set()
    if (paths.length) onChanged(paths)
  }
  const note = (path: string): void => {
    pending.add(path)
    if (!timer) timer = setTimeout(flush, debounceMs)
  }

  const start = (root: string): FSWatcher | null => {
    try {
      const isDir = statSync(root).isDirectory()
      // A file root is watched through its folder (editors and writers often replace the file).
      const target = isDir ? root : dirname(root)
      const w = watch(target, { recursive: isDir, persistent: false }, (_event, name) => {
        if (!name) return note(root)
        const path = join(target, name.toString())
        if (isDir || resolve(path) === root) note(path)
      })
      w.on('error', () => {
        // the root vanished or became unreadable: the next reindex reports it; stop watching it
        w.close()
        watchers.delete(root)
      })
      return w
    } catch {
      return null // not there (yet): nothing to watch
    }
  }

  return {
    setRoots(roots) {
      const wanted = new Set(roots.map((r) => resolve(r)))
      for (const [root, w] of watchers) {
        if (!wanted.has(root)) {
          w.close()
          watchers.delete(root)
        }
      }
      for (const root of wanted) {
        if (watchers.has(root)) continue
        const w = start(root)
        if (w) watchers.set(root, w)
      }
    },
    close() {
      if (timer) clearTimeout(timer)
      for (const w of watchers.values()) w.close()
      watchers.clear()
    }
  }
}
