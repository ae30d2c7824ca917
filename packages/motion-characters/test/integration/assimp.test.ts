// An importer we did not write opens what we export for a custom character: the Open Asset Import Library's
// command-line tool (Debian assimp-utils, installed by scripts/services.sh) reads the GLB with their mesh, and the
// BVH and FBX with their skeleton, each with the animation.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine } from '@openmotion/motion-engine'
import { describe, expect, it } from 'vitest'
import { animateCharacter } from '../../src/index.js'
import { buildCharacter, glb, NAMING } from '../support/corpus.js'

function findAssimp (): string | undefined {
  try {
    execFileSync('assimp', ['version'], { stdio: 'ignore' })
    return 'assimp'
  } catch {
    return undefined
  }
}
const assimp = findAssimp()
if (assimp === undefined && process.env.CI !== undefined && process.env.CI !== 'false') throw new Error('assimp (Debian assimp-utils) is required in CI: bash scripts/services.sh up')

/** assimp's `info` summary as name → number ("Meshes: 1", "Animations: 1", "Nodes: 30"…). */
function info (file: string): Map<string, number> {
  const out = execFileSync(assimp!, ['info', file], { encoding: 'utf8' })
  return new Map([...out.matchAll(/^\s*([A-Za-z ]+?):\s+(\d+)\s*$/gm)].map((m) => [m[1]!.trim(), Number(m[2])]))
}

describe.runIf(assimp !== undefined)('custom character exports open in assimp', () => {
  it('reads the GLB (their mesh, skin, animation), the BVH and the FBX', async () => {
    const clip = await createEngine({ kind: 'builtin' }).generate({ prompt: 'walk forward then wave', seed: 2, fps: 30, durationSeconds: 2 }, { signal: AbortSignal.timeout(60_000) })
    const source = await glb(buildCharacter({ rename: NAMING.unreal, aPose: true }))
    const files = await animateCharacter(source, 'glb', clip, { name: 'hero' })
    const dir = mkdtempSync(join(tmpdir(), 'characters-assimp-'))
    for (const file of files) {
      const path = join(dir, file.fileName)
      writeFileSync(path, file.bytes)
      const summary = info(path)
      expect(summary.get('Animations'), file.type).toBe(1)
      if (file.type !== 'bvh') expect(summary.get('Meshes'), file.type).toBeGreaterThanOrEqual(1)
      expect(summary.get('Nodes') ?? 0, file.type).toBeGreaterThan(20)
    }
  })
})
