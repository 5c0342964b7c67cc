/**
 * The episodes table's view choices (which columns show, grouped by task or not), kept in localStorage so they
 * survive restarts.
 *
 * Keyed per run format (verifiers, inspect, swe-agent…), not per run and not globally: the columns on offer come
 * from what the producer writes (its metric and info names), so choices made for one verifiers run carry over to
 * the next verifiers run, while hiding a column there does not hide it in an Inspect log. Grouping by task follows
 * the same key, since it suits formats with k rollouts per task and not those with one.
 *
 * Only departures from the defaults are stored (`columns[id] = true | false`), so a metric a new run brings shows
 * up by default, and Reset simply forgets the format's column choices. Pure functions over a Storage-like object,
 * so they are tested without a browser.
 */

/** The choices for one run format. */
export interface FormatPrefs {
  /** Column id → shown (true) or hidden (false), only where that differs from the column's default. */
  columns: Record<string, boolean>
  groupByTask: boolean
}

/** Everything stored, by run format. */
export interface EpisodePrefs {
  formats: Record<string, FormatPrefs>
}

/** The localStorage key. The version suffix lets a later shape start afresh instead of misreading this one. */
export const EPISODE_PREFS_KEY = 'rollscope:episodes-table:v1'

/** The few Storage methods used; null when there is no storage (or it refused access). */
export type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'> | null

const EMPTY_FORMAT: FormatPrefs = { columns: {}, groupByTask: false }

export const emptyPrefs = (): EpisodePrefs => ({ formats: {} })

/** The browser's localStorage, or null where reading it throws (storage disabled, opaque origin) or it is absent. */
export function browserStorage(): PrefsStorage {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Reads the stored choices; anything missing, unreadable or malformed counts as "no choices". */
export function loadPrefs(storage: PrefsStorage): EpisodePrefs {
  let raw: string | null = null
  try {
    raw = storage?.getItem(EPISODE_PREFS_KEY) ?? null
  } catch {
    return emptyPrefs()
  }
  if (!raw) return emptyPrefs()
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return emptyPrefs()
  }
  const prefs = emptyPrefs()
  if (!isRecord(parsed) || !isRecord(parsed.formats)) return prefs
  for (const [format, value] of Object.entries(parsed.formats)) {
    if (!isRecord(value)) continue
    const columns: Record<string, boolean> = {}
    if (isRecord(value.columns)) {
      for (const [id, shown] of Object.entries(value.columns)) if (typeof shown === 'boolean') columns[id] = shown
    }
    prefs.formats[format] = { columns, groupByTask: value.groupByTask === true }
  }
  return prefs
}

/** Writes the choices; a full or refusing storage only costs persistence, never the change on screen. */
export function savePrefs(storage: PrefsStorage, prefs: EpisodePrefs): void {
  try {
    storage?.setItem(EPISODE_PREFS_KEY, JSON.stringify(prefs))
  } catch {
    // quota exceeded or storage disabled: the choice still applies until the window closes
  }
}

/** The choices for `format` (defaults when none were made). */
export function prefsFor(prefs: EpisodePrefs, format: string): FormatPrefs {
  return Object.hasOwn(prefs.formats, format) ? prefs.formats[format] : EMPTY_FORMAT
}

/** Whether a column shows under these choices. */
export function isColumnShown(p: FormatPrefs, id: string, shownByDefault: boolean): boolean {
  return Object.hasOwn(p.columns, id) ? p.columns[id] : shownByDefault
}

const withFormat = (prefs: EpisodePrefs, format: string, p: FormatPrefs): EpisodePrefs => ({
  formats: { ...prefs.formats, [format]: p }
})

/** Shows or hides one column; a choice equal to the default is forgotten rather than stored. */
export function withColumnShown(
  prefs: EpisodePrefs,
  format: string,
  id: string,
  shown: boolean,
  shownByDefault: boolean
): EpisodePrefs {
  const cur = prefsFor(prefs, format)
  const columns = { ...cur.columns }
  if (shown === shownByDefault) delete columns[id]
  else columns[id] = shown
  return withFormat(prefs, format, { ...cur, columns })
}

/** Forgets every column choice of `format` (grouping is kept: it has its own toggle). */
export function withColumnsReset(prefs: EpisodePrefs, format: string): EpisodePrefs {
  return withFormat(prefs, format, { ...prefsFor(prefs, format), columns: {} })
}

/** Turns grouping by task on or off for `format`. */
export function withGroupByTask(prefs: EpisodePrefs, format: string, on: boolean): EpisodePrefs {
  return withFormat(prefs, format, { ...prefsFor(prefs, format), groupByTask: on })
}
