/**
 * Engine events → the window: every event goes to the renderer, and index progress also drives the taskbar bar.
 */
import type { BrowserWindow } from 'electron'
import { IPC_EVENT_CHANNEL, type TraceEvent } from '@contract/api'
import type { IndexProgress } from '@contract/model'
import type { Engine } from '../services/engine-types'

/** Electron's setProgressBar value: -1 removes the bar, a value above 1 makes it indeterminate. */
export function progressBarValue(p: IndexProgress): number {
  if (p.state === 'waiting') return 2 // another process indexes the database: no fraction to show yet
  if (p.state !== 'scanning' && p.state !== 'indexing') return -1
  if (p.bytesTotal > 0) return Math.min(1, Math.max(0, p.bytesDone / p.bytesTotal))
  if (p.filesTotal > 0) return Math.min(1, Math.max(0, p.filesDone / p.filesTotal))
  return 2 // totals not known yet (still scanning)
}

/** Sends one engine event to the window (if it is still there) and updates its progress bar. */
export function forwardEvent(win: BrowserWindow | null, event: TraceEvent): void {
  if (!win || win.isDestroyed()) return
  win.webContents.send(IPC_EVENT_CHANNEL, event)
  if (event.name === 'indexProgress') win.setProgressBar(progressBarValue(event.payload as IndexProgress))
}

/** Forwards every engine event to whatever the main window is at the time; returns the unsubscribe function. */
export function forwardEngineEvents(
  engine: Pick<Engine, 'onEvent'>,
  getWindow: () => BrowserWindow | null
): () => void {
  return engine.onEvent((event) => forwardEvent(getWindow(), event))
}
