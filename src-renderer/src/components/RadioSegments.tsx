import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { choiceAfterKey } from '../lib/roving-choice'
import { cx } from '../lib/cx'
import controls from '../styles/controls.module.css'

export interface RadioSegment<T extends string> {
  id: T
  /** What the button shows. */
  content: ReactNode
  /** The accessible name, when the content is a glyph. */
  ariaLabel?: string
  title?: string
  testId?: string
}

/**
 * Joined buttons of which one is on (a theme, what a cell shows), as a radio group: one tab stop, the checked choice;
 * the arrow keys, Home and End move to another choice and check it.
 */
export function RadioSegments<T extends string>(props: {
  label: string
  value: T
  choices: readonly RadioSegment<T>[]
  onChange(value: T): void
  className?: string
  testId?: string
}): ReactNode {
  const group = useRef<HTMLSpanElement>(null)
  const checked = Math.max(
    0,
    props.choices.findIndex((c) => c.id === props.value)
  )
  const onKeyDown = (e: KeyboardEvent): void => {
    const next = choiceAfterKey(e.key, checked, props.choices.length)
    if (next === null || e.altKey || e.ctrlKey || e.metaKey) return
    // the arrows are the group's here, not the app's (row to row, turn to turn)
    e.preventDefault()
    e.stopPropagation()
    props.onChange(props.choices[next].id)
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus()
  }
  return (
    <span
      ref={group}
      className={cx(controls.seg, props.className)}
      role="radiogroup"
      aria-label={props.label}
      data-testid={props.testId}
      onKeyDown={onKeyDown}
    >
      {props.choices.map((c, i) => (
        <button
          key={c.id}
          type="button"
          role="radio"
          aria-checked={c.id === props.value}
          tabIndex={i === checked ? 0 : -1}
          aria-label={c.ariaLabel}
          title={c.title}
          data-testid={c.testId}
          onClick={() => props.onChange(c.id)}
        >
          {c.content}
        </button>
      ))}
    </span>
  )
}
