import { Type, commonEnv, defineConfig, type Static } from '@openmotion/common'

export const motionConfig = defineConfig(Type.Object({
  ...commonEnv,
  MOTION_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080, description: 'Port the service listens on' })
}))

export type MotionConfig = Static<typeof motionConfig.schema>
