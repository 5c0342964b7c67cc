// the global sheets first: every component's CSS Module comes after them in the bundle, so a module's rule wins a tie
// with a bare element's (`.seg button[aria-checked]` over `button:hover`)
import './styles/theme.css'
import './styles/base.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createTransport } from './api/transport'
import { App } from './App'
import { KeymapRoot } from './keymap/KeymapRoot'
import { installRunColors } from './lib/run-colors'
import { followThemeNatively, themeState } from './lib/theme'
import { wireEvents } from './state/events'
import { bindHashRoute, restoreLastRoute } from './state/hash-sync'
import { bootstrap, createAppStore } from './state/store'
import { AppProvider } from './state/store-context'

installRunColors(document)
// <html data-theme> before the first render, so nothing is drawn in the other scheme first
const theme = themeState()
const transport = createTransport(window)
followThemeNatively(theme, transport.desktop)
const store = createAppStore(transport.api)
wireEvents(store, transport.onEvent)
bindHashRoute(store, window, localStorage)
// a restart (no view in the URL) goes back to where the last session was
void bootstrap(store).then(() => restoreLastRoute(store, window, localStorage))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider store={store} transport={transport}>
      <KeymapRoot>
        <App />
      </KeymapRoot>
    </AppProvider>
  </StrictMode>
)
