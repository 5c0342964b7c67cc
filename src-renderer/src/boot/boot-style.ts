/**
 * The first paint's own look, as a constant style sheet the boot script adds beside its layer (the app's CSS
 * Modules have hashed class names it cannot know). It copies the transcript's: the sidebar's width and colour, the
 * turn card (styles/turn.module.css), its head (TurnCard.module.css) and the role badges, from the theme's tokens
 * (theme.css, already loaded), so light and dark come for free. Every class is `bp-` and lives under #boot-paint.
 */
export const BOOT_STYLE = `
#boot-paint { position: fixed; inset: 0; z-index: 50; display: flex; background: var(--bg); color: var(--fg); overflow: hidden; }
#boot-paint .bp-side { width: 300px; flex-shrink: 0; background: var(--bg-side); border-right: 1px solid var(--border); padding: 10px 12px; }
#boot-paint .bp-brand { font-weight: 600; font-size: 15px; }
#boot-paint .bp-main { flex: 1; min-width: 0; display: flex; flex-direction: column; }
#boot-paint .bp-bar { display: flex; align-items: center; gap: 10px; padding: 6px 12px; border-bottom: 1px solid var(--border); min-height: 35px; }
#boot-paint .bp-title { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#boot-paint .bp-note { margin-left: auto; color: var(--fg-faint); font-size: 12px; flex-shrink: 0; }
#boot-paint .bp-tabs { display: flex; gap: 6px; align-items: baseline; padding: 8px 16px 6px; border-bottom: 1px solid var(--border); }
#boot-paint .bp-tab { font-weight: 600; }
#boot-paint .bp-count, #boot-paint .bp-muted { color: var(--fg-muted); }
#boot-paint .bp-rows { flex: 1; min-height: 0; overflow: hidden; padding: 8px 16px 0; }
#boot-paint .bp-turn { border: 1px solid var(--border); border-left: 3px solid var(--border-strong); border-radius: 6px; background: var(--bg-raised); padding: 6px 10px 8px; box-shadow: var(--shadow); margin-bottom: 8px; }
#boot-paint .bp-turn[data-role='system'] { border-left-color: var(--role-system); }
#boot-paint .bp-turn[data-role='user'] { border-left-color: var(--role-user); }
#boot-paint .bp-turn[data-role='assistant'] { border-left-color: var(--role-assistant); }
#boot-paint .bp-turn[data-role='tool'] { border-left-color: var(--role-tool); }
#boot-paint .bp-turn[data-role='env'] { border-left-color: var(--role-env); }
#boot-paint .bp-turn.bp-prompt { background: var(--bg-panel); }
#boot-paint .bp-turn.bp-active { outline: 2px solid var(--focus); outline-offset: -1px; }
#boot-paint .bp-head { display: flex; align-items: center; gap: 8px; margin-bottom: 4px; min-width: 0; }
#boot-paint .bp-index { font-family: var(--font-mono); color: var(--fg-faint); font-size: 11px; min-width: 24px; }
#boot-paint .bp-badge { font-size: 11px; font-weight: 600; padding: 0 6px; border-radius: 8px; }
#boot-paint .bp-turn[data-role='system'] .bp-badge { color: var(--role-system); background: color-mix(in srgb, var(--role-system) 14%, transparent); }
#boot-paint .bp-turn[data-role='user'] .bp-badge { color: var(--role-user); background: color-mix(in srgb, var(--role-user) 14%, transparent); }
#boot-paint .bp-turn[data-role='assistant'] .bp-badge { color: var(--role-assistant); background: color-mix(in srgb, var(--role-assistant) 14%, transparent); }
#boot-paint .bp-turn[data-role='tool'] .bp-badge { color: var(--role-tool); background: color-mix(in srgb, var(--role-tool) 14%, transparent); }
#boot-paint .bp-turn[data-role='env'] .bp-badge { color: var(--role-env); background: color-mix(in srgb, var(--role-env) 14%, transparent); }
#boot-paint .bp-tag { font-size: 11px; color: var(--fg-muted); border: 1px solid var(--border); border-radius: 4px; padding: 0 4px; }
#boot-paint .bp-tool { font-family: var(--font-mono); font-size: 12px; color: var(--role-tool); }
#boot-paint .bp-meta { font-size: 11px; color: var(--fg-faint); }
#boot-paint .bp-spacer { flex: 1; }
#boot-paint .bp-line-row { display: flex; gap: 10px; align-items: baseline; min-width: 0; color: var(--fg-muted); }
#boot-paint .bp-line { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#boot-paint .bp-size { flex-shrink: 0; font-size: 11px; color: var(--fg-muted); }
#boot-paint .bp-reasoning { margin: 2px 0 6px; font-weight: 500; font-size: 12px; color: var(--fg-muted); }
#boot-paint .bp-text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-family: inherit; font-size: 13px; }
#boot-paint .bp-text.bp-mono { font-family: var(--font-mono); font-size: 12px; }
#boot-paint .bp-more { margin-top: 4px; font-size: 12px; color: var(--accent); }
#boot-paint .bp-call { margin-top: 6px; }
#boot-paint .bp-call-head { display: flex; gap: 6px; align-items: baseline; font-size: 12px; }
#boot-paint .bp-call-name { font-family: var(--font-mono); font-weight: 600; color: var(--role-tool); }
#boot-paint .bp-call-id { font-family: var(--font-mono); font-size: 11px; color: var(--fg-faint); }
#boot-paint .bp-code { margin: 4px 0 0; padding: 6px 8px; background: var(--bg-code); border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 240px; overflow: hidden; }
`
