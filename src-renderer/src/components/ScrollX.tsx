import { useEffect, useRef, useState, type ReactNode } from 'react'
import tables from '../styles/tables.module.css'

/**
 * A table's sideways scroller. While its table is wider than it (a narrow window), it is a named tab stop, so the
 * hidden columns can be scrolled to from the keyboard (arrow keys); while everything fits it is no stop at all.
 */
export function ScrollX({ label, children }: { label: string; children: ReactNode }): ReactNode {
  const ref = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const check = (): void => setScrolls(el.scrollWidth > el.clientWidth)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(el)
    if (el.firstElementChild) observer.observe(el.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={ref}
      className={tables.scrollX}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
    >
      {children}
    </div>
  )
}
