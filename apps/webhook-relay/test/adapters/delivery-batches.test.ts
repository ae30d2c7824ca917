// The claim's plan must not depend on table statistics: before autovacuum first analysed a fresh table, the planner
// answered the claim's join by reading every open delivery of the endpoint (10,000 rows for 15 jobs, 23 ms instead
// of 0.7), the deliveries' slow start. Run on tables that were never analysed, the claim touches its own rows only.
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

interface PlanNode { 'Relation Name'?: string, 'Actual Rows'?: number, 'Actual Loops'?: number, Plans?: PlanNode[] }

/** Rows each scan of relay_deliveries produced, over all its loops. */
function deliveryRowsRead (node: PlanNode): number[] {
  const own = node['Relation Name'] === 'relay_deliveries' ? [(node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)] : []
  return [...own, ...(node.Plans ?? []).flatMap(deliveryRowsRead)]
}

describe('delivery claims on tables never analysed', () => {
  it('read only the claimed rows of relay_deliveries, not every open delivery of the endpoint', async () => {
    const plans: PlanNode[] = []
    // Runs the claim under EXPLAIN ANALYZE instead of for real, keeping the plan.
    const explaining: SqlExecutor = {
      query: async <R>(sql: string, params?: readonly unknown[]) => {
        const { rows } = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)
        plans.push(...(rows[0]?.['QUERY PLAN'] ?? []).map((p) => p.Plan))
        return { rows: [] as R[], rowCount: 0 }
      }
    }
    const jobs = Array.from({ length: 15 }, (_, i) => ({ deliveryId: `dlv_${String(100 + i * 7).padStart(6, '0')}`, endpointId: 'ep_a', attempt: 1 }))
    const store = new DeliveryStore({ ...db, query: explaining.query } as Database)
    await store.claimMany(jobs, new Date(Date.now() + 5000))
    expect(plans).toHaveLength(1)
    const reads = deliveryRowsRead(plans[0] as PlanNode)
    expect(reads.length).toBeGreaterThan(0)
    expect(Math.max(...reads)).toBeLessThanOrEqual(jobs.length)
  })
})
