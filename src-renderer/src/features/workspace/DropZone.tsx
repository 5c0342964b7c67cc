import { useState, type DragEvent, type ReactNode } from 'react'
import { useAppStore, useTransport } from '../../state/store-context'
import { droppedPaths } from './drop-paths'
import css from './DropZone.module.css'

const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer.types).includes('Files')

/** Wraps the window: files or folders dropped anywhere are added to the workspace (desktop app). */
export function DropZone(props: { children: ReactNode }): ReactNode {
  const { desktop } = useTransport()
  const store = useAppStore()
  const [over, setOver] = useState(false)

  const onDragOver = (e: DragEvent): void => {
    if (!hasFiles(e)) return
    e.preventDefault() // allow the drop (and keep the browser from navigating to the file)
    e.dataTransfer.dropEffect = desktop ? 'copy' : 'none'
    setOver(true)
  }
  const onDrop = (e: DragEvent): void => {
    if (!hasFiles(e)) return
    e.preventDefault()
    setOver(false)
    const paths = droppedPaths(e.dataTransfer.files, desktop)
    if (paths.length) void store.getState().addPaths(paths)
    else if (!desktop)
      store
        .getState()
        .pushInfo(
          'Drag and drop works in the desktop app. In browser mode, use Add folder… and type a path on the server.'
        )
  }

  return (
    <div
      className={css.zone}
      data-testid="drop-zone"
      onDragOver={onDragOver}
      onDragLeave={(e) => e.currentTarget === e.target && setOver(false)}
      onDrop={onDrop}
    >
      {props.children}
      {over && (
        <div className={css.hint}>
          {desktop ? 'Drop files or folders to add them to the workspace' : 'Drag and drop needs the desktop app'}
        </div>
      )}
    </div>
  )
}
