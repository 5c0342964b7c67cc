import type { ReactNode } from 'react'

/** A small coloured label; `tone` picks the colour (see .badge-* in base.css). */
export function Badge(props: { tone: string; children: ReactNode; title?: string; testId?: string }): ReactNode {
  return (
    <span className={`badge badge-${props.tone}`} title={props.title} data-testid={props.testId}>
      {props.children}
    </span>
  )
}
