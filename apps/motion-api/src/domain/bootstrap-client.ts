// The quick-start client: created with a dev plan the first time an API process starts, so `./run start` is
// usable at once. Only API processes do it: a worker has no MOTION_CLIENT_SECRET of its own.
import type { AccountRepository } from './ports.js'

export interface BootstrapClient { id: string, secret: string, credits: number, maxVariants: number }

export async function ensureBootstrapClient (accounts: AccountRepository, client: BootstrapClient): Promise<void> {
  if (client.id === '' || await accounts.getClient(client.id) !== undefined) return
  const plan = await accounts.upsertPlan({ name: 'dev', credits: client.credits, maxVariants: client.maxVariants, periodDays: 30 })
  try {
    await accounts.createClient({ id: client.id, secret: client.secret, plan })
  } catch (error) {
    // Another API replica starting at the same moment created it first.
    if (await accounts.getClient(client.id) === undefined) throw error
  }
}
