/// <reference types="vite/client" />
import type { PreloadBridge } from '@contract/api'

declare global {
  interface Window {
    /** Present only inside the Electron app (exposed by the preload); absent in browser mode. */
    rollscope?: PreloadBridge
  }
}

export {}
