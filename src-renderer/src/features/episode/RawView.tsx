import type { ReactNode } from 'react'
import { Editor } from '@monaco-editor/react'
import { useColorScheme } from '../../lib/use-color-scheme'

/** The raw source record in a read-only Monaco editor (bundled locally, see lib/monaco.ts). */
export function RawView({ raw }: { raw: string }): ReactNode {
  const scheme = useColorScheme()
  return (
    <div className="raw-view" data-testid="raw-editor">
      <Editor
        value={raw}
        language="json"
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        loading={<div className="panel-placeholder">Loading editor…</div>}
        options={{
          readOnly: true,
          domReadOnly: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          wordWrap: 'on',
          fontSize: 12,
          lineNumbersMinChars: 4,
          folding: true,
          automaticLayout: true,
          renderWhitespace: 'none',
          stickyScroll: { enabled: false }
        }}
      />
    </div>
  )
}
