import { useEffect, useRef, type ReactNode } from 'react'
import { useAppStore } from '../../state/store-context'
import { cx } from '../../lib/cx'
import crumbs from '../../styles/crumbs.module.css'

/**
 * The bar over a screen (breakdown, N runs, training curve): "← Runs" (also Esc) back to the runs browser, what the
 * screen shows, then the screen's own controls.
 */
export function ScreenCrumbs({ title, children }: { title: ReactNode; children?: ReactNode }): ReactNode {
  const store = useAppStore()
  const back = useRef<HTMLButtonElement>(null)
  // the button that opened the screen is gone: keyboard focus starts here (Tab goes on to the screen's controls)
  useEffect(() => back.current?.focus({ preventScroll: true }), [])
  return (
    <div className={cx(crumbs.crumbs, crumbs.wrap)}>
      <button
        ref={back}
        className={crumbs.back}
        onClick={() => store.getState().closeCompare()}
        title="Back to the runs (Esc)"
        data-testid="screen-back"
      >
        ← Runs
      </button>
      <span className={crumbs.crumb}>{title}</span>
      {children}
    </div>
  )
}
