import type { Binding, KeyEnv } from './binding'
import { contextsOf } from './binding'
import { matchesKey, rememberKey, type KeyLike } from './chords'
import { activeContexts, CONTEXTS, type HookLayer, type WindowContext } from './contexts'
import { isComposing, isTypingTarget } from './guards'
import { BINDINGS } from './registry'

/** The part of a keydown event the dispatcher reads and acts on (a plain object in tests). */
export interface KeyEventLike extends KeyLike {
  isComposing?: boolean
  keyCode?: number
  defaultPrevented: boolean
  target: EventTarget | null
  preventDefault(): void
}

/** The bindings of each context, in registry order. */
export function bindingsByContext(bindings: readonly Binding[]): Map<WindowContext, Binding[]> {
  const out = new Map<WindowContext, Binding[]>()
  for (const b of bindings) for (const c of contextsOf(b)) out.set(c, [...(out.get(c) ?? []), b])
  return out
}

const REGISTRY = bindingsByContext(BINDINGS)

/**
 * Runs the binding this key stands for where the user is, and returns it (null when no binding took the key).
 * Contexts are tried from the most specific (the top layer) to global; below a modal layer only `everywhere` keys
 * apply. A key something else already handled (defaultPrevented: a focused table, a text box's own Esc), a key of
 * an input method's composition, or a key typed in a text field (unless the binding works there) is left alone.
 */
export function dispatchKey(
  e: KeyEventLike,
  env: KeyEnv,
  hookLayers: readonly HookLayer[],
  byContext: Map<WindowContext, Binding[]> = REGISTRY
): Binding | null {
  if (e.defaultPrevented || isComposing(e)) return null
  const hit = findAndRun(e, env, hookLayers, byContext)
  // a doubled key (`g g`) matches on its second press: remember this key, unless it was that second press
  rememberKey(hit?.keys.some(([spec]) => spec.includes(' ')) ? null : e)
  return hit
}

function findAndRun(
  e: KeyEventLike,
  env: KeyEnv,
  hookLayers: readonly HookLayer[],
  byContext: Map<WindowContext, Binding[]>
): Binding | null {
  const typing = isTypingTarget(e.target)
  let belowModal = false
  for (const context of activeContexts(env.store.getState(), hookLayers)) {
    for (const b of byContext.get(context) ?? []) {
      if (belowModal && !b.everywhere) continue
      if (typing && !b.inFields && !b.everywhere) continue
      const hit = b.keys.find(([spec]) => matchesKey(spec, e))
      if (!hit || hit[1](env, e) === false) continue
      e.preventDefault()
      return b
    }
    if (CONTEXTS[context].modal) belowModal = true
  }
  return null
}
