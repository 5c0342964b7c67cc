/** Terminal escape sequences are removed before display: one definition, shared with the engine (search, exports). */
export { hasAnsi, stripAnsi } from '@contract/terminal-text'
