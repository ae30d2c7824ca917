import { Type, commonEnv, defineConfig, type Static } from '@openmotion/common'

export const authConfig = defineConfig(Type.Object({
  ...commonEnv,
  AUTH_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 3000, description: 'Port the service listens on' })
}))

export type AuthConfig = Static<typeof authConfig.schema>
