/**
 * Monaco from the local bundle, never a CDN: @monaco-editor/react's loader defaults to a CDN copy,
 * which the CSP and offline use both forbid. Imported first by each (lazily loaded) view with an <Editor>.
 */
import * as monaco from 'monaco-editor'
import { loader } from '@monaco-editor/react'
import { useColorScheme } from './use-color-scheme'
import { DIFF_TOKENS, MONACO_THEMES } from './diff-language'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/language/json/json.worker?worker'

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker()
  }
}

loader.config({ monaco })

// Monaco has no unified-diff language; observations and patches often are diffs (diff-language.ts).
monaco.languages.register({ id: 'diff', extensions: ['.diff', '.patch'] })
monaco.languages.setMonarchTokensProvider('diff', DIFF_TOKENS)
for (const [name, theme] of Object.entries(MONACO_THEMES)) monaco.editor.defineTheme(name, theme)

/** What every Monaco view here sets alike: a trace is read, never edited, at the transcript's type size. */
export const READ_ONLY_OPTIONS = {
  readOnly: true,
  domReadOnly: true,
  scrollBeyondLastLine: false,
  fontSize: 12,
  lineNumbersMinChars: 4,
  automaticLayout: true,
  stickyScroll: { enabled: false }
} satisfies monaco.editor.IEditorOptions

/** Monaco's theme for the app's colour scheme (it follows the system's). */
export const useMonacoTheme = (): string => (useColorScheme() === 'dark' ? 'rollscope-dark' : 'rollscope-light')
