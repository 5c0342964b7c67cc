import type { ReactNode } from 'react'
import css from './KeyKind.module.css'

/** The small mark after a task key that says what kind of key it is (taskKeyHint's `mark`). */
export function KeyKind({ mark }: { mark: string }): ReactNode {
  return <span className={css.mark}>{mark}</span>
}
