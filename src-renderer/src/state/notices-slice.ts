import { ApiCallError, errorMessage } from '../api/api-error'
import type { SliceCreator } from './types'

/** One message in the banner above the main area. */
export interface Notice {
  id: number
  kind: 'error' | 'info'
  message: string
}

/** Errors and notes shown in a visible, dismissible banner; notes go by themselves after INFO_NOTICE_MS. */
export interface NoticesSlice {
  notices: Notice[]
  /** Shows an error; the same message twice in a row is shown once. */
  pushError(err: unknown, context?: string): void
  pushInfo(message: string): void
  dismissNotice(id: number): void
  /** Takes off the errors of `context` (pushError's): the same action just succeeded, they are moot. */
  dismissErrorsOf(context: string): void
  dismissAllNotices(): void
}

const MAX_NOTICES = 5

/**
 * How long a note stays (errors stay until dismissed): "Saved view …" or "No turn with an error … in this episode"
 * outlived what they were about and piled up, pushing the page down.
 */
export const INFO_NOTICE_MS = 12_000

/** Creates the notices slice. */
export const createNoticesSlice = (): SliceCreator<NoticesSlice> => {
  let nextId = 1
  return (set, get) => {
    const push = (kind: Notice['kind'], message: string): void => {
      if (get().notices.some((n) => n.message === message)) return
      const id = nextId++
      const notices = [...get().notices, { id, kind, message }]
      set({ notices: notices.slice(-MAX_NOTICES) })
      if (kind === 'info') setTimeout(() => set({ notices: get().notices.filter((n) => n.id !== id) }), INFO_NOTICE_MS)
    }
    return {
      notices: [],
      // a page of another build than its server: every call fails alike, and the message says what to do (once)
      pushError: (err, context) =>
        push(
          'error',
          context && !(err instanceof ApiCallError && err.code === 'other-build')
            ? `${context}: ${errorMessage(err)}`
            : errorMessage(err)
        ),
      pushInfo: (message) => push('info', message),
      dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
      dismissErrorsOf: (context) => {
        const moot = (n: Notice): boolean => n.kind === 'error' && n.message.startsWith(`${context}: `)
        if (get().notices.some(moot)) set({ notices: get().notices.filter((n) => !moot(n)) })
      },
      dismissAllNotices: () => set({ notices: [] })
    }
  }
}
