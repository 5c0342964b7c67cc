import type { ReactNode } from 'react'

/** The episode view's keys, as `?` shows them. */
export const EPISODE_SHORTCUTS: [string, string][] = [
  ['j / k', 'next / previous turn'],
  ['n / p', 'next / previous episode in the table order'],
  ['e / x', 'expand / collapse every long text, reasoning and tool call'],
  ['c', 'copy the highlighted turn as text'],
  ['Esc', 'back to the episodes (or close this sheet)'],
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
