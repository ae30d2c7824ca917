import { afterEach, expect, it, vi } from 'vitest'
import { freePort, suiteBudget } from '../src/index.js'
import { createServer } from 'node:net'

afterEach(() => { vi.useRealTimers() })

it('suiteBudget passes within the budget and throws once it is spent', () => {
  vi.useFakeTimers()
  const check = suiteBudget(1000)
  expect(check).not.toThrow()
  vi.advanceTimersByTime(1001)
  expect(check).toThrow('suite over its 1 s budget')
})

it('freePort gives a port a server can listen on', async () => {
  const port = await freePort()
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  expect((server.address() as { port: number }).port).toBe(port)
  await new Promise((resolve) => server.close(resolve))
})
