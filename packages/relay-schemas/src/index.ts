// The bodies webhook-relay's tenant API answers with (/v1/endpoints…, /v1/messages…), as TypeBox schemas. The
// relay's routes declare them as their response schemas, so fastify serializes by them, /openapi.json shows them
// and the typecheck holds each handler's reply to them; the portal imports only the types derived here (type-only:
// its browser bundle stays free of TypeBox), so a change to a body that the portal does not follow fails its typecheck.
import { Type, type Static, type TSchema } from '@sinclair/typebox'

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** pending → delivering → succeeded | retrying → delivering → … → dead; replay moves succeeded and dead back to pending. */
export const DeliveryStatusBody = Type.Unsafe<'pending' | 'delivering' | 'succeeded' | 'retrying' | 'dead'>({
  type: 'string',
  enum: ['pending', 'delivering', 'succeeded', 'retrying', 'dead']
})

export const EndpointBody = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  eventTypes: nullable(Type.Array(Type.String())),
  disabled: Type.Boolean(),
  disabledReason: nullable(Type.String()),
  rateLimitPerSecond: nullable(Type.Integer()),
  headers: Type.Record(Type.String(), Type.String()),
  retrySchedule: nullable(Type.Array(Type.String())),
  consecutiveFailures: Type.Integer({ description: 'Failed attempts since the last success' }),
  circuitOpenUntil: Type.Union([Type.String(), Type.Null()], { description: 'Set while the circuit is open: deliveries wait until then, then one probes' }),
  createdAt: Type.String(),
  updatedAt: Type.String()
})

/** A new endpoint's body: the only time its signing secret comes with it. */
export const CreatedEndpointBody = Type.Intersect([EndpointBody, Type.Object({ secret: Type.String() })])

export const SecretBody = Type.Object({
  secret: Type.String(),
  previousSecret: nullable(Type.String()),
  previousSecretExpiresAt: nullable(Type.String())
})

export const TransitionBody = Type.Object({ from: nullable(Type.String()), to: Type.String(), at: Type.String() })

export const DeliveryBody = Type.Object({
  id: Type.String(),
  endpointId: Type.String(),
  status: DeliveryStatusBody,
  attempts: Type.Integer(),
  nextAttemptAt: nullable(Type.String()),
  lastStatusCode: nullable(Type.Integer()),
  lastError: nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  transitions: Type.Array(TransitionBody)
})

export const MessageBody = Type.Object({
  id: Type.String(),
  event: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String()
})

/** A message with its deliveries and their state transitions. */
export const MessageDetailBody = Type.Intersect([MessageBody, Type.Object({ deliveries: Type.Array(DeliveryBody) })])

export const AttemptBody = Type.Object({
  id: Type.String(),
  deliveryId: Type.String(),
  endpointId: Type.String(),
  attempt: Type.Integer(),
  at: Type.String(),
  statusCode: nullable(Type.Integer()),
  latencyMs: Type.Integer(),
  responseBody: nullable(Type.String()),
  error: nullable(Type.String()),
  outcome: Type.String()
})

/** A keyset page: `nextCursor` is null on the last one. */
const pageOf = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), nextCursor: nullable(Type.String()) })

export const EndpointPageBody = pageOf(EndpointBody)
export const MessagePageBody = pageOf(MessageBody)
export const AttemptPageBody = pageOf(AttemptBody)

/** What a replay queued. */
export const ReplayBody = Type.Object({ deliveries: Type.Integer() })

export type DeliveryStatus = Static<typeof DeliveryStatusBody>
export type Endpoint = Static<typeof EndpointBody>
export type CreatedEndpoint = Static<typeof CreatedEndpointBody>
export type Secret = Static<typeof SecretBody>
export type Transition = Static<typeof TransitionBody>
export type Delivery = Static<typeof DeliveryBody>
export type Message = Static<typeof MessageBody>
export type MessageDetail = Static<typeof MessageDetailBody>
export type Attempt = Static<typeof AttemptBody>
export type EndpointPage = Static<typeof EndpointPageBody>
export type MessagePage = Static<typeof MessagePageBody>
export type AttemptPage = Static<typeof AttemptPageBody>
export type Replay = Static<typeof ReplayBody>
