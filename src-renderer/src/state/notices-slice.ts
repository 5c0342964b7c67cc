import { errorMessage } from '../api/api-error'
import type { SliceCreator } from './types'

/** One message in the banner above the main area. */
export interface Notice {
  id: number
  kind: 'error' | 'info'
  message: string
}

/** Errors and notes shown in a visible, dismissible banner. */
export interface NoticesSlice {
  notices: Notice[]
  /** Shows an error; the same message twice in a row is shown once. */
  pushError(err: unknown, context?: string): void
  pushInfo(message: string): void
  dismissNotice(id: number): void
  dismissAllNotices(): void
}

const MAX_NOTICES = 5

/** Creates the notices slice. */
export const createNoticesSlice = (): SliceCreator<NoticesSlice> => {
  let nextId = 1
  return (set, get) => {
    const push = (kind: Notice['kind'], message: string): void => {
      if (get().notices.some((n) => n.message === message)) return
      const notices = [...get().notices, { id: nextId++, kind, message }]
      set({ notices: notices.slice(-MAX_NOTICES) })
    }
    return {
      notices: [],
      pushError: (err, context) => push('error', context ? `${context}: ${errorMessage(err)}` : errorMessage(err)),
      pushInfo: (message) => push('info', message),
      dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
      dismissAllNotices: () => set({ notices: [] })
    }
  }
}
