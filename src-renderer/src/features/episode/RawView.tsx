// Monaco is bundled locally and loaded with this (lazy) view, not at start-up
import { READ_ONLY_OPTIONS, useMonacoTheme } from '../../lib/monaco'
import { useEffect, type ReactNode } from 'react'
import { Editor } from '@monaco-editor/react'
import { useApp, useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import panels from '../../styles/panels.module.css'
import css from './RawView.module.css'

/** The raw source record in a read-only Monaco editor, fetched when the tab first opens. */
export default function RawView(): ReactNode {
  const store = useAppStore()
  const raw = useApp((s) => s.episode.raw)
  const error = useApp((s) => s.episode.rawError)
  const theme = useMonacoTheme()
  useEffect(() => {
    void store.getState().loadRaw()
  }, [store])
  if (error) return <div className={cx(panels.placeholder, panels.failed)}>Could not read the raw record: {error}</div>
  if (raw === null) return <div className={panels.placeholder}>Loading the raw record…</div>
  return (
    <div className={css.raw} data-testid="raw-editor">
      <Editor
        value={raw}
        language="json"
        theme={theme}
        loading={<div className={panels.placeholder}>Loading editor…</div>}
        options={{
          ...READ_ONLY_OPTIONS,
          minimap: { enabled: false },
          wordWrap: 'on',
          folding: true,
          renderWhitespace: 'none'
        }}
      />
    </div>
  )
}
