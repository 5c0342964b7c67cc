import type { ReactNode } from 'react'
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels'
import { cx } from '../lib/cx'
import css from './SplitPanes.module.css'

interface SplitPanesProps {
  /** Names the layout in localStorage (`react-resizable-panels:<id>`), so sizes survive restarts. */
  id: string
  orientation: 'horizontal' | 'vertical'
  first: ReactNode
  second: ReactNode
  /** Size of the first pane before the user drags: a percentage string ("24%") or pixels. */
  defaultFirst: string | number
  minFirst: string | number
  maxFirst: string | number
  minSecond: string | number
  className?: string
  /** The separator's accessible name: what dragging it (or its arrow keys) resizes. */
  label: string
}

/**
 * Two panes with a draggable (and keyboard-operable) separator; double-click resets the split.
 * The layout is saved per `id` in localStorage and restored on the next start.
 */
export function SplitPanes(p: SplitPanesProps): ReactNode {
  const firstId = `${p.id}-first`
  const secondId = `${p.id}-second`
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({
    id: p.id,
    storage: localStorage,
    panelIds: [firstId, secondId]
  })
  return (
    <Group
      id={p.id}
      orientation={p.orientation}
      className={p.className}
      defaultLayout={defaultLayout}
      onLayoutChanged={onLayoutChanged}
    >
      <Panel id={firstId} className={css.pane} defaultSize={p.defaultFirst} minSize={p.minFirst} maxSize={p.maxFirst}>
        {p.first}
      </Panel>
      <Separator id={`${p.id}-separator`} className={cx(css.separator, css[p.orientation])} aria-label={p.label} />
      <Panel id={secondId} className={css.pane} minSize={p.minSecond}>
        {p.second}
      </Panel>
    </Group>
  )
}
