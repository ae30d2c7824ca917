import { describe, expect, it } from 'vitest'
import { logLevel } from 'kafkajs'
import { createLogger } from '@openmotion/common'
import { kafkaLogCreator } from '../src/kafka-queue.js'

describe('kafkajs log lines', () => {
  it('are written by the relay logger at the matching level, tagged component=kafkajs', () => {
    const lines: Array<Record<string, unknown>> = []
    const logger = createLogger({ name: 'webhook-relay', level: 'debug', destination: { write: (line: string) => { lines.push(JSON.parse(line)) } } })
    const log = kafkaLogCreator(logger)()
    const entry = (level: logLevel, message: string) => ({ namespace: 'Connection', level, label: '', log: { timestamp: '', logger: 'kafkajs', message, broker: '127.0.0.1:1' } })
    log(entry(logLevel.ERROR, 'Connection error: connect ECONNREFUSED'))
    log(entry(logLevel.WARN, 'slow'))
    log(entry(logLevel.INFO, 'joined'))
    log(entry(logLevel.DEBUG, 'fetch'))
    expect(lines.map((l) => [l.level, l.msg, l.component, l.broker])).toEqual([
      [50, 'Connection error: connect ECONNREFUSED', 'kafkajs', '127.0.0.1:1'],
      [40, 'slow', 'kafkajs', '127.0.0.1:1'],
      [30, 'joined', 'kafkajs', '127.0.0.1:1'],
      [20, 'fetch', 'kafkajs', '127.0.0.1:1']
    ])
  })
})
