/** The class names that are set, joined for `className`: `cx(css.row, active && css.active)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}
