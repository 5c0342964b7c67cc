import type { KeyboardEvent, ReactNode } from 'react'
import sheet from '../styles/sheet.module.css'

/**
 * A dialog over the window on a dimmed backdrop: a click on the backdrop closes it, a click inside does not. Esc is
 * the keymap's (the dialog's layer), unless the dialog takes its own keys with `onKeyDown`.
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
  return (
    <div className={sheet.backdrop} onClick={onClose}>
      <div
        className={className}
        role="dialog"
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
