import type { ReactNode } from 'react'
import { cx } from '../lib/cx'
import css from './Badge.module.css'

/** The colour of each tone a badge takes; `muted` (and any other) keeps the plain grey. */
const TONE_CLASS: Record<string, string> = {
  ok: css.ok,
  bad: css.bad,
  warn: css.warn,
  info: css.info,
  'role-system': css.roleSystem,
  'role-user': css.roleUser,
  'role-assistant': css.roleAssistant,
  'role-tool': css.roleTool,
  'role-env': css.roleEnv
}

/**
 * A small coloured label; `tone` picks the colour, `small` the tighter size of a table row. `className` only places
 * it (a margin); its look is this component's.
 */
export function Badge(props: {
  tone: string
  children: ReactNode
  title?: string
  testId?: string
  small?: boolean
  className?: string
}): ReactNode {
  return (
    <span
      className={cx(css.badge, TONE_CLASS[props.tone], props.small && css.small, props.className)}
      title={props.title}
      data-testid={props.testId}
    >
      {props.children}
    </span>
  )
}
