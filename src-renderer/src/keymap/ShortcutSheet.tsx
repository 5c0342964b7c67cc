import type { ReactNode } from 'react'
import { ModalSheet } from '../components/ModalSheet'
import { useAppShallow, useAppStore } from '../state/store-context'
import { activeContexts } from './contexts'
import { KeyCaps } from './KeyCaps'
import type { KeyLayers } from './layers'
import { sheetGroups } from './sheet-groups'
import { cx } from '../lib/cx'
import sheet from '../styles/sheet.module.css'
import css from './ShortcutSheet.module.css'

/** The `?` sheet: the keys that work where the user is, generated from the registry, grouped by context. */
export function ShortcutSheet({ layers }: { layers: KeyLayers }): ReactNode {
  const store = useAppStore()
  // re-rendered when the contexts change (a registered layer shows up on the next change of the state)
  const contexts = useAppShallow((s) => activeContexts(s, layers.list()))
  const close = (): void => store.getState().closeShortcutSheet()
  return (
    <ModalSheet
      label="Keyboard shortcuts"
      testId="shortcut-sheet"
      className={cx(sheet.sheet, css.sheet)}
      onClose={close}
    >
      <h2>Keyboard shortcuts</h2>
      {/* one table, a body per group: the keys and their help line up across the groups */}
      <table className={css.table}>
        {sheetGroups(contexts).map((g) => (
          <tbody key={g.context} data-testid={`shortcut-group-${g.context}`}>
            <tr>
              <th colSpan={2} scope="colgroup">
                {g.title}
              </th>
            </tr>
            {g.rows.map((r) => (
              <tr key={r.id} data-binding={r.id}>
                <td className={css.keys}>
                  <KeyCaps keys={r.keys} />
                </td>
                <td>{r.help}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <button type="button" onClick={close}>
        Close
      </button>
    </ModalSheet>
  )
}
