// Monaco is bundled locally and loaded with this (lazy) view, not at start-up
import { ModalSheet } from '../../components/ModalSheet'
import { READ_ONLY_OPTIONS, useMonacoTheme } from '../../lib/monaco'
import { useMemo, useState, type ReactNode } from 'react'
import { Editor } from '@monaco-editor/react'
import { detectLanguage, type EditorLanguage } from '../../lib/detect-language'
import { sizeLabel } from '../../lib/long-text'
import type { EditorView } from '../../state/episode-slice'
import { useAppStore } from '../../state/store-context'
import { LanguageSelect } from '../../components/LanguageSelect'
import controls from '../../styles/controls.module.css'
import editor from '../../styles/editor-sheet.module.css'
import panels from '../../styles/panels.module.css'
import txt from '../../styles/text.module.css'

/**
 * A long text (observation, tool output, prompt) in a read-only Monaco editor over the transcript,
 * highlighted by its detected language (changeable). Esc or the backdrop closes it.
 */
export default function EditorOverlay({ view }: { view: EditorView }): ReactNode {
  const store = useAppStore()
  const theme = useMonacoTheme()
  const detected = useMemo(() => detectLanguage(view.text), [view.text])
  const [language, setLanguage] = useState<EditorLanguage>(detected)
  const [wrap, setWrap] = useState(true)
  const close = (): void => store.getState().closeEditor()
  return (
    <ModalSheet label={view.title} testId="text-editor" className={editor.sheet} onClose={close}>
      <div className={editor.head}>
        <span className={editor.title}>{view.title}</span>
        <span className={txt.mutedText}>{sizeLabel(view.text)}</span>
        <span className={txt.spacer} />
        <LanguageSelect value={language} detected={detected} onChange={setLanguage} testId="editor-language" />
        <label className={txt.mutedText}>
          <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} /> wrap
        </label>
        <button
          type="button"
          className={controls.iconBtn}
          title="Close (Esc)"
          onClick={close}
          data-testid="editor-close"
        >
          ✕
        </button>
      </div>
      <div className={editor.body}>
        <Editor
          value={view.text}
          language={language}
          theme={theme}
          loading={<div className={panels.placeholder}>Loading editor…</div>}
          options={{
            ...READ_ONLY_OPTIONS,
            minimap: { enabled: view.text.length > 20_000 },
            wordWrap: wrap ? 'on' : 'off',
            folding: true
          }}
        />
      </div>
    </ModalSheet>
  )
}
