import type { ReactNode } from 'react'
import { cx } from '../lib/cx'
import css from './NotComparable.module.css'

/**
 * The mark every screen of a forced comparison carries: runs of different environments, compared because the user
 * insisted. Task ids that look alike are different tasks there, so no figure pairs like with like.
 */
export function NotComparable({ envs, overTask = false }: { envs: string[]; overTask?: boolean }): ReactNode {
  return (
    <div className={cx(css.box, overTask && css.overTask)} role="alert" data-testid="not-comparable">
      <b>Not comparable</b> · different environments ({envs.map((e) => `“${e}”`).join(', ')}), compared anyway at your
      request: tasks with the same id are not the same task.
    </div>
  )
}
