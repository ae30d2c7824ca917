import { GraphQLScalarType, Kind, type ValueNode } from 'graphql'
import { authError } from '../errors.js'

function literal (node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.OBJECT: return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value, variables)]))
    case Kind.LIST: return node.values.map((v) => literal(v, variables))
    case Kind.INT: case Kind.FLOAT: return Number(node.value)
    case Kind.STRING: case Kind.ENUM: case Kind.BOOLEAN: return node.value
    case Kind.VARIABLE: return variables?.[node.name.value]
    default: return null
  }
}

export const JSONScalar = new GraphQLScalarType({ name: 'JSON', serialize: (v) => v, parseValue: (v) => v, parseLiteral: literal })

/** Metadata must be a JSON object of bounded size (it travels in every `me` answer). */
export function metadataObject (value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw authError('BAD_USER_INPUT', `${field} must be a JSON object`, { field })
  if (JSON.stringify(value).length > 16_384) throw authError('BAD_USER_INPUT', `${field} is larger than 16 KiB`, { field })
  return value as Record<string, unknown>
}
