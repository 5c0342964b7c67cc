import { useEffect, useState, type ReactNode } from 'react'
import type { ChangedLabels } from '@contract/labels'
import { useApp, useAppStore } from '../../state/store-context'
import { LabelChip } from './LabelChip'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import txt from '../../styles/text.module.css'
import header from '../episode/EpisodeHeader.module.css'
import css from './EpisodeLabelsBar.module.css'

/** Fetches the taxonomy (once) and the labels of the open episode: the header calls it, open or folded. */
export function useEpisodeLabels(episodeId: string): void {
  const store = useAppStore()
  useEffect(() => {
    const s = store.getState()
    if (!s.labels.taxonomy.length) void s.loadTaxonomy()
    void s.loadEpisodeLabels(episodeId)
  }, [store, episodeId])
}

/** The folded header's part of triage: the episode's labels (× removes) and whether it has a note. */
export function FoldedLabels({ episodeId }: { episodeId: string }): ReactNode {
  const store = useAppStore()
  const current = useApp((s) => (s.labels.current?.episodeId === episodeId ? s.labels.current : null))
  const taxonomy = useApp((s) => s.labels.taxonomy)
  if (!current || (current.labels.length === 0 && current.note === null && !current.changed)) return null
  return (
    <span className={css.folded} data-testid="folded-labels">
      {current.changed && (
        <span
          className={txt.warnText}
          title="Labelled when this episode held other content: open the header to check them"
          data-testid="folded-changed"
        >
          ⚠ labels to check
        </span>
      )}
      {current.labels.map((l) => (
        <LabelChip
          key={l}
          name={l}
          taxonomy={taxonomy}
          small
          onRemove={() => void store.getState().toggleLabel(l, null)}
        />
      ))}
      {current.note !== null && (
        <span className={txt.mutedText} title={current.note} data-testid="folded-note">
          ✎ note
        </span>
      )}
    </span>
  )
}

/**
 * Triage of the open episode, in its header: its labels (× removes), one button per taxonomy label with its key
 * (1–9 on the keyboard; Shift for the highlighted turn), the note, auto-advance and the taxonomy editor.
 */
export function EpisodeLabelsBar({ episodeId }: { episodeId: string }): ReactNode {
  const store = useAppStore()
  const current = useApp((s) => (s.labels.current?.episodeId === episodeId ? s.labels.current : null))
  const taxonomy = useApp((s) => s.labels.taxonomy)
  const autoAdvance = useApp((s) => s.labels.autoAdvance)

  const applied = new Set((current?.labels ?? []).map((l) => l.toLowerCase()))
  return (
    <div className={css.bar} data-testid="episode-labels-bar">
      <div className={css.row}>
        <span className={header.factLabel}>Labels</span>
        <div className={header.chips} data-testid="episode-label-chips">
          {current?.labels.map((l) => (
            <LabelChip
              key={l}
              name={l}
              taxonomy={taxonomy}
              onRemove={() => void store.getState().toggleLabel(l, null)}
            />
          ))}
          {current && !current.labels.length && <span className={txt.mutedText}>none</span>}
        </div>
        <span className={txt.spacer} />
        <label
          className={css.autoAdvance}
          title="After labelling the episode, open the next row of the table (a review queue)"
        >
          <input
            type="checkbox"
            checked={autoAdvance}
            data-testid="auto-advance"
            onChange={(e) => {
              store.getState().setAutoAdvance(e.target.checked)
              // hand the keys back to the viewer: 1–9 are what comes next
              e.currentTarget.blur()
            }}
          />
          Auto-advance
        </label>
        <button
          type="button"
          className={controls.linkBtn}
          data-testid="edit-taxonomy"
          onClick={() => store.getState().setTaxonomyEditorOpen(true)}
        >
          Edit labels…
        </button>
      </div>
      <div className={css.picker} data-testid="label-picker">
        {taxonomy.map((d) => (
          <button
            key={d.name}
            type="button"
            className={cx(css.pick, applied.has(d.name.toLowerCase()) && css.on)}
            style={{ borderColor: d.color }}
            disabled={!current}
            aria-pressed={applied.has(d.name.toLowerCase())}
            title={`${applied.has(d.name.toLowerCase()) ? 'Remove' : 'Apply'} "${d.name}"${d.key ? ` (key ${d.key}; Shift+${d.key} on the highlighted turn)` : ''}`}
            onClick={() => void store.getState().toggleLabel(d.name, null)}
          >
            <span className={css.dot} style={{ background: d.color }} />
            {d.key && <kbd>{d.key}</kbd>}
            {d.name}
          </button>
        ))}
      </div>
      {current?.changed && <ChangedLabelsNotice changed={current.changed} />}
      {current && <NoteField key={episodeId} note={current.note} />}
    </div>
  )
}

