import { readdirSync, realpathSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { isFormatFile } from '../formats/companions'
import { describeFsError } from '../formats/readers/fs-error'
import { naturalCompare } from './natural-order'
import { notARegularFile } from './not-a-file'

/** A file found under a root, with the identity used to skip unchanged files. */
export interface FoundFile {
  path: string
  root: string
  size: number
  mtimeMs: number
}

export interface WalkResult {
  files: FoundFile[]
  /**
   * Unreadable folders, vanished files, symlink loops: reported, never fatal. `harmless`: nothing is left unread
   * because of it (a loop leads to a folder the walk reads anyway; a named pipe in a folder is no file to read), so
   * the index does not count it as failed.
   */
  problems: { path: string; message: string; harmless?: true }[]
}

/** Folders a walk does not enter (tools' and VCS folders), nor the watcher (services/watcher.ts). */
export const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn', '__pycache__', '.venv'])

/**
 * A workspace root and where it really is: every file is named by its real place, seen from the root
 * (`<root>/<real path below the root's real folder>`), or by its real path when a symlink leads out of the root.
 * A file reached through a symlinked folder (`latest -> run_a`) is thus stored as `run_a/…` whichever way the walk
 * came to it, and re-pointing the link (`latest -> run_b`) names other files, never moves run_a's episodes, labels
 * and notes onto run_b's (issue 17 item 2). Paths without symlinks below the root are unchanged by this.
 */
class RootPlace {
  readonly real: string
  constructor(readonly root: string) {
    let real = root
    try {
      real = realpathSync(root)
    } catch {
      // not there: the walk reports it
    }
    this.real = real
  }
  /** The name of a real path as seen from the root. */
  nameOf(realPath: string): string {
    if (realPath === this.real) return this.root
    const below = this.real.endsWith(sep) ? this.real : this.real + sep
    return realPath.startsWith(below) ? join(this.root, realPath.slice(below.length)) : realPath
  }
  /** The name of any path under the root (symlinks on the way resolved), or null when it is not there. */
  canonical(path: string): string | null {
    try {
      return this.nameOf(realpathSync(path))
    } catch {
      return null
    }
  }
}

/**
 * Walks folders recursively (synchronous: it runs on the indexer worker thread), following symlinks. Each real
 * folder is read once: a symlinked folder beside its target is the same folder, not a loop. Only a symlink to a
 * folder that encloses it (a real cycle) is reported, and not followed.
 */
class Walker {
  readonly files: FoundFile[] = []
  readonly problems: WalkResult['problems'] = []
  readonly #seenDirs = new Set<string>()
  readonly #seenFiles = new Set<string>()

  constructor(private readonly isCancelled: () => boolean) {}

  addFile(path: string, root: string, explicit: boolean): void {
    if (!explicit && !isFormatFile(path)) return // inside a folder: a format's extension or a companion's name
    if (this.#seenFiles.has(path)) return
    try {
      const st = statSync(path)
      if (!st.isFile()) {
        // named on its own (`rollscope index pipe.jsonl`): said why it is not read, rather than "no trace files";
        // inside a folder, a pipe or device with a trace's name is said too, but fails nothing (nothing could be read)
        if (explicit) this.problems.push({ path, message: notARegularFile(st) })
        else this.problems.push({ path, message: notARegularFile(st), harmless: true })
        return
      }
      this.#seenFiles.add(path)
      this.files.push({ path, root, size: st.size, mtimeMs: st.mtimeMs })
    } catch (err) {
      this.problems.push({ path, message: describeFsError(err) })
    }
  }

  /** Walks the folder named `path` whose real place is `real`; `enclosing` are the real folders above it. */
  walkDir(path: string, real: string, place: RootPlace, enclosing: ReadonlySet<string>): void {
    if (this.isCancelled()) return
    if (this.#seenDirs.has(real)) return // reached twice (a symlink beside its target): read once
    this.#seenDirs.add(real)
    let entries
    try {
      entries = readdirSync(real, { withFileTypes: true })
    } catch (err) {
      this.problems.push({ path, message: describeFsError(err) })
      return
    }
    entries.sort((a, b) => naturalCompare(a.name, b.name))
    const inside = new Set(enclosing).add(real)
    for (const e of entries) {
      if (SKIPPED_DIRS.has(e.name) && !e.isFile()) continue
      const p = join(path, e.name)
      const rp = join(real, e.name)
      if (e.isDirectory()) this.walkDir(p, rp, place, inside)
      else if (e.isSymbolicLink()) this.followLink(p, rp, place, inside)
      // a file, or a named pipe, socket or device: addFile reads the one, says why not the others
      else this.addFile(p, place.root, false)
    }
  }

  followLink(path: string, real: string, place: RootPlace, enclosing: ReadonlySet<string>): void {
    let target: string
    let st
    try {
      target = realpathSync(real)
      st = statSync(target)
    } catch (err) {
      // links that lead to each other (a -> b -> a) lead nowhere: nothing is left unread
      if ((err as NodeJS.ErrnoException).code === 'ELOOP')
        this.problems.push({
          path,
          message: 'symlink loop: the links lead to each other, never to a file or folder',
          harmless: true
        })
      else this.problems.push({ path, message: `broken symlink: ${describeFsError(err)}` })
      return
    }
    if (st.isDirectory()) {
      if (enclosing.has(target)) {
        this.problems.push({
          path,
          message: `symlink loop: it points to ${place.nameOf(target)}, a folder that holds it; not followed`,
          harmless: true
        })
        return
      }
      this.walkDir(place.nameOf(target), target, place, enclosing)
    } else this.addFile(place.nameOf(target), place.root, false)
  }

  /** Walks `path` (a root, or a changed path inside root `place`), attributing what it finds to `place.root`. */
  walk(path: string, place: RootPlace, explicit: boolean): void {
    let st
    try {
      st = statSync(path)
    } catch (err) {
      this.problems.push({ path, message: describeFsError(err) })
      return
    }
    const name = place.canonical(path) ?? path
    if (st.isDirectory()) {
      let real = path
      try {
        real = realpathSync(path)
      } catch (err) {
        this.problems.push({ path, message: describeFsError(err) })
        return
      }
      this.walkDir(name, real, place, new Set())
    } else this.addFile(name, place.root, explicit)
  }
}

/** Walks roots recursively. A root that is a file is always read; files in folders only with a format's name. */
export function walkRoots(roots: string[], isCancelled: () => boolean = () => false): WalkResult {
  const walker = new Walker(isCancelled)
  for (const r of roots) {
    const root = resolve(r)
    walker.walk(root, new RootPlace(root), true)
  }
  return { files: walker.files, problems: walker.problems }
}

/**
 * Walks paths that changed inside workspace roots (from the watcher), each named as a walk of its root would name
 * it. `explicit`: a file is read whatever its extension (a root that is a file).
 */
export function walkChanged(changes: { path: string; root: string; explicit: boolean }[]): WalkResult {
  const walker = new Walker(() => false)
  const places = new Map<string, RootPlace>()
  for (const c of changes) {
    let place = places.get(c.root)
    if (!place) places.set(c.root, (place = new RootPlace(c.root)))
    walker.walk(c.path, place, c.explicit)
  }
  return { files: walker.files, problems: walker.problems }
}

/** The name a walk of `root` gives `path` (symlinks below the root resolved), or `path` when it is not there. */
export function canonicalUnder(root: string, path: string): string {
  return new RootPlace(root).canonical(path) ?? path
}
