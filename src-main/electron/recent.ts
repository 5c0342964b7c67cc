/**
 * The "Open Recent" list: most recent first, persisted as a JSON array in userData.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** How many entries the list keeps. */
export const RECENT_MAX = 10

/** Reads the list; a missing, unreadable or corrupt file yields [] (or the valid entries it still holds). */
export async function loadRecent(file: string, max = RECENT_MAX): Promise<string[]> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(file, 'utf8'))
  } catch {
    return []
  }
  if (!Array.isArray(data)) return []
  const valid = data.filter((p): p is string => typeof p === 'string' && p.length > 0 && p.length <= 4096)
  return [...new Set(valid)].slice(0, max)
}

/** Writes the list through a temp file and a rename, so a crash never leaves half a file. */
export async function saveRecent(file: string, list: readonly string[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify(list, null, 2) + '\n', 'utf8')
  await rename(tmp, file)
}

/** `paths` (in their order) moved to the front of `list`, deduplicated and capped. */
export function pushRecent(list: readonly string[], paths: readonly string[], max = RECENT_MAX): string[] {
  const fresh = [...new Set(paths)]
  return [...fresh, ...list.filter((p) => !fresh.includes(p))].slice(0, max)
}

/** In-memory recent list that saves itself after each change. */
export interface RecentStore {
  items(): readonly string[]
  add(paths: readonly string[]): void
  clear(): void
  /** Resolves once every pending write has reached the disk (tests, shutdown). */
  flush(): Promise<void>
}

/** Loads `file` and returns a store; `onChange` runs after every change (e.g. to rebuild the menu). */
export async function createRecentStore(
  file: string,
  onChange: (items: readonly string[]) => void = () => {},
  max = RECENT_MAX
): Promise<RecentStore> {
  let items = await loadRecent(file, max)
  // Writes are chained so an older list can never overwrite a newer one.
  let writing: Promise<void> = Promise.resolve()
  const commit = (next: string[]): void => {
    items = next
    writing = writing
      .then(() => saveRecent(file, next))
      .catch((err: unknown) => {
        console.error('rollscope: could not save the recent list:', err)
      })
    onChange(items)
  }
  return {
    items: () => items,
    add: (paths) => {
      if (paths.length) commit(pushRecent(items, paths, max))
    },
    clear: () => commit([]),
    flush: () => writing
  }
}
