import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BackgroundTasks, retryUntilDone, startPeriodicTask } from '../src/background-work.js'

function deferred<V = void> (): { promise: Promise<V>, resolve: (value: V) => void, reject: (error: Error) => void } {
  let settle!: { resolve: (value: V) => void, reject: (error: Error) => void }
  const promise = new Promise<V>((resolve, reject) => { settle = { resolve, reject } })
  return { promise, resolve: (value) => { settle.resolve(value) }, reject: (error) => { settle.reject(error) } }
}

const quietLogger = () => ({ error: vi.fn() })

describe('startPeriodicTask', () => {
  beforeEach(() => { vi.useFakeTimers() })
  afterEach(() => { vi.useRealTimers() })

  it('runs first one interval after the start, then one interval after each run ends', async () => {
    let runs = 0
    const task = startPeriodicTask({ name: 't', everyMs: 100, logger: quietLogger(), run: async () => { runs++ } })
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(99)
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(2)
    await task.stop()
  })

  it('never overlaps itself: a slow run delays the next tick instead of starting a second run', async () => {
    let active = 0
    let most = 0
    const gate = deferred()
    const task = startPeriodicTask({
      name: 't',
      everyMs: 10,
      logger: quietLogger(),
      run: async () => {
        active++
        most = Math.max(most, active)
        await gate.promise
        active--
      }
    })
    await vi.advanceTimersByTimeAsync(10)
    const slow = task.runNow()
    await vi.advanceTimersByTimeAsync(100)
    expect(most).toBe(1)
    gate.resolve()
    await slow
    await task.stop()
    expect(most).toBe(1)
  })

  it('logs a failed tick and ticks again', async () => {
    const logger = quietLogger()
    let runs = 0
    const task = startPeriodicTask({ name: 'sweep', everyMs: 50, logger, run: async () => { runs++; throw new Error('db down') } })
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(2)
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ task: 'sweep' }), 'sweep failed: tried again in 50 ms')
    await task.stop()
  })

  it('rejects runNow with the run\'s error, without logging it', async () => {
    const logger = quietLogger()
    const task = startPeriodicTask({ name: 't', everyMs: 1000, logger, run: async () => { throw new Error('boom') } })
    await expect(task.runNow()).rejects.toThrow('boom')
    expect(logger.error).not.toHaveBeenCalled()
    await task.stop()
  })

  it('queues runNow behind the run in flight, and calls made meanwhile share the queued run', async () => {
    const gates = [deferred<number>(), deferred<number>()]
    let runs = 0
    const task = startPeriodicTask({ name: 't', everyMs: 1000, logger: quietLogger(), run: async () => await gates[runs++]!.promise })
    const first = task.runNow()
    const second = task.runNow()
    const third = task.runNow()
    expect(runs).toBe(1)
    gates[0]!.resolve(1)
    expect(await first).toBe(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(2)
    gates[1]!.resolve(2)
    expect(await second).toBe(2)
    expect(await third).toBe(2)
    expect(runs).toBe(2)
    await task.stop()
  })

  it('stop waits for the run in flight and starts no more', async () => {
    const gate = deferred()
    let runs = 0
    let ended = false
    const task = startPeriodicTask({ name: 't', everyMs: 10, logger: quietLogger(), run: async () => { runs++; await gate.promise; ended = true } })
    await vi.advanceTimersByTimeAsync(10)
    let stopped = false
    const stopping = task.stop().then(() => { stopped = true })
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(false)
    gate.resolve()
    await stopping
    expect(ended).toBe(true)
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toBe(1)
    await expect(task.runNow()).rejects.toThrow('t is stopped')
  })
})

describe('BackgroundTasks', () => {
  it('logs a failed task with its fields instead of throwing', async () => {
    const logger = quietLogger()
    const tasks = new BackgroundTasks(logger)
    tasks.run(async () => { throw new Error('smtp down') }, { message: 'sending mail failed', fields: { kind: 'verification' } })
    await tasks.idle()
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'verification', err: expect.any(Error) }), 'sending mail failed')
  })

  it('idle waits for every task, including one started while waiting', async () => {
    const tasks = new BackgroundTasks(quietLogger())
    const first = deferred()
    const second = deferred()
    let done = 0
    tasks.run(async () => {
      await first.promise
      tasks.run(async () => { await second.promise; done++ }, { message: 'x' })
      done++
    }, { message: 'x' })
    let idle = false
    const waiting = tasks.idle().then(() => { idle = true })
    first.resolve()
    await new Promise((resolve) => setImmediate(resolve))
    expect(idle).toBe(false)
    second.resolve()
    await waiting
    expect(done).toBe(2)
  })

  it('close aborts the signal the tasks were given, then waits for them', async () => {
    const tasks = new BackgroundTasks(quietLogger())
    let sawAbort = false
    tasks.run(async (signal) => {
      await new Promise<void>((resolve) => { signal.addEventListener('abort', () => { resolve() }) })
      sawAbort = signal.aborted
    }, { message: 'x' })
    await tasks.close()
    expect(sawAbort).toBe(true)
  })
})

describe('retryUntilDone', () => {
  beforeEach(() => { vi.useFakeTimers() })
  afterEach(() => { vi.useRealTimers() })

  it('retries after each failure until the task succeeds', async () => {
    let calls = 0
    const done = retryUntilDone(async () => { if (++calls < 3) throw new Error('not yet') }, 1000, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(999)
    expect(calls).toBe(0)
    await vi.advanceTimersByTimeAsync(3000)
    await done
    expect(calls).toBe(3)
  })

  it('stops when the signal aborts', async () => {
    const closing = new AbortController()
    let calls = 0
    const done = retryUntilDone(async () => { calls++; throw new Error('never') }, 1000, closing.signal)
    await vi.advanceTimersByTimeAsync(2000)
    closing.abort()
    await done
    const after = calls
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toBe(after)
    expect(after).toBe(2)
  })
})
