import { readFileSync } from 'node:fs'
import { openDatabase } from '@openmotion/common'
import { describe, expect, it } from 'vitest'
import { buildApp, relayConfig } from '../src/app.js'

interface Dashboard { panels: { datasource: { uid: string }, targets: { expr: string }[] }[] }

describe('Grafana dashboard', () => {
  it('queries only metrics the relay exports, through the provisioned prometheus datasource', async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../../deploy/grafana/dashboards/webhook-relay.json', import.meta.url), 'utf8')) as Dashboard
    const db = await openDatabase({})
    const app = await buildApp(relayConfig.load({ LOG_LEVEL: 'silent' }), { db, worker: false })
    const exported = new Set((await app.metrics.registry.getMetricsAsJSON()).map((m) => m.name))
    await app.close()
    await db.close()
    const used = dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) => [...t.expr.matchAll(/(webhook_[a-z_]+?)(?:_bucket|_count|_sum)?[{[]/g)].map((m) => m[1]))
    )
    expect(used.length).toBeGreaterThan(10)
    for (const name of used) expect(exported).toContain(name)
    expect(new Set(dashboard.panels.map((p) => p.datasource.uid))).toEqual(new Set(['prometheus']))
  })
})
