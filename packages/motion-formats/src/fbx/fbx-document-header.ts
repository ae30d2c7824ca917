// The non-object sections of an FBX 7.4 file: header extension, file id, global settings (axes, unit, frame
// rate), documents, references, definitions and takes.
import { i32, i64, leaf, node, pDouble, pInt, properties70, pString, pTime, pVec, raw, str } from './fbx-node.js'
import type { FbxNode } from './fbx-node.js'

// A fixed creation time with its matching file id, as Blender writes, so identical input gives identical bytes.
const FILE_ID = Uint8Array.from([0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1])
const CREATION_TIME = '1970-01-01 10:00:00:000'
const CREATOR = 'OpenMotion motion-formats'

// FbxTime::EMode values for the frame rates FBX names; anything else is eCustom (14) with CustomFrameRate.
const TIME_MODES: Record<number, number> = { 120: 1, 100: 2, 60: 3, 50: 4, 48: 5, 30: 6, 25: 10, 24: 11, 1000: 12, 96: 15, 72: 16 }

export interface HeaderInput { fps: number, durationTicks: bigint, stackName: string, documentId: bigint }

export function headerSections (input: HeaderInput): FbxNode[] {
  const stamp = [['Version', 1000], ['Year', 1970], ['Month', 1], ['Day', 1], ['Hour', 10], ['Minute', 0], ['Second', 0], ['Millisecond', 0]] as const
  return [
    node('FBXHeaderExtension', [], [
      leaf('FBXHeaderVersion', i32(1003)),
      leaf('FBXVersion', i32(7400)),
      leaf('EncryptionType', i32(0)),
      node('CreationTimeStamp', [], stamp.map(([k, v]) => leaf(k, i32(v)))),
      leaf('Creator', str(CREATOR))
    ]),
    leaf('FileId', raw(FILE_ID)),
    leaf('CreationTime', str(CREATION_TIME)),
    leaf('Creator', str(CREATOR)),
    node('GlobalSettings', [], [
      leaf('Version', i32(1000)),
      properties70([
        // Y up, +Z front, +X right: the clip's own axes, so no conversion happens anywhere.
        pInt('UpAxis', 'int', 1), pInt('UpAxisSign', 'int', 1),
        pInt('FrontAxis', 'int', 2), pInt('FrontAxisSign', 'int', 1),
        pInt('CoordAxis', 'int', 0), pInt('CoordAxisSign', 'int', 1),
        pInt('OriginalUpAxis', 'int', 1), pInt('OriginalUpAxisSign', 'int', 1),
        // Positions are written in centimetres, FBX's native unit: UnitScaleFactor is centimetres per unit.
        pDouble('UnitScaleFactor', 1), pDouble('OriginalUnitScaleFactor', 1),
        pVec('AmbientColor', 'ColorRGB', 'Color', '', [0, 0, 0]),
        pString('DefaultCamera', 'Producer Perspective'),
        pInt('TimeMode', 'enum', TIME_MODES[input.fps] ?? 14),
        pInt('TimeProtocol', 'enum', 2),
        pInt('SnapOnFrameMode', 'enum', 0),
        pTime('TimeSpanStart', 0n),
        pTime('TimeSpanStop', input.durationTicks),
        pDouble('CustomFrameRate', input.fps)
      ])
    ]),
    node('Documents', [], [
      leaf('Count', i32(1)),
      node('Document', [i64(input.documentId), str(''), str('Scene')], [
        properties70([node('P', [str('SourceObject'), str('object'), str(''), str('')]), pString('ActiveAnimStackName', input.stackName)]),
        leaf('RootNode', i64(0))
      ])
    ]),
    node('References')
  ]
}

export function definitions (counts: Array<[string, number]>): FbxNode {
  const used = counts.filter(([, n]) => n > 0)
  return node('Definitions', [], [
    leaf('Version', i32(100)),
    leaf('Count', i32(used.reduce((s, [, n]) => s + n, 0))),
    ...used.map(([type, n]) => node('ObjectType', [str(type)], [leaf('Count', i32(n))]))
  ])
}

export function takes (stackName: string, durationTicks: bigint): FbxNode {
  return node('Takes', [], [
    leaf('Current', str(stackName)),
    node('Take', [str(stackName)], [
      leaf('FileName', str(`${stackName.replace(/[^A-Za-z0-9_-]/g, '_')}.tak`)),
      node('LocalTime', [i64(0), i64(durationTicks)]),
      node('ReferenceTime', [i64(0), i64(durationTicks)])
    ])
  ])
}
