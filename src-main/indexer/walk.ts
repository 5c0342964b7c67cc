import { readdirSync, realpathSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
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
  /** Unreadable folders, vanished files, symlink loops: reported, never fatal. */
  problems: { path: string; message: string }[]
}

const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn', '__pycache__', '.venv'])

/**
 * Walks roots recursively (synchronous: it runs on the indexer worker thread).
 * Follows symlinks but visits each real folder once, so symlink loops end.
 */
export function walkRoots(roots: string[], isCancelled: () => boolean = () => false): WalkResult {
  const files: FoundFile[] = []
  const problems: WalkResult['problems'] = []
  const seenDirs = new Set<string>()
  const seenFiles = new Set<string>()

  const addFile = (path: string, root: string, explicit: boolean): void => {
    if (!explicit && !isFormatFile(path)) return // inside a folder: a format's extension or a companion's name
    try {
      const st = statSync(path)
      if (!st.isFile()) {
        // named on its own (`rollscope index pipe.jsonl`): said why it is not read, rather than "no trace files"
        if (explicit) problems.push({ path, message: notARegularFile(st) })
        return
      }
      if (seenFiles.has(path)) return
      seenFiles.add(path)
      files.push({ path, root, size: st.size, mtimeMs: st.mtimeMs })
    } catch (err) {
      problems.push({ path, message: describeFsError(err) })
    }
  }

  const walkDir = (dir: string, root: string, depth: number): void => {
    if (isCancelled()) return
    let real: string
    try {
      real = realpathSync(dir)
    } catch (err) {
      problems.push({ path: dir, message: describeFsError(err) })
      return
    }
    if (seenDirs.has(real)) {
      if (depth > 0) problems.push({ path: dir, message: 'symlink loop or repeated folder: visited once' })
      return
    }
    seenDirs.add(real)
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (err) {
      problems.push({ path: dir, message: describeFsError(err) })
      return
    }
    entries.sort((a, b) => naturalCompare(a.name, b.name))
    for (const e of entries) {
      const p = join(dir, e.name)
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) walkDir(p, root, depth + 1)
      } else if (e.isFile()) {
        addFile(p, root, false)
      } else if (e.isSymbolicLink()) {
        try {
          const st = statSync(p)
          if (st.isDirectory()) walkDir(p, root, depth + 1)
          else if (st.isFile()) addFile(p, root, false)
        } catch (err) {
          problems.push({ path: p, message: `broken symlink: ${describeFsError(err)}` })
        }
      }
    }
  }

  for (const r of roots) {
    const root = resolve(r)
    let st
    try {
      st = statSync(root)
    } catch (err) {
      problems.push({ path: root, message: describeFsError(err) })
      continue
    }
    if (st.isDirectory()) walkDir(root, root, 0)
    else addFile(root, root, true)
  }
  return { files, problems }
}
