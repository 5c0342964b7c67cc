import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Db } from '../db/open-db'
import { isFormatFile } from '../formats/companions'
import { walkChanged, type WalkResult } from './walk'
import { rootHolding } from './path-under'

/**
 * The files behind a list of changed paths (from the watcher), attributed to the workspace root
 * that holds each one, and named as a walk of that root names them (walk.ts RootPlace). Paths under no root are
 * ignored; paths that no longer exist are returned as `missing` so their sources can be forgotten.
 */
export function walkPaths(db: Db, paths: string[]): WalkResult & { missing: string[] } {
  const roots = (db.prepare('SELECT path FROM roots').raw().all() as [string][]).map((r) => r[0])
  const missing: string[] = []
  const changes: { path: string; root: string; explicit: boolean }[] = []
  for (const raw of paths) {
    const path = resolve(raw)
    const root = rootHolding(roots, path)
    if (!root) continue
    if (!existsSync(path)) {
      missing.push(path)
      continue
    }
    // A root that is a file is always read; a file inside a folder root only with a trace extension.
    if (path !== root && statSync(path).isFile() && !isFormatFile(path)) continue
    changes.push({ path, root, explicit: path === root })
  }
  const walk = walkChanged(changes)
  const seen = new Set<string>()
  const files = walk.files.filter((f) => !seen.has(f.path) && seen.add(f.path))
  return { files, problems: walk.problems, missing }
}
