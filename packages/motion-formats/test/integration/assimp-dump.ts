// Runs the Open Asset Import Library's command-line tool (Debian: assimp-utils) on a file and reads its XML dump:
// an importer we did not write, so a passing test means third-party tools open our files.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function findAssimp (): string | undefined {
  const candidates = [process.env.ASSIMP_PATH, 'assimp'].filter((c): c is string => c !== undefined && c !== '')
  for (const c of candidates) {
    try {
      execFileSync(c, ['version'], { stdio: 'ignore' })
      return c
    } catch {}
  }
  return undefined
}

export interface AssimpScene {
  bones: string[]
  /** Translation column of each bone's offset (inverse bind) matrix, by bone name. */
  boneOffsets: Map<string, number[]>
  animations: Array<{ name: string, channels: Map<string, { positions: number[][], rotations: number[][] }> }>
  meshVertexCount: number
}

function keys (block: string, tag: 'PositionKey' | 'RotationKey'): number[][] {
  const re = new RegExp(`<${tag} time="[^"]*">\\s*([^<]*)</${tag}>`, 'g')
  return [...block.matchAll(re)].map(m => m[1]!.trim().split(/\s+/).map(Number))
}

export function dumpScene (assimp: string, bytes: Uint8Array, ext: string): AssimpScene {
  const dir = mkdtempSync(join(tmpdir(), 'motion-formats-'))
  try {
    const input = join(dir, `clip.${ext}`)
    const output = join(dir, 'clip.assxml')
    writeFileSync(input, bytes)
    execFileSync(assimp, ['dump', input, output], { stdio: 'ignore', timeout: 30_000 })
    const xml = readFileSync(output, 'utf8')
    const bones = [...xml.matchAll(/<Bone name="([^"]*)"/g)].map(m => m[1]!)
    const boneOffsets = new Map<string, number[]>()
    for (const m of xml.matchAll(/<Bone name="([^"]*)">\s*<Matrix4>([^<]*)<\/Matrix4>/g)) {
      const v = m[2]!.trim().split(/\s+/).map(Number)
      boneOffsets.set(m[1]!, [v[3]!, v[7]!, v[11]!])
    }
    const animations = [...xml.matchAll(/<Animation name="([^"]*)"[\s\S]*?<\/Animation>/g)].map(a => {
      const channels = new Map<string, { positions: number[][], rotations: number[][] }>()
      for (const n of a[0].matchAll(/<NodeAnim node="([^"]*)">([\s\S]*?)<\/NodeAnim>/g)) {
        channels.set(n[1]!, { positions: keys(n[2]!, 'PositionKey'), rotations: keys(n[2]!, 'RotationKey') })
      }
      return { name: a[1]!, channels }
    })
    const vertices = /<Positions num="(\d+)"/.exec(xml)
    return { bones, boneOffsets, animations, meshVertexCount: vertices === null ? 0 : Number(vertices[1]) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
