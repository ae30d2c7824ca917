// The claim's plan must not depend on table statistics: before autovacuum first analysed a fresh table, the planner
// answered the claim's join by reading every open delivery of the endpoint (10,000 rows for 15 jobs, 23 ms instead
// of 0.7), the deliveries' slow start. Run on tables that were never analysed, the claim touches its own rows only.
// Nor on statistics taken while open deliveries were few (nearly every row succeeded): when a backlog came in after
// that ANALYZE, claims, outcomes and lease renewals scanned the status index, reading every open delivery each time.
import { migrate, openDatabase, type Database, type SqlExecutor } from '@openmotion/common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeliveryStore } from '../../src/adapters/delivery-store.js'
import { migrations } from '../../src/adapters/migrations.js'

let db: Database
const OPEN = 3000

beforeAll(async () => {
  db = await openDatabase({})
  await migrate(db, 'webhook-relay', migrations)
  await db.query("INSERT INTO relay_tenants (id, name) VALUES ('tnt_1', 't')")
  await db.query("INSERT INTO relay_endpoints (id, tenant_id, url, secret) VALUES ('ep_a', 'tnt_1', 'http://127.0.0.1:9/a', 'whsec_x')")
  await db.query(`INSERT INTO relay_messages (id, tenant_id, event, data, key_id)
    SELECT 'msg_' || lpad(i::text, 6, '0'), 'tnt_1', 'e', '{}', '' FROM generate_series(1, ${OPEN}) i`)
  await db.query(`INSERT INTO relay_deliveries (id, message_id, endpoint_id, tenant_id, status, next_attempt_at)
    SELECT 'dlv_' || lpad(i::text, 6, '0'), 'msg_' || lpad(i::text, 6, '0'), 'ep_a', 'tnt_1', 'pending', now() FROM generate_series(1, ${OPEN}) i`)
})
afterAll(async () => { await db.close() })

interface PlanNode {
  'Node Type'?: string
  'Relation Name'?: string
  'Index Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  Plans?: PlanNode[]
}

/** Rows each scan of relay_deliveries produced, over all its loops. */
function deliveryRowsRead (node: PlanNode): number[] {
  const own = node['Relation Name'] === 'relay_deliveries' ? [(node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)] : []
  return [...own, ...(node.Plans ?? []).flatMap(deliveryRowsRead)]
}

/** A store whose statements run under EXPLAIN ANALYZE (so for real), keeping their plans in `plans`. */
function explainingStore (plans: PlanNode[]): DeliveryStore {
  const explaining: SqlExecutor = {
    query: async <R>(sql: string, params?: readonly unknown[]) => {
      const { rows } = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)
      plans.push(...(rows[0]?.['QUERY PLAN'] ?? []).map((p) => p.Plan))
      return { rows: [] as R[], rowCount: 0 }
    }
  }
  return new DeliveryStore({ ...db, query: explaining.query } as Database)
}

const jobsFrom = (first: number) =>
  Array.from({ length: 15 }, (_, i) => ({ deliveryId: `dlv_${String(first + i * 7).padStart(6, '0')}`, endpointId: 'ep_a', attempt: 1 }))

/** How each scan of relay_deliveries found its rows: the index's name, or the node type (a sequential scan). */
function deliveryAccess (node: PlanNode): string[] {
  const scansDeliveries = node['Relation Name'] === 'relay_deliveries' || node['Index Name']?.startsWith('relay_deliveries') === true
  const own = scansDeliveries && node['Node Type'] !== 'ModifyTable' && node['Node Type'] !== 'Bitmap Heap Scan'
    ? [node['Index Name'] ?? node['Node Type'] ?? '?']
    : []
  return [...own, ...(node.Plans ?? []).flatMap(deliveryAccess)]
}

describe('delivery claims on tables never analysed', () => {
  it('read only the claimed rows of relay_deliveries, not every open delivery of the endpoint', async () => {
    const plans: PlanNode[] = []
    const jobs = jobsFrom(100)
    await explainingStore(plans).claimMany(jobs, new Date(Date.now() + 5000))
    expect(plans).toHaveLength(1)
    const reads = deliveryRowsRead(plans[0] as PlanNode)
    expect(reads.length).toBeGreaterThan(0)
    expect(Math.max(...reads)).toBeLessThanOrEqual(jobs.length)
  })
})

describe('claims, outcomes and lease renewals with statistics from a quiet moment', () => {
  it('find their rows by primary key, not through a status index, when a backlog came in after the last ANALYZE', async () => {
    // Analysed while every delivery had succeeded; then a backlog of open deliveries, not analysed yet.
    await db.query("UPDATE relay_deliveries SET status = 'succeeded'")
    await db.query('ANALYZE relay_deliveries')
    await db.query("UPDATE relay_deliveries SET status = 'pending', attempts = 0, lease_until = NULL")
    const plans: PlanNode[] = []
    const store = explainingStore(plans)
    const claimed = jobsFrom(1000)
    await store.claimMany(claimed, new Date(Date.now() + 5000))
    const held = claimed.map((j) => j.deliveryId)
    await store.renewLeases(held, new Date(Date.now() + 5000))
    const real = new DeliveryStore(db)
    const deliveries = await Promise.all(held.map(async (id) => await real.get(id)))
    await store.finishMany(deliveries.map((delivery) => ({
      delivery: delivery!,
      record: { attempt: 1, at: new Date(), statusCode: 200, latencyMs: 1, responseBody: null, error: null, outcome: 'succeeded' as const },
      outcome: { status: 'succeeded' as const, nextAttemptAt: null, lastError: null }
    })))
    expect(plans).toHaveLength(3)
    for (const plan of plans) expect(new Set(deliveryAccess(plan))).toEqual(new Set(['relay_deliveries_pkey']))
  })
})
