import type { ImageRef } from '@contract/model'

/** How an image of a turn is shown: inline when it is data the app already holds, else only named. */
export type ImageView = { kind: 'inline'; src: string; mime: string | null } | { kind: 'reference'; label: string }

/** Raster and SVG data URIs are shown (an <img> never runs script, and CSP allows `data:` images only). */
const INLINE = /^data:image\/(png|jpe?g|gif|webp|bmp|avif|svg\+xml)[;,]/i

/**
 * The app fetches nothing from outside (no tracking pixels from untrusted traces): http(s) and file images are named,
 * not loaded; data URIs are shown.
 */
export function imageView(image: ImageRef): ImageView {
  if (INLINE.test(image.src)) return { kind: 'inline', src: image.src, mime: image.mime }
  const label = image.src.startsWith('data:')
    ? `${image.mime ?? 'data'} (${image.src.length.toLocaleString('en-US')} characters, not an image type shown inline)`
    : image.src
  return { kind: 'reference', label }
}
