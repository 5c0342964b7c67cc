import type { ReactNode } from 'react'
import { cx } from '../lib/cx'
import { useApp } from '../state/store-context'
import controls from '../styles/controls.module.css'
import css from './NoticeBanner.module.css'

/** Errors and notes above the main area; each can be dismissed. */
export function NoticeBanner(): ReactNode {
  const notices = useApp((s) => s.notices)
  const dismiss = useApp((s) => s.dismissNotice)
  const dismissAll = useApp((s) => s.dismissAllNotices)
  if (notices.length === 0) return null
  return (
    <div className={css.notices} role="alert" data-testid="error-banner">
      {notices.map((n) => (
        <div key={n.id} className={cx(css.notice, n.kind === 'info' && css.info)} data-testid="notice">
          <span className={css.icon} aria-hidden>
            {n.kind === 'error' ? '⚠' : 'ℹ'}
          </span>
          <span className={css.text}>{n.message}</span>
          <button className={controls.iconBtn} title="Dismiss" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
      {notices.length > 1 && (
        <button className={cx(controls.linkBtn, css.clear)} onClick={dismissAll}>
          Dismiss all
        </button>
      )}
    </div>
  )
}
