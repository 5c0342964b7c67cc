import type { ReactNode } from 'react'

/** The episode view's keys, as `?` shows them. */
export const EPISODE_SHORTCUTS: [string, string][] = [
  ['j / k', 'next / previous turn'],
  ['n / p', 'next / previous episode in the table order'],
  ['[ / ]', 'the same task in the previous / next run'],
  ['/', 'find in this episode (Enter / Shift+Enter: next / previous match)'],
  ['e / x', 'expand / collapse every prompt, long text, reasoning and tool call'],
  ['c', 'copy the highlighted turn as text'],
  ['1 – 9', 'apply / remove the label with that key on the episode'],
  ['Shift + 1 – 9', 'apply / remove the label on the highlighted turn'],
  ['Esc', 'close this sheet or the find bar, else back to the episodes'],
  ['?', 'show / hide this sheet']
]

export function ShortcutSheet({ onClose }: { onClose(): void }): ReactNode {
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div className="sheet" role="dialog" aria-label="Keyboard shortcuts" data-testid="shortcut-sheet" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {EPISODE_SHORTCUTS.map(([keys, what]) => (
              <tr key={keys}>
                <td className="mono">{keys}</td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  )
}
