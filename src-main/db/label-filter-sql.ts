/**
 * Filter-expression fields over the labels (`label == "loop"`, `turn_label in ["loop"]`, `has_note`), as SQL on the
 * index connection, where the labels file is attached (labels/labels-db.ts attachLabels).
 *
 * Why a correlated EXISTS on the attached file rather than resolving labels to episode ids first: the result is
 * always current (a label just added filters at once, no cache to invalidate), it composes with every other
 * condition (`label == "loop" and reward > 0`, `not label == "loop"`) in one statement, and it needs no parameter
 * list that grows with the number of labelled episodes. Each test is a primary-key prefix lookup in the labels
 * table (source_path, task_key, rollout, turn), so its cost per episode is one small index probe.
 */
import type { FilterColumn, FilterSet } from './filter-expr'

/** Schema name under which the labels database is attached to the index connection (labels/labels-db.ts). */
export const LABELS_SCHEMA = 'labels'

/**
 * The fingerprints of a label or note `l` and of what episode `e` holds now: the same content (or one of them
 * unknown: made or indexed before fingerprints), or other content (the file was rewritten since it was labelled:
 * such a label filters nothing but `label_changed`; labels/label-store.ts).
 */
const SAME_CONTENT = '(l.fingerprint IS NULL OR e.fingerprint IS NULL OR l.fingerprint = e.fingerprint)'
const OTHER_CONTENT = 'l.fingerprint <> e.fingerprint'

/** SQL matching rows of `labels.<table> l` that belong to episode `e` (through its source file). */
const ofEpisode = (table: string, turns: 'episode' | 'turns' | 'any', content: 'same' | 'other' = 'same'): string => {
  const turn = turns === 'episode' ? ' AND l.turn = -1' : turns === 'turns' ? ' AND l.turn >= 0' : ''
  return `SELECT 1 FROM ${LABELS_SCHEMA}.${table} l WHERE l.source_path = (SELECT path FROM sources WHERE id = e.source_id)
    AND l.task_key = e.task_key AND l.rollout = e.rollout${turn} AND ${content === 'same' ? SAME_CONTENT : OTHER_CONTENT}`
}

const labelSet = (turns: 'episode' | 'turns'): FilterSet => ({
  value: 'l.label',
  exists: (cond) => `EXISTS (${ofEpisode('labels', turns)}${cond ? ` AND ${cond}` : ''})`
})

/** `label`: the episode's own labels; `turn_label`: labels on any of its turns. */
export function labelFilterSets(): Record<string, FilterSet> {
  return { label: labelSet('episode'), turn_label: labelSet('turns') }
}

/**
 * `has_note`: a note on the episode or on one of its turns. `label_changed`: a label or note of the episode or its
 * turns made when it held other content (to check: keep or remove them in the viewer, or `rollscope label --keep`).
 */
export function labelFilterColumns(): Record<string, FilterColumn> {
  return {
    has_note: { sql: `EXISTS (${ofEpisode('notes', 'any')})`, type: 'boolean' },
    label_changed: {
      sql: `(EXISTS (${ofEpisode('labels', 'any', 'other')}) OR EXISTS (${ofEpisode('notes', 'any', 'other')}))`,
      type: 'boolean'
    }
  }
}
