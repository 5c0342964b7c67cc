import type { ReactNode } from 'react'

/** A plain select over a fixed list of choices, typed by their ids. */
export function ChoiceSelect<T extends string>(props: {
  value: T
  choices: readonly { id: T; label: string }[]
  onChange(value: T): void
  testId: string
  ariaLabel?: string
}): ReactNode {
  return (
    <select
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as T)}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
    >
      {props.choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.label}
        </option>
      ))}
    </select>
  )
}
