import { useEffect, useState, type ReactNode } from 'react'
import type { AnomalyCode, RunSummary } from '@contract/model'
import { ANOMALY_RULES } from '../episodes/anomaly-flags'
import { useApp, useAppStore } from '../../state/store-context'
import { useEpisodeColumns } from '../episodes/use-episode-columns'
import css from './TriageControls.module.css'
import { applySavedView } from './apply-saved-view'
import { triageClause, withTriageClause } from './triage-clauses'

/** A filter expression matching episodes that carry `label` (quotes and backslashes escaped). */
export const labelFilter = (label: string): string => `label == ${JSON.stringify(label)}`

/** The same for a label on any of an episode's turns. */
export const turnLabelFilter = (label: string): string => `turn_label == ${JSON.stringify(label)}`

const isLabelClause = (c: string): boolean => c.startsWith('label ') || c.startsWith('turn_label ')
const isAnomalyClause = (c: string): boolean => c.startsWith('anomaly ')

/** The filter for one anomaly code, or for any (`*`). */
export const anomalyFilter = (code: string): string =>
  code === '*' ? 'anomaly != null' : `anomaly == ${JSON.stringify(code)}`
const ANOMALY_CODES = Object.keys(ANOMALY_RULES) as AnomalyCode[]

/**
 * Episodes-toolbar controls for triage: filter by label, and saved views (apply or delete from one menu, whose
 * two groups keep a slip from deleting; save the current one).
 */
export function TriageControls({ run }: { run: RunSummary }): ReactNode {
  const store = useAppStore()
  const taxonomy = useApp((s) => s.labels.taxonomy)
  const views = useApp((s) => s.labels.views)
  const filter = useApp((s) => s.episodes.query.filter)
  const { shown } = useEpisodeColumns(run)
  const [naming, setNaming] = useState(false)
  const [name, setName] = useState('')

  useEffect(() => {
    const s = store.getState()
    if (!s.labels.taxonomy.length) void s.loadTaxonomy()
    void s.loadViews()
  }, [store])

  // the menus are clauses ANDed onto the typed filter (triage-clauses.ts): each shows its own, read from the filter
  const labelClause = triageClause(filter, isLabelClause)
  const labelOf = taxonomy.flatMap((d) => {
    if (labelFilter(d.name) === labelClause) return [`episode:${d.name}`]
    return turnLabelFilter(d.name) === labelClause ? [`turn:${d.name}`] : []
  })[0]
  const anomalyClause = triageClause(filter, isAnomalyClause)
  const anomalyOf = ['*', ...ANOMALY_CODES].find((c) => anomalyFilter(c) === anomalyClause) ?? ''
  const pickLabel = (value: string): void => {
    const [on, ...name] = value.split(':')
    const label = name.join(':')
    const clause = !value ? null : on === 'turn' ? turnLabelFilter(label) : labelFilter(label)
    store.getState().setEpisodeFilter(withTriageClause(filter, isLabelClause, clause))
  }
  const apply = (id: string): void => {
    const view = views.find((v) => String(v.id) === id)
    if (view) applySavedView(store.getState(), view, run)
  }
  const save = async (): Promise<void> => {
    if (!name.trim()) return
    await store.getState().saveCurrentView(
      name,
      shown.map((c) => c.id)
    )
    setNaming(false)
    setName('')
  }

  return (
    <div className={css.controls}>
      <select
        data-testid="label-filter"
        aria-label="Show episodes with this label"
        title="Episodes labelled so, on the episode or on one of its turns (added to the filter typed beside)"
        value={labelOf ?? ''}
        onChange={(e) => pickLabel(e.target.value)}
      >
        <option value="">Any label</option>
        {taxonomy.length > 0 && (
          <optgroup label="On the episode">
            {taxonomy.map((d) => (
              <option key={d.name} value={`episode:${d.name}`}>
                {d.name}
              </option>
            ))}
          </optgroup>
        )}
        {taxonomy.length > 0 && (
          <optgroup label="On a turn">
            {taxonomy.map((d) => (
              <option key={d.name} value={`turn:${d.name}`}>
                {d.name} (turn)
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <select
        data-testid="anomaly-filter"
        aria-label="Show episodes an anomaly detector flagged"
        title={'Episodes the anomaly detectors flagged (the same as the filter anomaly == "…")'}
        value={anomalyOf}
        onChange={(e) =>
          store
            .getState()
            .setEpisodeFilter(
              withTriageClause(filter, isAnomalyClause, e.target.value ? anomalyFilter(e.target.value) : null)
            )
        }
      >
        <option value="">Any anomaly</option>
        <option value="*">Flagged by any detector</option>
        {ANOMALY_CODES.map((c) => (
          <option key={c} value={c} title={ANOMALY_RULES[c].title}>
            {ANOMALY_RULES[c].label}
          </option>
        ))}
      </select>
      <select
        data-testid="saved-views"
        aria-label="Saved views"
        value=""
        onChange={(e) => {
          const [what, id] = e.target.value.split(':')
          if (what === 'apply') apply(id)
          if (what === 'delete') void store.getState().deleteSavedView(Number(id))
        }}
      >
        <option value="">Views…</option>
        {views.length > 0 && (
          <optgroup label="Apply">
            {views.map((v) => (
              <option key={v.id} value={`apply:${v.id}`}>
                {v.runIds.length > 1 ? `${v.name} (${v.runIds.length} runs)` : v.name}
              </option>
            ))}
          </optgroup>
        )}
        {views.length > 0 && (
          <optgroup label="Delete">
            {views.map((v) => (
              <option key={v.id} value={`delete:${v.id}`}>
                Delete “{v.name}”
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {naming ? (
        <span className={css.saveView}>
          <input
            autoFocus
            data-testid="view-name"
            placeholder="View name"
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.target.value)}
            // the name box's own Enter and Esc: about the focused box, not shortcuts
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save()
              if (e.key === 'Escape') setNaming(false)
            }}
          />
          <button type="button" data-testid="view-save" disabled={!name.trim()} onClick={() => void save()}>
            Save
          </button>
        </span>
      ) : (
        <button
          type="button"
          data-testid="save-view"
          title="Save the runs of this table, its filter, sort and columns as a named view"
          onClick={() => setNaming(true)}
        >
          Save view
        </button>
      )}
    </div>
  )
}
