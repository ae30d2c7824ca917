// /graphql: mercurius with the resolvers, the refresh cookie's settings, and the query limits every request is
// validated against (aliases, depth, cost, directives, total fields; no introspection in production).
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius from 'mercurius'
import type { CorsPolicy, Logger } from '@openmotion/common'
import type { AuthConfig } from '../config.js'
import { formatGraphqlErrors } from './error-formatter.js'
import { documentGraphqlRoutes } from './openapi-route.js'
import { maxFieldsRule } from './query-limits.js'
import { createRequestAuth, type RequestAuthDeps } from './request-auth.js'
import { createResolvers, type ResolverContext, type ResolverDeps } from './resolvers.js'
import { schema } from './schema.js'

const MAX_DIRECTIVES = 10

/** What /graphql takes from the composition root: the domain services its resolvers call, and the signing keys. */
export type GraphqlServices = Omit<ResolverDeps, 'requestAuth' | 'cookie' | 'originAllowed'> & Pick<RequestAuthDeps, 'keys'>

export interface GraphqlOptions { config: AuthConfig, context: GraphqlServices, cors: CorsPolicy, logger: Logger }

export async function graphqlPlugin (app: FastifyInstance, { config, context, cors, logger }: GraphqlOptions): Promise<void> {
  const production = config.NODE_ENV === 'production'
  const crossOrigin = cors.configured.length > 0
  const sameOrigin = (origin: string, request: FastifyRequest) => origin === `${request.protocol}://${request.host}`
  const { auth, sessions, keys } = context
  documentGraphqlRoutes(app, '/graphql')
  await app.register(mercurius, {
    schema,
    resolvers: createResolvers({
      ...context,
      requestAuth: createRequestAuth({
        auth, sessions, keys, issuer: config.ISSUER, audience: config.AUDIENCE, requireMfaForAdmins: config.REQUIRE_MFA_FOR_ADMINS
      }),
      cookie: { name: config.REFRESH_COOKIE_NAME, secure: production || crossOrigin, sameSite: crossOrigin ? 'none' : 'lax', maxAge: config.REFRESH_TOKEN_TTL },
      originAllowed: (origin, request) => cors.allowsWithoutLookup(origin) || sameOrigin(origin, request)
    }) as never,
    context: (request, reply): ResolverContext => ({ request, reply }),
    path: '/graphql',
    graphiql: false,
    validationRules: [
      // graphql-armor counts aliases, depth and cost through fragments too; our own rule bounds total selections.
      maxAliasesRule({ n: config.GRAPHQL_MAX_ALIASES }),
      maxDepthRule({ n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: false }),
      costLimitRule({ maxCost: config.GRAPHQL_MAX_COST }),
      maxDirectivesRule({ n: MAX_DIRECTIVES }),
      maxFieldsRule(config.GRAPHQL_MAX_FIELDS),
      ...(production ? [NoSchemaIntrospectionCustomRule] : [])
    ],
    errorFormatter: (execution, context) => {
      const formatted = formatGraphqlErrors(execution, logger)
      if (formatted.statusCode === 503) context.reply.header('retry-after', '1')
      return formatted
    }
  })
}
