import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import sheet from '../styles/sheet.module.css'

/**
 * A dialog over the window on a dimmed backdrop: a click on the backdrop closes it, a click inside does not. Esc is
 * the keymap's (the dialog's layer), unless the dialog takes its own keys with `onKeyDown`. It takes the focus when
 * it opens (unless something in it took it already) and gives it back where it was when it closes: the `?` sheet
 * opened with the focus left behind it, on the page a keyboard user could no longer see.
 */
export function ModalSheet({
  label,
  testId,
  className,
  onClose,
  onKeyDown,
  children
}: {
  label: string
  testId: string
  /** The sheet's look: `sheet.sheet` for a small dialog, `editorSheet.sheet` for a text in an editor. */
  className: string
  onClose: () => void
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void
  children: ReactNode
}): ReactNode {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const el = box.current
    if (el && !el.contains(document.activeElement)) el.focus({ preventScroll: true })
    return () => {
      if (before?.isConnected) before.focus({ preventScroll: true })
    }
  }, [])
  return (
    <div className={sheet.backdrop} onClick={onClose}>
      <div
        ref={box}
        tabIndex={-1}
        style={{ outline: 'none' }}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  )
}
