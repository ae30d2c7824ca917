import { describe, expect, it } from 'vitest'
import { FormError, parseIntervals, renderParams, rgbaOf, text2motionParams, type MotionForm } from '../src/ui/params.ts'

const base: MotionForm = {
  mode: 'generate',
  model: 'openmotion_mannequin',
  prompt: '  a person waves  ',
  numVariants: 2,
  footLockingMode: 'grounding',
  poseFilteringStrength: 0.35,
  simulationOff: false,
  rootAtOrigin: true,
  skipFBX: false
}
const source = { rid: 'rid-1', variant: '2', trimLeft: 3, trimRight: 4 }

describe('text2motionParams', () => {
  it('sends every option of a regular job as name=value strings', () => {
    expect(text2motionParams(base)).toEqual(['prompt=a person waves', 'model=openmotion_mannequin', 'numVariants=2', 'footLockingMode=grounding',
      'poseFilteringStrength=0.35', 'rootAtOrigin=1'])
  })

  it('adds dis=s and skipFBX=1 only when ticked', () => {
    expect(text2motionParams({ ...base, simulationOff: true, skipFBX: true })).toEqual(expect.arrayContaining(['dis=s', 'skipFBX=1']))
    expect(text2motionParams(base).some((p) => p.startsWith('dis=') || p.startsWith('skipFBX='))).toBe(false)
  })

  it('builds an inpainting job from the source, its trims and the intervals, without a prompt parameter', () => {
    const params = text2motionParams({ ...base, mode: 'inpaint', source, inpaint: { prompt: 'jumps', intervals: '10-40, 80-100' } })
    expect(params).toContain('t2m_rid=rid-1')
    expect(params).toContain('variant_id=2')
    expect(params).toContain('editRequest={"numTrimLeft":3,"numTrimRight":4}')
    expect(params).toContain('inPaintingRequest={"prompt":"jumps","intervals":[{"start":10,"end":40},{"start":80,"end":100}]}')
    expect(params.some((p) => p.startsWith('prompt='))).toBe(false)
  })

  it('builds a merging job naming the second animation, its trims, the prompt and the blend duration', () => {
    const params = text2motionParams({
      ...base,
      mode: 'merge',
      source,
      merge: { prompt: 'turns', source: { rid: 'rid-2', variant: '1', trimLeft: 0, trimRight: 5 }, blendDuration: 0.8 }
    })
    expect(params).toContain(
      'mergingRequest={"t2m_rid":"rid-2","variant_id":"1","editRequest":{"numTrimLeft":0,"numTrimRight":5},"prompt":"turns","blendDuration":0.8}'
    )
  })

  it('names the field to fix when the form is incomplete', () => {
    expect(() => text2motionParams({ ...base, prompt: ' ' })).toThrow(expect.objectContaining({ field: 'prompt' }))
    expect(() => text2motionParams({ ...base, model: '' })).toThrow(expect.objectContaining({ field: 'model' }))
    expect(() => text2motionParams({ ...base, mode: 'inpaint', source: { ...source, rid: '' } })).toThrow(expect.objectContaining({ field: 'sourceRid' }))
    expect(() => text2motionParams({ ...base, mode: 'merge', source, merge: { prompt: '', source, blendDuration: 1 } })).toThrow(FormError)
  })
})

describe('parseIntervals', () => {
  it('refuses an empty list and intervals that end before they start', () => {
    expect(() => parseIntervals(' ')).toThrow(FormError)
    expect(() => parseIntervals('40-10')).toThrow(/start < end/)
    expect(() => parseIntervals('10-x')).toThrow(FormError)
  })
})

describe('renderParams', () => {
  it('turns the colour input into R,G,B,A and omits unset options', () => {
    expect(renderParams({ rid: 'r', variant: '1', backdrop: '', bgColor: '#2e3440', shadow: false, camMode: 2, camHorizontalAngle: -45.4 }))
      .toEqual(['t2m_rid=r', 'variant_id=1', 'bgColor=46,52,64,255', 'camMode=2', 'camHorizontalAngle=-45'])
    expect(renderParams({ rid: 'r', variant: '1', backdrop: 'Red_Carpet', bgColor: '#ffffff', shadow: true, camMode: 0, camHorizontalAngle: 0 }))
      .toEqual(expect.arrayContaining(['backdrop=Red_Carpet', 'shadow=1']))
  })

  it('refuses a colour that is not #rrggbb', () => {
    expect(() => rgbaOf('red')).toThrow(FormError)
  })
})
