/**
 * The choice a key moves to inside a radio group (WAI-ARIA's radio group pattern): the arrows go to the next or
 * previous choice, wrapping round; Home and End to the first and last. Null for any other key (the group leaves it to
 * the app's keymap).
 */
export function choiceAfterKey(key: string, index: number, count: number): number | null {
  if (count <= 0) return null
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
