import type { ReactNode } from 'react'
import { EDITOR_LANGUAGES, type EditorLanguage } from '../lib/detect-language'
import txt from '../styles/text.module.css'

/** "language [select]" for the read-only editors: every language Monaco highlights here, the detected one marked. */
export function LanguageSelect(props: {
  value: EditorLanguage
  detected: EditorLanguage
  onChange(language: EditorLanguage): void
  testId?: string
}): ReactNode {
  return (
    <label className={txt.mutedText}>
      language{' '}
      <select
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as EditorLanguage)}
        data-testid={props.testId}
      >
        {EDITOR_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {l}
            {l === props.detected ? ' (detected)' : ''}
          </option>
        ))}
      </select>
    </label>
  )
}
