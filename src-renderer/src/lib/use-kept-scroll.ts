import { useLayoutEffect, useRef, type RefObject } from 'react'

/** Where each kept view was scrolled to, by its key; the oldest dropped past KEPT_MAX. */
const kept = new Map<string, number>()
const KEPT_MAX = 50

/**
 * Keeps a scrolled box's position under `key` while it is shown, and puts it back when the box is shown again (`ready`
 * turning true, its content drawn): back from a task's side-by-side, the comparison was at its top, and the Tasks
 * table it was opened from had to be scrolled to again every time.
 */
export function useKeptScroll<T extends HTMLElement>(key: string, ready: boolean): RefObject<T | null> {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !ready) return
    const top = kept.get(key)
    if (top !== undefined) el.scrollTop = top
    const onScroll = (): void => {
      kept.delete(key)
      kept.set(key, el.scrollTop)
      if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value as string)
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    return () => el.removeEventListener('scroll', onScroll)
  }, [key, ready])
  return ref
}
