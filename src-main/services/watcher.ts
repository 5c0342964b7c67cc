import { readdirSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { SKIPPED_DIRS } from '../indexer/walk'

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

/** A root's watch; `closed` once the root vanished. */
interface Watch {
  close(): void
  closed(): boolean
}

/**
 * Folders watched per root, at most. One inotify watch each (not one per file, as chokidar and Node's own recursive
 * watch on Linux keep): a training run's tree of step folders stays far below the system's limit, and a tree beyond
 * this is still indexed, its deeper changes seen at the next Reindex.
 */
const MAX_FOLDERS = 20_000

export function createRootWatcher(onChanged: (paths: string[]) => void, debounceMs = 300): RootWatcher {
  const watchers = new Map<string, Watch>()
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

  const start = (root: string): Watch | null => {
    let isDir: boolean
    try {
      isDir = statSync(root).isDirectory()
    } catch {
      return null // not there (yet): nothing to watch
    }
    if (isDir) return new FolderTree(root, note)
    // A file root is watched through its folder (editors and writers often replace the file).
    try {
      let closed = false
      const w = watch(dirname(root), { persistent: false }, (_event, name) => {
        if (!name || resolve(dirname(root), name.toString()) === root) note(root)
      })
      const close = (): void => {
        closed = true
        w.close()
      }
      w.on('error', close)
      return { close, closed: () => closed }
    } catch {
      return null
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
        // a root that vanished stopped its watch: it is watched again if it is back
        if (watchers.get(root)?.closed() === false) continue
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

const exists = (path: string): boolean => {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}

/**
 * Every folder of a root, each watched on its own (not recursively). Node's recursive watch on Linux watches each
 * file: a file replaced by a rename (a trainer writing a temp file, then moving it over: an atomic write) kept the old
 * file's watch, and its later appends and its deletion went unseen until a Reindex. A folder's watch reports any entry
 * created, written, renamed or deleted in it, whichever file holds the name. New folders are watched as they appear;
 * a folder deleted drops its watches. A symlinked folder is watched at its real place and reported under its link's
 * name (as the walk names what it finds through it); one real folder is watched once.
 */
class FolderTree implements Watch {
  /** Watched folders by the name the root gives them, and the real folder each watches. */
  private readonly folders = new Map<string, { watcher: FSWatcher; real: string }>()
  private readonly reals = new Set<string>()
  private isClosed = false

  constructor(
    private readonly root: string,
    private readonly note: (path: string) => void
  ) {
    // at once, folders below included (synchronously: a folder made right after the start, before an asynchronous
    // walk reached its parent, went unseen; walking the folders of a root is a few ms where indexing it took seconds)
    if (this.watchFolder(root, root)) this.readBelow(root, root)
  }

  closed(): boolean {
    return this.isClosed
  }

  close(): void {
    this.isClosed = true
    for (const f of this.folders.values()) f.watcher.close()
    this.folders.clear()
    this.reals.clear()
  }

  /** Watches one folder; false when it cannot (gone, unreadable, already watched, or the cap reached). */
  private watchFolder(name: string, real: string): boolean {
    if (this.isClosed || this.folders.has(name) || this.reals.has(real) || this.folders.size >= MAX_FOLDERS)
      return false
    let watcher: FSWatcher
    try {
      watcher = watch(real, { persistent: false }, (event, entry) => {
        if (!entry) return this.note(name)
        const path = join(name, entry.toString())
        this.note(path)
        // a name that appeared or went: a new folder to watch, or a folder (and what is below it) to drop
        if (event === 'rename') this.followRename(path, name, real)
      })
    } catch {
      return false
    }
    watcher.on('error', () => this.drop(name))
    this.folders.set(name, { watcher, real })
    this.reals.add(real)
    return true
  }

  /** Watches the folders below `name` (whose real place is `real`), depth first. */
  private readBelow(name: string, real: string): void {
    let entries
    try {
      entries = readdirSync(real, { withFileTypes: true })
    } catch {
      return // gone or unreadable: the index reports it
    }
    for (const e of entries) {
      if (this.isClosed) return
      if (SKIPPED_DIRS.has(e.name)) continue
      const childName = join(name, e.name)
      if (e.isDirectory()) {
        const childReal = join(real, e.name)
        if (this.watchFolder(childName, childReal)) this.readBelow(childName, childReal)
      } else if (e.isSymbolicLink()) this.followLink(childName)
    }
  }

  /** A symlink to a folder: its real folder, unless that holds the link (a loop) or is watched already. */
  private followLink(name: string): void {
    try {
      const real = realpathSync(name)
      if (!statSync(real).isDirectory()) return
      const linkFolder = realpathSync(dirname(name))
      if (linkFolder === real || linkFolder.startsWith(real + sep)) return
      if (this.watchFolder(name, real)) this.readBelow(name, real)
    } catch {
      // broken: nothing to watch
    }
  }

  /** A rename event for `path` in folder `folder`: a folder that appeared, or something (maybe the folder) gone. */
  private followRename(path: string, folder: string, folderReal: string): void {
    let isDir = false
    try {
      isDir = statSync(path).isDirectory()
    } catch {
      this.drop(path) // gone: it and every folder below it
      // the watched folder itself deleted (Linux names the folder's own name, or its entry): drop it too
      if (!exists(folderReal)) this.drop(folder)
      return
    }
    if (!isDir || this.folders.has(path)) return
    // files written into the new folder before its watch began: the index walks the folder (its path was noted)
    try {
      const real = realpathSync(path)
      if (this.watchFolder(path, real)) this.readBelow(path, real)
    } catch {
      // gone again
    }
  }

  /** Stops watching `name` and the folders below it (deleted or moved away). */
  private drop(name: string): void {
    for (const [folder, f] of this.folders) {
      if (folder === name || folder.startsWith(name + sep)) {
        f.watcher.close()
        this.folders.delete(folder)
        this.reals.delete(f.real)
      }
    }
    if (name === this.root) this.close()
  }
}
