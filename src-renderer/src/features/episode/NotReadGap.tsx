import type { ReactNode } from 'react'
import type { ReadCut } from '@contract/model'
import { itemNoun, notReadLine } from '@contract/read-cuts'
import css from './NotReadGap.module.css'

/** Where a list too long to read whole was cut: between the last item read from its start and the first of its end. */
export function NotReadGap({ count, cuts }: { count: number; cuts: readonly ReadCut[] | undefined }): ReactNode {
  const cut = cuts?.find((c) => c.kind === 'items' && c.total - c.head - c.tail === count)
  return (
    <div className={css.gap} role="separator" data-testid="not-read-gap">
      <span className={css.line} />
      <span className={css.text}>{notReadLine(count, cut ? itemNoun(cut.path) : 'items')}</span>
      <span className={css.line} />
    </div>
  )
}
