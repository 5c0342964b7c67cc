import type { ReactNode } from 'react'
import { useApp } from '../state/store-context'

/** Errors and notes above the main area; each can be dismissed. */
export function NoticeBanner(): ReactNode {
  const notices = useApp((s) => s.notices)
  const dismiss = useApp((s) => s.dismissNotice)
  const dismissAll = useApp((s) => s.dismissAllNotices)
  if (notices.length === 0) return null
  return (
    <div className="notices" role="alert" data-testid="error-banner">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} data-testid="notice">
          <span className="notice-icon" aria-hidden>
            {n.kind === 'error' ? '⚠' : 'ℹ'}
          </span>
          <span className="notice-text">{n.message}</span>
          <button className="icon-btn" title="Dismiss" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
      {notices.length > 1 && (
        <button className="link-btn notice-clear" onClick={dismissAll}>
          Dismiss all
        </button>
      )}
    </div>
  )
}
