// fastify validates every part of a request with one ajv set to coerce types, which a query string or a path needs
// (all its values are text) but a JSON body does not: there, coercion accepts `{"name": false}` as the name
// "false". With strict bodies, a body is validated by a second ajv that never coerces, the other parts as before.
import AjvCompiler from '@fastify/ajv-compiler'
import type { FastifySchemaCompiler } from 'fastify'

interface PoolOptions { customOptions?: Record<string, unknown>, plugins?: unknown[] }
// The pool's own typings describe ajv's compile(); fastify calls what it returns with the route ({ schema, httpPart, … }).
type RouteCompiler = FastifySchemaCompiler<unknown>

export function strictBodyValidator (): AjvCompiler.ValidatorFactory {
  const fromPool = AjvCompiler()
  const build = (externalSchemas: Record<string, unknown>, options: PoolOptions): RouteCompiler => {
    const lenient = fromPool(externalSchemas as never, options as never) as unknown as RouteCompiler
    const strict = fromPool(
      externalSchemas as never,
      { ...options, customOptions: { ...options.customOptions, coerceTypes: false } } as never
    ) as unknown as RouteCompiler
    return (route) => route.httpPart === 'body' ? strict(route) : lenient(route)
  }
  return build as unknown as AjvCompiler.ValidatorFactory
}
