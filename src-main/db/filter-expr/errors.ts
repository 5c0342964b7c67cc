/** A user mistake in a filter expression; `position` is 0-based, the message says the 1-based column. */
export class FilterError extends Error {
  /** 0-based column of the offending text (the expression's length when input ended too early). */
  readonly position: number

  constructor(what: string, position: number, hint?: string) {
    // The column is in the text too, so a CLI can print the message alone and still be precise.
    super(`${what} at column ${position + 1}${hint ? ` — ${hint}` : ''}`)
    this.name = 'FilterError'
    this.position = position
  }
}
