import { Type, commonEnv, defineConfig, type Static } from '@openmotion/common'

export const relayConfig = defineConfig(Type.Object({
  ...commonEnv,
  WEBHOOK_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8000, description: 'Port the relay listens on' })
}))

export type RelayConfig = Static<typeof relayConfig.schema>