/**
 * Labels and notes made when the episode held other content (its file was rewritten since: another run under the
 * same name, a re-run). They are not carried over silently: shown here apart, counted nowhere until kept.
 */
function ChangedLabelsNotice({ changed }: { changed: ChangedLabels }): ReactNode {
  const store = useAppStore()
  const taxonomy = useApp((s) => s.labels.taxonomy)
  const drop = store.getState().dropChangedLabels
  return (
    <div className={css.changed} role="status" data-testid="changed-labels">
      <div className={css.changedHead}>
        <span>
          ⚠ Labelled when this episode held other content (its file changed since). Check them: until you keep them they
          count nowhere (filters, counts, badges, exports).
        </span>
      </div>
      <div className={header.chips}>
        {changed.labels.map((l) => (
          <LabelChip key={l} name={l} taxonomy={taxonomy} onRemove={() => void drop({ label: l, turn: null })} />
        ))}
        {changed.turns.flatMap((t) =>
          t.labels.map((l) => (
            <span key={`${t.turn}-${l}`} className={css.changedTurn}>
              turn {t.turn}:
              <LabelChip name={l} taxonomy={taxonomy} small onRemove={() => void drop({ label: l, turn: t.turn })} />
            </span>
          ))
        )}
      </div>
      {[{ turn: null as number | null, note: changed.note }, ...changed.turns]
        .filter((n) => n.note !== null)
        .map((n) => (
          <div key={n.turn ?? 'episode'} className={css.changedNote}>
            <span className={txt.mutedText}>{n.turn === null ? 'note' : `turn ${n.turn} note`}:</span> {n.note}{' '}
            <button
              type="button"
              className={controls.linkBtn}
              onClick={() => void drop({ note: true, turn: n.turn })}
              title="Remove this note"
            >
              remove
            </button>
          </div>
        ))}
      <div className={css.changedActions}>
        <button
          type="button"
          className={controls.smallBtn}
          data-testid="keep-changed-labels"
          onClick={() => void store.getState().keepChangedLabels()}
        >
          Keep them
        </button>
        <button
          type="button"
          className={controls.smallBtn}
          data-testid="drop-changed-labels"
          onClick={() => void drop()}
        >
          Remove them
        </button>
      </div>
    </div>
  )
}

/** The episode's note: saved when the field loses focus (or Ctrl/⌘+Enter); an emptied field removes it. */
function NoteField({ note }: { note: string | null }): ReactNode {
  const store = useAppStore()
  const [text, setText] = useState(note ?? '')
  useEffect(() => setText(note ?? ''), [note])
  const save = (): void => {
    if (text !== (note ?? '')) void store.getState().setEpisodeNote(text, null)
  }
  return (
    <textarea
      className={css.note}
      data-testid="episode-note"
      placeholder="Note on this episode (saved when you leave the field)"
      value={text}
      rows={text.includes('\n') ? 3 : 1}
      spellCheck
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      // the note box's own keys (Ctrl+Enter saves, Esc reverts): about the focused box, not shortcuts
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) save()
        if (e.key === 'Escape') {
          setText(note ?? '')
          e.currentTarget.blur()
        }
      }}
    />
  )
}
