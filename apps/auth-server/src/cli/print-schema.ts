// Writes schema.graphql (the committed SDL clients read) from the schema the server runs.
import { writeFileSync } from 'node:fs'
import { buildSchema, printSchema } from 'graphql'
import { schema } from '../graphql/schema.js'

export const printedSchema = (): string => `${printSchema(buildSchema(schema))}\n`

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  writeFileSync(new URL('../../schema.graphql', import.meta.url), printedSchema())
}
