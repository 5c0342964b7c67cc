import type { ReactNode } from 'react'
import type { ReadCut } from '@contract/model'
import { READ_CUTS_WHY, readCutLine, readCutsTitle } from '@contract/read-cuts'
import txt from '../../styles/text.module.css'
import css from './ReadCutsNotice.module.css'

/**
 * An episode whose record was too large or too deeply nested to open whole (issue 17): what is shown of it and why,
 * above the transcript, instead of an error or an endless "Loading episode…". The gap itself is drawn in the
 * transcript where the items were left out (NotReadGap).
 */
export function ReadCutsNotice({ cuts }: { cuts: readonly ReadCut[] }): ReactNode {
  return (
    <div className={css.notice} role="note" data-testid="read-cuts">
      <div className={css.title}>{readCutsTitle(cuts)}</div>
      <ul className={css.cuts}>
        {cuts.map((c, i) => (
          <li key={i} data-testid="read-cut">
            {withCode(readCutLine(c))}
          </li>
        ))}
      </ul>
      <div className={css.why}>{READ_CUTS_WHY}</div>
    </div>
  )
}

/** The line's `paths` in the monospace face, as text (never markup: a key comes from the file). */
function withCode(line: string): ReactNode[] {
  return line.split('`').map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className={txt.mono}>
        {part}
      </code>
    ) : (
      part
    )
  )
}
