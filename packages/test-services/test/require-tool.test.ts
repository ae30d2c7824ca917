import { describe, expect, it } from 'vitest'
import { MissingToolError, requireTool } from '../src/require-tool.ts'

describe('requireTool', () => {
  it('reports a found tool as usable, in CI or not', () => {
    expect(requireTool('assimp', true, 'Debian assimp-utils', { CI: 'true' })).toBe(true)
    expect(requireTool('assimp', true, 'Debian assimp-utils', {})).toBe(true)
  })

  it('lets a suite skip a missing tool outside CI (CI unset, false or 0)', () => {
    for (const env of [{}, { CI: 'false' }, { CI: '0' }, { CI: '' }]) expect(requireTool('blender', false, 'Debian blender', env)).toBe(false)
  })

  it('throws for a missing tool in CI, naming it, what installs it and how to start the services', () => {
    const failure = (() => {
      try {
        requireTool('blender', false, 'Debian blender', { CI: 'true' })
      } catch (error) {
        return error
      }
      return undefined
    })()
    expect(failure).toBeInstanceOf(MissingToolError)
    expect(failure).toMatchObject({ code: 'TEST_TOOL_MISSING', tool: 'blender' })
    expect((failure as Error).message).toMatch(/^blender \(Debian blender\) is required in CI but is not installed; start them with: bash scripts\/services\.sh up/)
  })
})
