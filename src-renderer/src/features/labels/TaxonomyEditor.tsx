import { useEffect, useState, type ReactNode } from 'react'
import { ModalSheet } from '../../components/ModalSheet'
import type { LabelDefInput } from '@contract/labels'
import { useApp, useAppStore } from '../../state/store-context'
import { LabelsTransfer } from './LabelsTransfer'
import { cx } from '../../lib/cx'
import controls from '../../styles/controls.module.css'
import sheet from '../../styles/sheet.module.css'
import txt from '../../styles/text.module.css'
import css from './TaxonomyEditor.module.css'

interface Row extends LabelDefInput {
  /** Stable React key (names change while typing). */
  rowId: number
}

const PALETTE = ['#d97706', '#db2777', '#7c3aed', '#64748b', '#dc2626', '#0891b2', '#16a34a', '#2563eb', '#ca8a04']
let nextRowId = 1

/** Why the rows cannot be saved (a blank or repeated name, a key used twice), or null. */
export function taxonomyProblem(rows: LabelDefInput[]): string | null {
  const names = new Set<string>()
  const keys = new Set<number>()
  for (const r of rows) {
    const n = r.name.trim().toLowerCase()
    if (!n) return 'Every label needs a name'
    if (names.has(n)) return `Two labels are named "${r.name.trim()}"`
    names.add(n)
    if (r.key !== null) {
      if (keys.has(r.key)) return `Key ${r.key} is given to two labels`
      keys.add(r.key)
    }
  }
  return null
}

/** The taxonomy editor (a modal): name, colour and key of every label; renames follow where labels are applied. */
export function TaxonomyEditor(): ReactNode {
  const store = useAppStore()
  const open = useApp((s) => s.labels.editorOpen)
  const taxonomy = useApp((s) => s.labels.taxonomy)
  const [rows, setRows] = useState<Row[]>([])
  useEffect(() => {
    if (!open) return
    if (!store.getState().labels.taxonomy.length) void store.getState().loadTaxonomy()
    setRows(taxonomy.map((d) => ({ ...d, previousName: d.name, rowId: nextRowId++ })))
  }, [open, taxonomy, store])
  if (!open) return null

  const close = (): void => store.getState().setTaxonomyEditorOpen(false)
  const update = (rowId: number, p: Partial<Row>): void =>
    setRows(rows.map((r) => (r.rowId === rowId ? { ...r, ...p } : r)))
  const problem = taxonomyProblem(rows)
  const save = async (): Promise<void> => {
    const defs = rows.map(({ rowId: _rowId, ...d }) => ({ ...d, name: d.name.trim() }))
    if (await store.getState().saveTaxonomy(defs)) close()
  }
  const freeKey = (): number | null => [1, 2, 3, 4, 5, 6, 7, 8, 9].find((k) => !rows.some((r) => r.key === k)) ?? null

  return (
    <ModalSheet
      label="Label taxonomy"
      testId="taxonomy-editor"
      className={cx(sheet.sheet, css.editor)}
      onClose={close}
      // the dialog's own keys while it has the focus (the keymap's are for the view behind it)
      onKeyDown={(e) => {
        // keys typed here are not triage keys for the episode behind the dialog
        e.stopPropagation()
        if (e.key === 'Escape') close()
      }}
    >
      <h2>Labels</h2>
      <p className={txt.mutedText}>
        Keys 1–9 apply a label to the open episode, Shift+key to its highlighted turn. Renaming keeps the label where it
        is applied; removing a label here keeps it on what it was applied to.
      </p>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Colour</th>
            <th>Key</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.rowId} data-testid="taxonomy-row">
              <td>
                <input
                  value={r.name}
                  maxLength={80}
                  aria-label="Label name"
                  onChange={(e) => update(r.rowId, { name: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="color"
                  value={r.color}
                  aria-label={`Colour of ${r.name}`}
                  onChange={(e) => update(r.rowId, { color: e.target.value })}
                />
              </td>
              <td>
                <select
                  value={r.key ?? ''}
                  aria-label={`Key of ${r.name}`}
                  onChange={(e) => update(r.rowId, { key: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">–</option>
                  {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => (
                    <option key={k} value={k}>
                      {k}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <button
                  type="button"
                  className={controls.linkBtn}
                  aria-label={`Remove ${r.name}`}
                  onClick={() => setRows(rows.filter((x) => x.rowId !== r.rowId))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={css.actions}>
        <button
          type="button"
          data-testid="taxonomy-add"
          onClick={() =>
            setRows([
              ...rows,
              { name: '', color: PALETTE[rows.length % PALETTE.length], key: freeKey(), rowId: nextRowId++ }
            ])
          }
        >
          Add label
        </button>
        <span className={txt.spacer} />
        {problem && (
          <span className={txt.badText} role="alert">
            {problem}
          </span>
        )}
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className={controls.primary}
          data-testid="taxonomy-save"
          disabled={problem !== null}
          onClick={() => void save()}
        >
          Save
        </button>
      </div>
      <LabelsTransfer />
    </ModalSheet>
  )
}
