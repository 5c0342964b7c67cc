import type { KeyField } from './binding'

/** Marks the text box a key focuses: spread onto the input (`<input {...keyField('find')} />`). */
export const keyField = (field: KeyField): { 'data-key-field': KeyField } => ({ 'data-key-field': field })

/**
 * Puts the cursor in a marked text box and selects its text; nothing when it is not on screen. A box the key's own
 * state change brings on screen (the search screen's box while the sidebar is hidden) is tried again once drawn.
 */
export function focusField(field: KeyField): void {
  const find = (): HTMLInputElement | null => document.querySelector<HTMLInputElement>(`[data-key-field="${field}"]`)
  const focus = (el: HTMLInputElement): void => {
    el.focus()
    el.select()
  }
  const el = find()
  if (el) return focus(el)
  requestAnimationFrame(() => {
    const later = find()
    if (later) focus(later)
  })
}
