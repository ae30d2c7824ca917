import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithService } from '../../src/describe-with-service.ts'

describeWithService('postgres', (url) => {
  let client: pg.Client

  beforeAll(async () => {
    client = new pg.Client({ connectionString: url })
    await client.connect()
  })

  afterAll(async () => {
    await client.end()
  })

  it('answers select 1 as the user and database named in the URL', async () => {
    const { rows } = await client.query<{ one: number, who: string, db: string }>(
      'select 1 as one, current_user as who, current_database() as db')
    const expected = new URL(url)
    expect(rows).toEqual([{ one: 1, who: decodeURIComponent(expected.username), db: expected.pathname.slice(1) }])
  })

  it('lets the test user create a table, write and read a row', async () => {
    await client.query('create temporary table smoke (id int primary key, label text not null)')
    await client.query('insert into smoke (id, label) values ($1, $2)', [7, 'seven'])
    const { rows } = await client.query<{ label: string }>('select label from smoke where id = $1', [7])
    expect(rows).toEqual([{ label: 'seven' }])
  })

  // Tests drop scratch databases WITH (FORCE); an autovacuum worker in one counts as another role's session.
  it('lets the test user end other roles\' sessions, so a forced drop of a scratch database never meets a refusal', async () => {
    const { rows } = await client.query<{ member: boolean }>(
      "select pg_has_role(current_user, 'pg_signal_backend', 'USAGE') as member")
    expect(rows).toEqual([{ member: true }])
  })
})
