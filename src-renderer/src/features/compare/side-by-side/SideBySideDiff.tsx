// Monaco is bundled locally and loaded with this (lazy) view, not at start-up
import { ModalSheet } from '../../../components/ModalSheet'
import { READ_ONLY_OPTIONS, useMonacoTheme } from '../../../lib/monaco'
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { DiffEditor, type MonacoDiffEditor } from '@monaco-editor/react'
import { detectLanguage, type EditorLanguage } from '../../../lib/detect-language'
import type { DiffView } from './diff-text'
import { LanguageSelect } from '../../../components/LanguageSelect'
import controls from '../../../styles/controls.module.css'
import editorSheet from '../../../styles/editor-sheet.module.css'
import panels from '../../../styles/panels.module.css'
import txt from '../../../styles/text.module.css'
import css from './SideBySideDiff.module.css'

/**
 * Two texts of the side-by-side view (a pair of steps or the final answers) in a read-only Monaco diff editor over
 * the view. Esc, ✕ or the backdrop closes it.
 */
export default function SideBySideDiff({ view, onClose }: { view: DiffView; onClose(): void }): ReactNode {
  const theme = useMonacoTheme()
  const detected = useMemo(() => detectLanguage(`${view.original}\n${view.modified}`), [view.original, view.modified])
  const [language, setLanguage] = useState<EditorLanguage>(view.detect ? detected : 'plaintext')
  const [inline, setInline] = useState(false)
  const [wrap, setWrap] = useState(true)
  const editorRef = useRef<MonacoDiffEditor | null>(null)
  // @monaco-editor/react 4.7 disposes a diff editor's models before the widget, which Monaco ≥ 0.52 reports as
  // "TextModel got disposed before DiffEditorWidget model got reset": keep the models (keepCurrent*Model), and
  // in a layout-effect cleanup (it runs before the library's passive one) detach them from the live widget first.
  useLayoutEffect(
    () => () => {
      const editor = editorRef.current
      if (!editor) return
      const model = editor.getModel()
      editor.setModel(null)
      model?.original.dispose()
      model?.modified.dispose()
    },
    []
  )
  const same = view.original === view.modified
  return (
    <ModalSheet label={view.title} testId="sbs-diff" className={editorSheet.sheet} onClose={onClose}>
      <div className={editorSheet.head}>
        <span className={editorSheet.title}>{view.title}</span>
        {same && (
          <span className={txt.mutedText} data-testid="sbs-diff-identical">
            identical
          </span>
        )}
        <span className={txt.spacer} />
        <LanguageSelect value={language} detected={detected} onChange={setLanguage} />
        <label className={txt.mutedText}>
          <input type="checkbox" checked={inline} onChange={(e) => setInline(e.target.checked)} /> inline
        </label>
        <label className={txt.mutedText}>
          <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} /> wrap
        </label>
        <button
          type="button"
          className={controls.iconBtn}
          title="Close (Esc)"
          onClick={onClose}
          data-testid="sbs-diff-close"
        >
          ✕
        </button>
      </div>
      <div className={css.labels}>
        <span className={css.label}>A · {view.labelA}</span>
        {!inline && <span className={css.label}>B · {view.labelB}</span>}
      </div>
      <div className={editorSheet.body}>
        <DiffEditor
          original={view.original}
          modified={view.modified}
          language={language}
          theme={theme}
          loading={<div className={panels.placeholder}>Loading editor…</div>}
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          onMount={(editor) => {
            editorRef.current = editor
          }}
          options={{
            ...READ_ONLY_OPTIONS,
            originalEditable: false,
            renderSideBySide: !inline,
            // a narrow window would otherwise switch to inline on its own and hide the choice
            useInlineViewWhenSpaceIsLimited: false,
            wordWrap: wrap ? 'on' : 'off',
            diffWordWrap: wrap ? 'on' : 'off',
            minimap: { enabled: false },
            renderOverviewRuler: true
          }}
        />
      </div>
    </ModalSheet>
  )
}
