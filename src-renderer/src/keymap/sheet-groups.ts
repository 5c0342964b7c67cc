import type { Binding, ElementBinding } from './binding'
import { contextsOf, keyLabelsOf } from './binding'
import { CONTEXTS, SCOPES, type FocusScope, type WindowContext } from './contexts'
import { BINDINGS, ELEMENT_BINDINGS } from './registry'

/** One line of the sheet: a binding's keys as written on screen and what they do. */
export interface SheetRow {
  id: string
  keys: string[]
  help: string
}

/** The lines of one context, under its title. */
export interface SheetGroup {
  context: WindowContext | FocusScope
  title: string
  rows: SheetRow[]
}

const row = (b: Binding | ElementBinding): SheetRow[] =>
  b.help === null ? [] : [{ id: b.id, keys: keyLabelsOf(b), help: b.help }]

/**
 * The shortcut sheet for the active contexts (most specific first, as `activeContexts` gives them): each layer, the
 * view and the elements on it that have keys, then global. Beneath a modal layer only the keys that get through it
 * are listed, so the sheet shows exactly the keys that work where the user is.
 */
export function sheetGroups(
  contexts: readonly WindowContext[],
  bindings: readonly Binding[] = BINDINGS,
  elements: readonly ElementBinding[] = ELEMENT_BINDINGS
): SheetGroup[] {
  const groups: SheetGroup[] = []
  let belowModal = false
  for (const context of contexts) {
    const info = CONTEXTS[context]
    const rows = bindings.filter((b) => contextsOf(b).includes(context) && (!belowModal || b.everywhere)).flatMap(row)
    groups.push({ context, title: info.title, rows })
    if (info.kind === 'view' && !belowModal) {
      for (const scope of Object.keys(SCOPES) as FocusScope[]) {
        if (!(SCOPES[scope].shownIn as readonly WindowContext[]).includes(context)) continue
        groups.push({
          context: scope,
          title: SCOPES[scope].title,
          rows: elements.filter((b) => b.when === scope).flatMap(row)
        })
      }
    }
    if (info.modal) belowModal = true
  }
  return groups.filter((g) => g.rows.length > 0)
}
