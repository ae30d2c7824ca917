import { integrationConfig } from '../../vitest.shared.ts'

export default integrationConfig
