// An importer we did not write opens what we export for a custom character: the Open Asset Import Library's
// command-line tool (Debian assimp-utils, installed by scripts/services.sh) reads the GLB with their mesh, and the
// BVH and FBX with their skeleton, each with the animation.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine } from '@openmotion/motion-engine'
import { describe, expect, it } from 'vitest'
import { requireTool } from '@openmotion/test-services'
import { validateBytes } from 'gltf-validator'
import { animateCharacter, inspectCharacter, loadCharacter } from '../../src/index.js'
import { worldTransforms } from '../../src/transforms.js'
import { buildCharacter, glb, NAMING } from '../../src/testing/corpus.js'
import { mayaStyleFbx } from '../../src/testing/fbx-authoring.js'

function findAssimp (): string | undefined {
  try {
    execFileSync('assimp', ['version'], { stdio: 'ignore' })
    return 'assimp'
  } catch {
    return undefined
  }
}
const assimp = findAssimp()
requireTool('assimp', assimp !== undefined, 'Debian assimp-utils')

/** assimp's `info` summary as name → number ("Meshes: 1", "Animations: 1", "Nodes: 30"…). */
function info (file: string): Map<string, number> {
  const out = execFileSync(assimp!, ['info', file], { encoding: 'utf8' })
  return new Map([...out.matchAll(/^\s*([A-Za-z ]+?):\s+(\d+)\s*$/gm)].map((m) => [m[1]!.trim(), Number(m[2])]))
}

describe.runIf(assimp !== undefined)('custom character exports open in assimp', () => {
  it('reads the GLB (their mesh, skin, animation), the BVH and the FBX', async () => {
    const clip = await createEngine({ kind: 'builtin' }).generate(
      { prompt: 'walk forward then wave', seed: 2, fps: 30, durationSeconds: 2 },
      { signal: AbortSignal.timeout(60_000) }
    )
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

  it('imports the FBX assimp writes (binary and ASCII) from a textured character with RobotExpressive names, at the same rest pose', async () => {
    const clip = await createEngine({ kind: 'builtin' }).generate(
      { prompt: 'wave', seed: 3, fps: 30, durationSeconds: 1 },
      { signal: AbortSignal.timeout(60_000) }
    )
    const source = await glb(buildCharacter({ rename: NAMING.robot, texture: true }))
    const dir = mkdtempSync(join(tmpdir(), 'characters-assimp-fbx-'))
    writeFileSync(join(dir, 'robot.glb'), source)
    const restOf = async (bytes: Uint8Array, format: 'glb' | 'fbx'): Promise<Map<string, number[]>> => {
      const character = await loadCharacter(bytes, format)
      const world = worldTransforms(character.nodes)
      return new Map(character.nodes.map((n, i) => [n.name, [...world[i]!.t]]))
    }
    const want = await restOf(source, 'glb')
    for (const format of ['fbx', 'fbxa']) {
      const path = join(dir, `robot-${format}.fbx`)
      execFileSync(assimp!, ['export', join(dir, 'robot.glb'), path, `-f${format}`], { stdio: 'ignore' })
      const bytes = readFileSync(path)
      expect((await inspectCharacter(bytes, 'fbx')).rigId, format).toBe('generic')
      const got = await restOf(bytes, 'fbx')
      // assimp keeps the GLB's metre values but declares UnitScaleFactor 1 (centimetres): read as written, the
      // robot is 100 times smaller, and otherwise in the same pose.
      const scale = want.get('Head')![1]! / got.get('Head')![1]!
      expect(scale).toBeCloseTo(100, 3)
      for (const bone of ['Palm2R', 'FootL', 'Head']) {
        const [a, b] = [want.get(bone)!, got.get(bone)!.map((v) => v * scale)]
        expect(Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!), `${format} ${bone}`).toBeLessThan(1e-3)
      }
      const [animated] = await animateCharacter(bytes, 'fbx', clip, { name: 'robot', skipFBX: true })
      expect((await validateBytes(animated!.bytes, { maxIssues: 10, writeTimestamp: false })).issues.numErrors, format).toBe(0)
    }
  })

  it('agrees with assimp on the rest pose of FBX bones with pivots, offsets, pre/post-rotations in all six rotation orders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'characters-assimp-pivots-'))
    const fbx = mayaStyleFbx({ rotated: true })
    writeFileSync(join(dir, 'rotated.fbx'), fbx)
    execFileSync(assimp!, ['export', join(dir, 'rotated.fbx'), join(dir, 'rotated.assjson'), '-fassjson'], { stdio: 'ignore' })
    // assimp's scene: nodes with row-major 4×4 `transformation`; world = product from the root (file units, cm).
    interface AssimpNode { name: string, transformation: number[], children?: AssimpNode[] }
    const theirs = new Map<string, number[]>()
    const walk = (n: AssimpNode, parent: number[]): void => {
      const m = [0, 1, 2, 3].flatMap((r) =>
        [0, 1, 2, 3].map((c) => [0, 1, 2, 3].reduce((sum, k) => sum + parent[r * 4 + k]! * n.transformation[k * 4 + c]!, 0))
      )
      theirs.set(n.name, [m[3]!, m[7]!, m[11]!])
      for (const c of n.children ?? []) walk(c, m)
    }
    walk(
      (JSON.parse(readFileSync(join(dir, 'rotated.assjson'), 'utf8')) as { rootnode: AssimpNode }).rootnode,
      [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    )
    const character = await loadCharacter(fbx, 'fbx')
    const world = worldTransforms(character.nodes)
    let compared = 0
    character.nodes.forEach((n, i) => {
      const their = theirs.get(n.name)
      if (their === undefined || !n.name.startsWith('mixamorig:')) return
      const ours = world[i]!.t.map((v) => v * 100) // our loader applies UnitScaleFactor (cm → m)
      expect(Math.hypot(ours[0]! - their[0]!, ours[1]! - their[1]!, ours[2]! - their[2]!), n.name).toBeLessThan(1e-3)
      compared++
    })
    expect(compared).toBeGreaterThan(20)
  })
})
