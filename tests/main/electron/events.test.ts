import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow } from 'electron'
import { IPC_EVENT_CHANNEL, type TraceEvent } from '@contract/api'
import { forwardEngineEvents, progressBarValue } from '../../../src-main/electron/events'
import { FakeWindow, progress } from './fakes'

describe('progressBarValue', () => {
  it('is -1 (no bar) unless scanning or indexing', () => {
    for (const state of ['idle', 'done', 'cancelled', 'error'] as const) {
      expect(progressBarValue(progress({ state, bytesTotal: 10, bytesDone: 5 })), state).toBe(-1)
    }
  })
  it('is the byte fraction while indexing, the file fraction without byte totals, indeterminate without either', () => {
    expect(
      progressBarValue(progress({ state: 'indexing', bytesTotal: 1000, bytesDone: 250, filesTotal: 4, filesDone: 3 }))
    ).toBe(0.25)
    expect(progressBarValue(progress({ state: 'indexing', filesTotal: 4, filesDone: 3 }))).toBe(0.75)
    expect(progressBarValue(progress({ state: 'scanning' }))).toBe(2)
    // waiting for another process indexing the database: indeterminate, whatever the totals of the last job
    expect(progressBarValue(progress({ state: 'waiting', bytesTotal: 10, bytesDone: 5 }))).toBe(2)
    expect(progressBarValue(progress({ state: 'indexing', bytesTotal: 100, bytesDone: 130 }))).toBe(1)
  })
})

describe('forwardEngineEvents', () => {
  const setup = () => {
    let listener: ((e: TraceEvent) => void) | null = null
    const unsubscribe = vi.fn()
    const engine = {
      onEvent: vi.fn((l: (e: TraceEvent) => void) => {
        listener = l
        return unsubscribe
      })
    }
    let win: FakeWindow | null = new FakeWindow({})
    const off = forwardEngineEvents(engine, () => win as unknown as BrowserWindow)
    expect(off).toBe(unsubscribe)
    return {
      emit: (e: TraceEvent) => listener!(e),
      get win() {
        return win
      },
      setWin: (w: FakeWindow | null) => (win = w)
    }
  }

  it('sends every event to the renderer and drives the progress bar from indexProgress', () => {
    const s = setup()
    const running: TraceEvent = {
      name: 'indexProgress',
      payload: progress({ state: 'indexing', bytesTotal: 200, bytesDone: 50 })
    }
    const changed: TraceEvent = { name: 'workspaceChanged', payload: { runIds: ['r1', 'r2'] } }
    const done: TraceEvent = {
      name: 'indexProgress',
      payload: progress({ state: 'done', bytesTotal: 200, bytesDone: 200 })
    }
    s.emit(running)
    s.emit(changed)
    s.emit(done)
    expect(s.win!.webContents.send.mock.calls).toEqual([
      [IPC_EVENT_CHANNEL, running],
      [IPC_EVENT_CHANNEL, changed],
      [IPC_EVENT_CHANNEL, done]
    ])
    expect(s.win!.setProgressBar.mock.calls).toEqual([[0.25], [-1]])
  })

  it('goes to the current window, and drops events while there is none or it is destroyed', () => {
    const s = setup()
    const first = s.win!
    first.destroyed = true
    s.emit({ name: 'workspaceChanged', payload: { runIds: [] } })
    expect(first.webContents.send).not.toHaveBeenCalled()
    s.setWin(null)
    s.emit({ name: 'workspaceChanged', payload: { runIds: [] } })
    const second = new FakeWindow({})
    s.setWin(second)
    s.emit({ name: 'workspaceChanged', payload: { runIds: ['x'] } })
    expect(second.webContents.send).toHaveBeenCalledExactlyOnceWith(IPC_EVENT_CHANNEL, {
      name: 'workspaceChanged',
      payload: { runIds: ['x'] }
    })
  })
})
