/**
 * Taking the first paint's layer away (boot/paint-rows.ts draws it). The boot script does it itself the moment the
 * app's transcript has its first row (same task as React's commit, so no frame shows both or neither); the app does
 * it when the episode it opened will show no rows (an error, an empty episode).
 */
import { BOOT_LAYER_ID } from './boot-ids'

export function dismissBootLayer(doc: Document): void {
  doc.getElementById(BOOT_LAYER_ID)?.remove()
}

/** Whether the app's own transcript shows a turn row yet. */
export function appHasTurnRows(doc: Document): boolean {
  return doc.querySelector('[data-testid="turn-row"]') !== null
}
