import type { ReactNode } from 'react'
import type { Virtualizer } from '@tanstack/react-virtual'
import { cx } from '../lib/cx'
import css from './MeasuredRows.module.css'

/**
 * The rows of a virtualized list whose rows have their own heights (TanStack Virtual measures each one as it
 * mounts): only the rows in view are in the DOM, each placed by its transform inside a spacer as tall as the list.
 */
export function MeasuredRows({
  virtualizer,
  slotClassName,
  children
}: {
  virtualizer: Virtualizer<HTMLDivElement, Element>
  /** Extra class of each row's slot (spacing between rows). */
  slotClassName?: string
  children: (index: number) => ReactNode
}): ReactNode {
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className={cx(css.row, slotClassName)}
          style={{ transform: `translateY(${item.start}px)` }}
        >
          {children(item.index)}
        </div>
      ))}
    </div>
  )
}
