/**
 * One-time export tickets (browser mode). An export of picked rows can name up to 10,000 episodes: too long for the
 * `GET /api/export` URL a plain <a download> navigation needs. So the app first POSTs the request to
 * `/api/export-prepare` (checked there), gets a ticket, and navigates to `GET /api/export?ticket=…`. A ticket is kept
 * in memory only, works once and expires after a minute: it stands for a request, not for a credential.
 */
import { randomBytes } from 'node:crypto'
import type { AppExportRequest } from '../export/app-export'

export const TICKET_TTL_MS = 60_000
/** A page that prepares without downloading must not grow the map without end. */
const MAX_TICKETS = 100

export interface ExportTickets {
  /** Keeps `request` and returns its ticket. */
  issue(request: AppExportRequest): string
  /** The request of a live ticket, which is used up by this call; undefined for an unknown, used or expired one. */
  take(ticket: string): AppExportRequest | undefined
}

export function createExportTickets(now: () => number = Date.now): ExportTickets {
  const tickets = new Map<string, { request: AppExportRequest; expires: number }>()
  const sweep = (): void => {
    for (const [t, v] of tickets) if (v.expires <= now()) tickets.delete(t)
  }
  return {
    issue(request) {
      sweep()
      // the oldest first (a Map keeps insertion order)
      while (tickets.size >= MAX_TICKETS) tickets.delete(tickets.keys().next().value!)
      const ticket = randomBytes(18).toString('base64url')
      tickets.set(ticket, { request, expires: now() + TICKET_TTL_MS })
      return ticket
    },
    take(ticket) {
      const found = tickets.get(ticket)
      tickets.delete(ticket)
      return found && found.expires > now() ? found.request : undefined
    }
  }
}
