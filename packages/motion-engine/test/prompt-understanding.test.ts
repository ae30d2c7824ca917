// Each class of misreading people met in real prompts, as a test of the plan: what the parser reads with its NLP
// library and WordNet that word lists alone misread.
import { describe, expect, it } from 'vitest'
import { analyzePrompt, planPrompt } from '../src/index.js'
import { readPrompt } from '../src/prompt/read-prompt.js'

const kinds = (p: string) => planPrompt(p).timeline.flatMap(e => [e.action.kind, ...(e.overlay === undefined ? [] : [e.overlay.kind])])

describe('correctly spelt English is read by meaning, never re-spelt into another movement', () => {
  it('reads "brings a cup to her mouth" as drinking, not waving', () => {
    expect(kinds('she brings a cup to her mouth')).toEqual(['drink'])
  })

  it('reads "is doing a cartwheel" as a cartwheel, not walking', () => {
    expect(kinds('he is doing a cartwheel')).toEqual(['cartwheel'])
  })

  it('reads "raise your right hand" as a raised right hand, not standing up', () => {
    expect(planPrompt('raise your right hand').timeline.map(e => e.action)).toMatchObject([{ kind: 'point', side: 'right' }])
  })

  it('reads "is sweeping the floor" as sweeping, not lying down', () => {
    expect(kinds('a woman is sweeping the floor')).toEqual(['sweep'])
  })

  it('reads an unlisted verb through WordNet and says so', () => {
    const plan = planPrompt('the old man lurches across the room')
    expect(plan.timeline.map(e => e.action.kind)).toEqual(['stagger'])
    expect(plan.understood[0]).toMatch(/^"lurches" read as "stagger" \(WordNet: lurch → /)
  })

  it('corrects the spelling of a word that is not English, and says so', () => {
    const plan = planPrompt('wakl forward')
    expect(plan.timeline.map(e => e.action.kind)).toEqual(['walk'])
    expect(plan.understood).toEqual(['"wakl" read as "walk" (spelling)'])
  })
})

describe('negation', () => {
  it('plans no jump for "the man did not jump" and reports the jump as ignored', () => {
    const plan = planPrompt('the man did not jump')
    expect(plan.timeline).toEqual([])
    expect(plan.understood).toEqual(['"jump" ignored: negated'])
  })

  it('keeps the actions that are not negated', () => {
    expect(kinds("he didn't run, he walked")).toEqual(['walk'])
  })

  it('refuses the side, direction or speed a "not" names, and says so', () => {
    const actions = (p: string) => planPrompt(p).timeline.map(e => e.action)
    expect(actions('kick with the right leg, not the left')).toEqual([{ kind: 'kick', speed: 1, emotion: 'neutral', side: 'right' }])
    expect(actions('wave with the left hand, not the right one')).toEqual([{ kind: 'wave', speed: 1, emotion: 'neutral', side: 'left' }])
    expect(actions('walk forward, not backward')).toMatchObject([{ kind: 'walk', direction: 'forward' }])
    expect(actions('walk, but not too fast')).toEqual([{ kind: 'walk', speed: 1, emotion: 'neutral' }])
    expect(planPrompt('turn left, not right').understood).toEqual(['"right" ignored: negated'])
  })

  it('plans a stumble, not a fall, for a fall that is nearly made', () => {
    expect(kinds('he nearly falls')).toEqual(['stumble'])
    expect(kinds('someone stumbles, almost falls, then regains balance')).toEqual(['stumble'])
    expect(kinds('he falls')).toEqual(['fall'])
    expect(kinds('she almost fell over')).toEqual(['stumble'])
    expect(kinds('he nearly falls, then falls for real')).toEqual(['stumble', 'fall'])
  })

  it('reads putting a thing down as a reach, not lying down; placing a part of the body is its pose', () => {
    expect(kinds('he places the cup on the table')).toEqual(['pickUp'])
    expect(kinds('she sets the box down and walks away')).toEqual(['pickUp', 'walk'])
    expect(kinds('he lays the baby in the crib')).toEqual(['pickUp'])
    expect(kinds('lays it down')).toEqual(['pickUp'])
    expect(kinds('he lays down on the bed')).toEqual(['lieDown'])
    expect(kinds('a person puts his hands on his hips')).toEqual(['handsOnHips'])
    expect(kinds('he walks slowly, putting one foot in front of the other')).toEqual(['walk'])
    expect(kinds('he gets pushed, then gets back to position')).toEqual(['pushed'])
  })

  it('puts a leading "before" clause after the clause it precedes', () => {
    expect(kinds('before sitting down, he looks around')).toEqual(['lookAround', 'sitDown'])
    expect(kinds('he looks around before sitting down')).toEqual(['lookAround', 'sitDown'])
    expect(kinds('after waving, she turns around')).toEqual(['wave', 'turn'])
  })

  it('layers the clause after a leading "while" on it, as "X while Y" does', () => {
    const layers = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.overlay?.kind])
    expect(layers('while walking, he waves')).toEqual([['walk', 'wave']])
    expect(layers('he waves while walking')).toEqual([['walk', 'wave']])
    expect(layers('while walking, a man is pushed from the right')).toEqual([['walk', undefined], ['pushed', undefined]])
  })

  it('repeats a movement of one side with the other side a clause names ("then with his right")', () => {
    const sides = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.side, e.action.count, e.action.direction])
    expect(sides('he hops on his left foot three times, then on his right foot')).toEqual([['hop', 'left', 3, undefined], ['hop', 'right', 3, undefined]])
    expect(sides('he waves with his left hand, then with his right')).toEqual([['wave', 'left', undefined, undefined], ['wave', 'right', undefined, undefined]])
    expect(sides('punch with the right fist then the left')).toEqual([['punch', 'right', undefined, undefined], ['punch', 'left', undefined, undefined]])
    expect(sides('he kicks twice with each leg')).toEqual([['kick', 'both', 2, undefined]])
  })

  it('reads backing away as steps backward, an arched back as a stretch, and nerves as caution', () => {
    expect(planPrompt('a scared person backs away').timeline.map(e => e.action)).toEqual([
      { kind: 'backstep', speed: 1, emotion: 'sneaky', direction: 'backward' }
    ])
    expect(kinds('he is backing up slowly')).toEqual(['backstep'])
    expect(kinds('she arches her back')).toEqual(['stretch'])
    expect(planPrompt('the character nervously looks around').timeline[0]!.action.emotion).toBe('sneaky')
  })

  it('lays a walk along the shape it names: sides and corners, a figure eight as a circle each way', () => {
    const path = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.direction, e.action.count ?? e.action.degrees ?? e.action.gait])
    const side = ['walk', 'forward', 3]
    expect(path('walk in a square')).toEqual([side, ['turn', 'left', 90], side, ['turn', 'left', 90], side, ['turn', 'left', 90], side, ['turn', 'left', 90]])
    expect(path('runs in a small clockwise triangle')).toEqual([
      ['run', 'forward', 2], ['turn', 'right', -120], ['run', 'forward', 2], ['turn', 'right', -120], ['run', 'forward', 2], ['turn', 'right', -120]
    ])
    expect(path('walks in a square twice')).toHaveLength(16)
    expect(path('someone jogs a figure of eight')).toEqual([['circle', 'left', 'jog'], ['circle', 'right', 'jog']])
    expect(kinds('they do a square dance')).toEqual(['dance'])
  })

  it('reads "half a minute" as thirty seconds and "arms crossed" as crossed arms', () => {
    expect(planPrompt('he walks for half a minute').timeline[0]!.action.durationSeconds).toBe(30)
    expect(planPrompt('jump half a meter forward').timeline[0]!.action.distance).toBe(0.5)
    expect(kinds('he stands with his arms crossed')).toEqual(['crossArms'])
  })

  it('reads going toward the camera (the viewer, "me") as forward, and coming closer as a walk', () => {
    const way = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.direction])
    expect(way('walk towards the camera')).toEqual([['walk', 'forward']])
    expect(way('someone comes very close to the observer')).toEqual([['walk', 'forward']])
    expect(way('he comes closer')).toEqual([['walk', undefined]])
    expect(way('he runs and comes to a full stop')).toEqual([['run', undefined]])
    expect(way('he walks away from the camera')).toEqual([['turn', 'around'], ['walk', 'forward']])
    expect(way('she turns away from the viewer')).toEqual([['turn', 'around']])
  })

  it('reads a dance\'s name before another movement as who moves ("the robot waves")', () => {
    expect(kinds('the robot waves')).toEqual(['wave'])
    expect(kinds('the robot walks stiffly forward')).toEqual(['walk'])
    expect(kinds('a ballet dancer spins')).toEqual(['spin'])
    expect(kinds('he does a robot dance')).toEqual(['robot'])
    expect(kinds('a person doing a cha cha move')[0]).toBe('chaCha')
  })

  it('reads a sport played as its movement, and yoga as a stretch', () => {
    expect(kinds('he plays basketball')).toEqual(['throw'])
    expect(kinds('she is playing a game of tennis')).toEqual(['batSwing'])
    expect(kinds('they play soccer')).toEqual(['kick'])
    expect(kinds('she does yoga')).toEqual(['stretch'])
    expect(kinds('he meditates')).toEqual(['sitDown'])
    expect(planPrompt('he does tai chi').timeline.map(e => [e.action.kind, e.action.speed])).toEqual([['stretch', 0.7]])
    expect(kinds('he walks to the tennis court')).toEqual(['walk'])
  })

  it('plans the first of movements given as alternatives ("wiping or stirring")', () => {
    expect(kinds('wave or clap')).toEqual(['wave'])
    expect(planPrompt('someone throws a ball with his left hand or plays tennis').timeline.map(e => [e.action.kind, e.action.side])).toEqual([['throw', 'left']])
    expect(planPrompt('wave or clap').understood).toContain('"clap" ignored: an alternative ("or")')
    expect(kinds('a human stands like he or she wants to sit down')).toEqual(['sitDown'])
  })

  it('reads hands to the face or head as a facepalm, hands rubbed together as a clasp, a blown kiss as a wave', () => {
    expect(kinds('she covers her face with her hands')).toEqual(['facepalm'])
    expect(kinds('he holds his head in pain')).toEqual(['facepalm'])
    expect(kinds('he rubs his hands together')).toEqual(['claspHands'])
    expect(kinds('she blows a kiss')).toEqual(['wave'])
  })

  it('walks as the walker is: a drunk person staggers, an injured one limps', () => {
    expect(kinds('a drunk person walking')).toEqual(['stagger'])
    expect(kinds('he walks with an injured leg')).toEqual(['limp'])
    expect(kinds('a drunk man sits down')).toEqual(['sitDown'])
  })

  it('reads "a rock" as a thing, not a movement or a count', () => {
    expect(planPrompt('he almost trips over a rock').timeline.map(e => e.action)).toEqual([{ kind: 'stumble', speed: 1, emotion: 'neutral' }])
    expect(planPrompt('sits on a rock').timeline.map(e => e.action)).toEqual([{ kind: 'sitDown', speed: 1, emotion: 'neutral' }])
    expect(kinds('he rocks out to the music')).toEqual(['headbang'])
  })
})

describe('sides, directions, counts and turns', () => {
  it('describes a hop on the left foot as a foot, not a hand', async () => {
    const analysis = await analyzePrompt('he hops on his left foot')
    expect(analysis.actions.map(a => a.prompt)).toEqual(['hop on the left foot'])
  })

  it('plans "walks sideways to the left" as a side-step to the left, not a turn and a walk', () => {
    expect(planPrompt('a person walks sideways to the left').timeline.map(e => e.action)).toMatchObject([{ kind: 'sidestep', direction: 'left' }])
  })

  it('binds a count to the action it follows in a longer sentence', () => {
    const [entry] = planPrompt('a person walks forward waving twice').timeline
    expect(entry!.action.count).toBeUndefined()
    expect(entry!.overlay).toMatchObject({ kind: 'wave', count: 2 })
    expect(planPrompt('walk three steps and then jump twice').timeline.map(e => e.action.count)).toEqual([3, 2])
  })

  it('reads a number before a body part as the parts, not as repetitions', () => {
    const action = (p: string) => planPrompt(p).timeline[0]!.action
    expect(action('a person gives two thumbs up')).toMatchObject({ kind: 'thumbsUp', side: 'both' })
    expect(action('a person gives two thumbs up').count).toBeUndefined()
    expect(action('he waves with two hands')).toMatchObject({ kind: 'wave', side: 'both' })
    expect(action('he waves with two hands').count).toBeUndefined()
    expect(action('she points with two fingers')).toEqual(expect.objectContaining({ kind: 'point' }))
    expect(action('she points with two fingers').count).toBeUndefined()
    expect(action('she points with two fingers').side).toBeUndefined()
    expect(action('a man takes two steps forward')).toMatchObject({ kind: 'walk', count: 2 })
    // A singular part names the movement; its number is still the count.
    expect(action('a person takes two side steps to the left')).toMatchObject({ kind: 'sidestep', count: 2, direction: 'left' })
    expect(action('a person takes two side steps to the left').side).toBeUndefined()
    expect(action('does three arm circles').count).toBe(3)
    // "with two feet" is the feet, not 0.6 m; a body-part noun is not read as a movement by its meaning, the verb is.
    expect(planPrompt('landing with two feet').timeline).toEqual([])
    expect(planPrompt('he shoulders the door').timeline.map(e => e.action.kind)).toEqual(['push'])
    expect(action('walk two feet forward')).toMatchObject({ kind: 'walk', distance: 0.6096 })
  })

  it('reads a participle clause after the same movement as that movement, described', () => {
    const kinds = (p: string) => planPrompt(p).timeline.map(e => e.action)
    expect(kinds('a person jumps to the left, jumping off and landing with two feet')).toEqual([
      expect.objectContaining({ kind: 'jump', direction: 'left', side: 'both' })
    ])
    expect(kinds('he walks, walking slowly')).toEqual([expect.objectContaining({ kind: 'walk', speed: planPrompt('he walks slowly').timeline[0]!.action.speed })])
    // A count, a way of its own or another movement is a movement of its own.
    expect(kinds('a person walks forward, then walking backward').map(a => a.direction)).toEqual(['forward', 'backward'])
    expect(kinds('he jumps, jumping twice more').map(a => a.kind)).toEqual(['jump', 'jump'])
    expect(kinds('a person walks forward, jumping over a box').map(a => a.kind)).toEqual(['walk', 'jump'])
    // After a word of order it is the next movement; a speed of its own makes it one too.
    expect(kinds('a person jumps, then jumping off with both feet').map(a => a.kind)).toEqual(['jump', 'jump'])
    const slow = planPrompt('walk slowly').timeline[0]!.action.speed
    const fast = planPrompt('walk fast').timeline[0]!.action.speed
    expect(kinds('a person walks slowly, then walking fast').map(a => a.speed)).toEqual([slow, fast])
    expect(kinds('walk slowly and then walk quickly').map(a => a.speed)).toEqual([slow, fast])
    expect(kinds('raise your hands and cheer').map(a => a.kind)).toEqual(['cheer'])
  })

  it('reads "one foot", "one hand" as the part, not a count ("two side steps" still counts)', () => {
    expect(planPrompt('hop on one foot').timeline[0]!.action.count).toBeUndefined()
    expect(planPrompt('wave with one hand').timeline[0]!.action.count).toBeUndefined()
    expect(planPrompt('two side steps to the left').timeline[0]!.action).toMatchObject({ kind: 'sidestep', count: 2 })
    expect(planPrompt('wave with two hands').timeline[0]!.action).toMatchObject({ kind: 'wave', side: 'both' })
  })

  it('reads the circle a turn makes as the turn, whole unless it says less, with its way', () => {
    const turns = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.degrees])
    expect(turns('he turns in a circle')).toEqual([['turn', 360]])
    expect(turns('turn a full circle')).toEqual([['turn', 360]])
    expect(turns('spins in a circle')).toEqual([['spin', 360]])
    expect(turns('somebody rotates half a circle anticlockwise')).toEqual([['turn', 180]])
    expect(turns('somebody rotates half a circle clockwise')).toEqual([['turn', -180]])
  })

  it('keeps a walk in a circle whose turn names its way, and drops a circle that is another movement\'s path', () => {
    expect(planPrompt('the human walks a circle (right turn)').timeline.map(e => e.action)).toMatchObject([{ kind: 'circle', gait: 'walk', direction: 'right' }])
    expect(kinds('a person dances in a circle')).toEqual(['dance'])
    expect(kinds('crawl in a circle')).toEqual(['crawl'])
    expect(planPrompt('run in a circle').timeline.map(e => e.action)).toMatchObject([{ kind: 'circle', gait: 'run' }])
  })

  it('reads "a left jab", "a right kick" as the limb that moves, not a direction, and "throws a hook" as a punch', () => {
    const actions = (p: string) => planPrompt(p).timeline.map(e => e.action)
    expect(actions('the human performs a right kick')).toMatchObject([{ kind: 'kick', side: 'right' }])
    expect(actions('a person throwing a left jab')).toEqual([{ kind: 'punch', speed: 1, emotion: 'neutral', side: 'left' }])
    expect(actions('a boxer throws a left jab followed by a right hook')).toEqual([{ kind: 'punch', speed: 1, emotion: 'neutral', side: 'both' }])
    expect(actions('make a left turn')).toMatchObject([{ kind: 'turn', direction: 'left' }])
  })

  it('repeats a movement a clause of ways sends another way, and only then', () => {
    const ways = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.direction])
    expect(ways('the man walks back and forth')).toEqual([['walk', 'forward'], ['walk', 'backward']])
    expect(ways('walk forward, then backward')).toEqual([['walk', 'forward'], ['walk', 'backward']])
    expect(ways('a human jumps to the left, then to the right')).toEqual([['jump', 'left'], ['jump', 'right']])
    expect(ways('runs in a full circle, clockwise')).toEqual([['circle', 'right']])
    expect(ways('jumps forward and up')).toEqual([['jump', 'forward']])
    expect(ways('a human walks a full circle to its left and stops right before where it started')).toEqual([['circle', 'left']])
    expect(ways('walk right away')).toEqual([['walk', undefined]])
    expect(ways('walk right')).toEqual([['walk', 'right']])
    // The tagger reads this "left" as the verb "leave": a direction is still a way, never an ignored verb.
    expect(ways('walk right then left')).toEqual([['walk', 'right'], ['walk', 'left']])
    expect(planPrompt('a person goes three steps forward, one back, then forward again').timeline.map(e => [e.action.direction, e.action.count]))
      .toEqual([['forward', 3], ['backward', 1], ['forward', 3]])
    const counted = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.direction, e.action.count])
    expect(ways('looks to the left, then to the right')).toEqual([['lookAround', 'left'], ['lookAround', 'right']])
    expect(counted('walk forward, then two back')).toEqual([['walk', 'forward', undefined], ['walk', 'backward', 2]])
    expect(counted('jump three times to the left, then twice to the right')).toEqual([['jump', 'left', 3], ['jump', 'right', 2]])
    expect(counted('takes one step forward, two to the right side')).toEqual([['walk', 'forward', 1], ['sidestep', 'right', 2]])
    // A side step with a side but no way goes toward that side.
    expect(counted('does a side step with the left foot')).toEqual([['sidestep', 'left', undefined]])
  })

  it('reads "slows down to a walk" as a slow walk of no set length, "speeds up" as quick, "reach the wall" as arriving', () => {
    expect(planPrompt('he starts to run, then slows down to a walk').timeline.map(e => e.action)).toEqual([
      { kind: 'run', speed: 1, emotion: 'neutral' }, { kind: 'walk', speed: 0.7, emotion: 'neutral' }
    ])
    expect(planPrompt('he walks, then speeds up into a run').timeline.map(e => [e.action.kind, e.action.speed])).toEqual([['walk', 1], ['run', 1.4]])
    expect(kinds('keep walking until you reach the wall, then turn right')).toEqual(['walk', 'turn'])
    expect(planPrompt('take a step forward').timeline[0]!.action).toMatchObject({ kind: 'walk', count: 1 })
    expect(planPrompt('he jumps repeatedly').timeline[0]!.action).toMatchObject({ kind: 'jump', count: 3 })
  })

  it('reads "to the left side" as a way to go, and "his left side", "the left hand" as the body\'s', () => {
    const actions = (p: string) => planPrompt(p).timeline.map(e => e.action)
    expect(actions('a person takes a step to the left side')).toEqual([{ kind: 'sidestep', speed: 1, emotion: 'neutral', count: 1, direction: 'left' }])
    expect(actions('a person jumps to the right side')).toEqual([{ kind: 'jump', speed: 1, emotion: 'neutral', direction: 'right' }])
    expect(actions('he leans to his right side')).toMatchObject([{ kind: 'sideBend', side: 'right' }])
    expect(actions('lie on his left side')).toMatchObject([{ kind: 'lieDown', side: 'left' }])
  })

  it('reads a head turned as a look, "to face the other way" as a half turn and a tapped foot as a stamp', () => {
    expect(planPrompt('she turns her head to the left').timeline.map(e => e.action)).toMatchObject([{ kind: 'lookAround', direction: 'left' }])
    expect(planPrompt('he turns to face the other way').timeline.map(e => e.action)).toMatchObject([{ kind: 'turn', degrees: 180 }])
    expect(planPrompt('taps his right foot three times').timeline.map(e => e.action)).toMatchObject([{ kind: 'stomp', side: 'right', count: 3 }])
  })

  it('reads being hit as a push, dragged feet as a weary walk, "up to" and "down the street" as no climb', () => {
    expect(planPrompt('the character gets hit and falls backwards').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed', fall: true }])
    expect(planPrompt('a tired person drags their feet').timeline.map(e => e.action)).toMatchObject([{ kind: 'walk', speed: 0.7, emotion: 'tired' }])
    expect(planPrompt('a man walks up to the door').timeline.map(e => e.action)).toEqual([{ kind: 'walk', speed: 1, emotion: 'neutral' }])
    expect(planPrompt('she skips happily down the street').timeline.map(e => e.action)).toMatchObject([{ kind: 'skip', direction: 'forward' }])
    expect(kinds('walk up the stairs')).toEqual(['stepUp'])
  })

  it('never re-spells a form of a vocabulary word it refused ("shakes his hand" is no head shake)', () => {
    const plan = planPrompt('a man walks in and shakes his hand')
    expect(plan.timeline.map(e => e.action.kind)).toEqual(['walk'])
    expect(plan.understood).toEqual(['"shakes" ignored: not a movement the engine knows'])
  })

  it('reads lengths said in words and "in a row"', () => {
    expect(planPrompt('jump three times in a row').timeline.map(e => e.action)).toEqual([{ kind: 'jump', speed: 1, emotion: 'neutral', count: 3 }])
    expect(planPrompt('he waves for a long time').timeline[0]!.action.durationSeconds).toBe(8)
    expect(planPrompt('walk for a while, then sit down').timeline[0]!.action.durationSeconds).toBe(5)
    expect(planPrompt('stand still for a moment').timeline[0]!.action.durationSeconds).toBe(2)
    expect(planPrompt('clap for a bit').timeline[0]!.action.durationSeconds).toBe(3)
  })

  it('plans "turns back" as a half turn', () => {
    expect(planPrompt('he walks forward and turns back').timeline.map(e => e.action)).toMatchObject([{ kind: 'walk' }, { kind: 'turn', degrees: 180 }])
  })
})

describe('movements people ask for every day', () => {
  it.each([
    ['a person does a cartwheel', 'cartwheel'], ['he does a backflip', 'backflip'], ['she moonwalks', 'moonwalk'], ['jump rope', 'jumpRope'],
    ['he loses his balance and recovers', 'stumble'], ['she is pushed from the front but does not fall', 'pushed'], ['slap him', 'slap'],
    ['clasp your hands', 'claspHands'], ['stand at attention', 'attention'], ['chop the wood', 'chop'], ['stir the soup', 'stir'],
    ['wipe the table', 'wipe'], ['sweep the floor', 'sweep'], ['drink a glass of water', 'drink'], ['shake your arms', 'shakeArms'],
    ['lie down on your back', 'lieDown'], ['get up from the ground', 'getUp'], ['dance a waltz', 'waltz'], ['play the violin', 'playViolin']
  ])('plans "%s" as %s', (prompt, kind) => {
    expect(kinds(prompt)).toEqual([kind])
  })

  it('reads a catch as the hands meeting, "catches himself" as no movement, and a slip as a stumble', () => {
    expect(kinds('a person catches a ball and throws it afterwards')).toEqual(['claspHands', 'throw'])
    expect(kinds('someone is pushed from behind, but then catches himself')).toEqual(['pushed'])
    expect(kinds('he slips on the ice and falls on his back')).toEqual(['stumble', 'fall'])
  })

  it('gives a verb its own pace ("sprint" fast, "stroll" slow) unless a speed word says another', () => {
    const speeds = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.speed])
    expect(speeds('a man sprints')).toEqual([['run', 1.4]])
    expect(speeds('she strolls through the park')).toEqual([['walk', 0.7]])
    expect(speeds('a man runs')).toEqual([['run', 1]])
    expect(speeds('sprint slowly')).toEqual([['run', 0.7]])
  })

  it('reads a push without a fall and its side', () => {
    expect(planPrompt('she is pushed from the left but does not fall').timeline[0]!.action).toMatchObject({ kind: 'pushed', from: 'left', fall: false })
  })
})

describe('one analysis for the optimizer and for generation', () => {
  it('describes every kind the parser plans, including those without a phrase before (no TypeError)', async () => {
    const analysis = await analyzePrompt('march forward 3 steps, then stagger back, then do a cartwheel')
    expect(analysis.actions.map(a => a.kind)).toEqual(['march', 'stagger', 'cartwheel'])
    expect(analysis.optimizedPrompt).toBe('march forward 3 steps, then stagger backward, then cartwheel once')
  })

  it('plans the same actions as generation reads, and reports what it ignored', async () => {
    for (const prompt of ['walk forward then turn around and wave while walking back', 'a drunk man staggers and falls', 'do not jump, just clap twice']) {
      const analysis = await analyzePrompt(prompt)
      expect(analysis.actions.map(a => a.kind)).toEqual(readPrompt(prompt).timeline.map(e => e.action.kind))
      expect(analysis.understood).toEqual(readPrompt(prompt).understood)
    }
    expect((await analyzePrompt('do not jump, just clap twice')).understood).toEqual(['"jump" ignored: negated'])
  })

  it('analyses a prompt without a movement as no actions, with the ignored words', async () => {
    const analysis = await analyzePrompt('the man did not jump')
    expect(analysis).toMatchObject({ actions: [], optimizedPrompt: '', understood: ['"jump" ignored: negated'] })
  })
})

describe('ordinary wording misread before', () => {
  it('reaches a movement through WordNet only in a sense that is that movement ("brush" is no run, "put down" no lying)', () => {
    expect(kinds('he brushes himself off')).toEqual(['wipe'])
    // Putting it down is the same reach as picking it up, not lying down.
    expect(kinds('a person picks a box up and puts it down again')).toEqual(['pickUp', 'pickUp'])
    expect(kinds('the water flows')).toEqual([])
  })

  it('plans a movement said "again" once more, not as the same one named twice ("comes to rest again" is no second rest)', () => {
    expect(kinds('wave, then wave again')).toEqual(['wave', 'wave'])
    expect(kinds('he jumps and then jumps again')).toEqual(['jump', 'jump'])
    expect(kinds('jump, and again')).toEqual(['jump', 'jump'])
    expect(kinds('she stands, walks a few steps and stands still again')).toEqual(['idle', 'walk', 'idle'])
    expect(kinds('raise your hands and cheer')).toEqual(['cheer'])
  })

  it('reads "like a ..." as the way a walk goes, and as the movement a movement in place, a dance or a "move" is', () => {
    expect(kinds('he walks like a robot')).toEqual(['walk'])
    expect(planPrompt('he walks like a robot').understood).toEqual(['"robot" ignored: how "walks" is done ("like")'])
    expect(kinds('a man runs like a ballet dancer')).toEqual(['run'])
    expect(kinds('he walks like a chicken')).toEqual(['walk', 'flap'])
    expect(kinds('she dances like a robot')).toEqual(['robot'])
    expect(kinds('he moves like a robot')).toEqual(['robot'])
    expect(kinds('somebody jumps like a jumping jack')).toEqual(['jumpingJacks'])
    expect(kinds('she kicks with her left foot, like a kickboxing move')).toEqual(['kick'])
  })

  it('reads arms stretched up as a stretch, where hands raised high are a cheer', () => {
    expect(kinds('he stretches his arms above his head')).toEqual(['stretch'])
    expect(kinds('she stretches her arms up')).toEqual(['stretch'])
    expect(kinds('he raises his arms above his head')).toEqual(['cheer'])
  })

  it('reads "his right and left hand" as both hands, not a way and a side', () => {
    const actions = (p: string) => planPrompt(p).timeline.map(e => e.action)
    expect(actions('he boxes alternating with his right and left hand')).toEqual([{ kind: 'punch', speed: 1, emotion: 'neutral', side: 'both' }])
    expect(actions('she waves with her left and right hands')).toEqual([{ kind: 'wave', speed: 1, emotion: 'neutral', side: 'both' }])
  })

  it('plans a handshake as the one-hand reach forward of a point, and shaking one\'s own hands out as shaking the arms', () => {
    expect(kinds('he shakes hands with someone')).toEqual(['point'])
    expect(kinds('a handshake')).toEqual(['point'])
    expect(planPrompt('she shakes her friend\'s hand with her left hand').timeline[0]!.action).toMatchObject({ kind: 'point', side: 'left' })
    expect(kinds('he shakes his hands out')).toEqual(['shakeArms'])
  })

  it('reads a number before the people who move as how many they are, not how many times they move', () => {
    expect(planPrompt('two people wave').timeline.map(e => e.action)).toEqual([{ kind: 'wave', speed: 1, emotion: 'neutral' }])
    expect(planPrompt('two people jump three times').timeline[0]!.action.count).toBe(3)
  })

  it('repeats a movement of one hand or foot a clause sends to the other side ("then the left")', () => {
    const sides = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.side, e.action.direction])
    expect(sides('kick with the right leg and then the left')).toEqual([['kick', 'right', undefined], ['kick', 'left', undefined]])
    expect(sides('hop on the right foot, then on the left one')).toEqual([['hop', 'right', undefined], ['hop', 'left', undefined]])
  })
})

describe('alternatives, elided limbs and the noun "move"', () => {
  const action = (p: string) => planPrompt(p).timeline.map(e => e.action)

  it('plans the first of two modifiers offered with "or", as it plans the first of two movements', () => {
    expect(action('a person turns left or right')[0]).toMatchObject({ kind: 'turn', direction: 'left' })
    expect(action('walks to the left or to the right')[0]).toMatchObject({ kind: 'walk', direction: 'left' })
    expect(action('jumps once or twice')[0]).toMatchObject({ kind: 'jump', count: 1 })
    expect(action('jump two or three times')[0]).toMatchObject({ kind: 'jump', count: 2 })
    expect(action('jump 2 or 3 times')[0]).toMatchObject({ kind: 'jump', count: 2 })
    expect(planPrompt('jump 2 or 3 times').understood).toContain('"3" ignored: an alternative ("or")')
    expect(planPrompt('jumps once or twice').understood).toContain('"twice" ignored: an alternative ("or")')
  })

  it('leaves what an alternative movement says of itself with it, and keeps what is said of both', () => {
    expect(action('turns left or walks right')).toEqual([{ kind: 'turn', speed: 1, emotion: 'neutral', direction: 'left', degrees: 90 }])
    expect(action('jumps twice or runs three times')).toEqual([{ kind: 'jump', speed: 1, emotion: 'neutral', count: 2 }])
    expect(action('a person doing a wiping or stirring movement with the right hand')[0]).toMatchObject({ kind: 'wipe', side: 'right' })
  })

  it('reads "with the right" as the side of the limb that moves, "starting with the left" as no direction', () => {
    const sides = (p: string) => action(p).map(a => [a.kind, a.side, a.direction])
    expect(sides('kicks with the right and then the left leg')).toEqual([['kick', 'right', undefined], ['kick', 'left', undefined]])
    expect(sides('a person performs a stirring motion with his left')).toEqual([['stir', 'left', undefined]])
    expect(sides('he walks forward, starting with the right')).toEqual([['walk', undefined, 'forward']])
  })

  it('reads "a throwing move", "a dance move" as that movement, not a walk besides it', () => {
    expect(kinds('a person does a throwing move with the left')).toEqual(['throw'])
    expect(action('a person does a throwing move with the left')[0]).toMatchObject({ side: 'left' })
    expect(kinds('a person does a dance move')).toEqual(['dance'])
    expect(kinds('the dancer moves forward')).toEqual(['walk'])
  })

  it('plans a martial art practised as a punch, then a kick, unless a blow is named', () => {
    expect(kinds('a person performs martial arts')).toEqual(['punch', 'kick'])
    expect(kinds('he does kung fu and then bows')).toEqual(['punch', 'kick', 'bow'])
    expect(kinds('he performs some karate kicks')).toEqual(['kick'])
  })

  it('reads a hurt or drunk person gone to as someone else, not the way the mover walks', () => {
    expect(kinds('walks to the hurt man')).toEqual(['walk'])
    expect(kinds('walks past a drunk guy')).toEqual(['walk'])
    expect(kinds('an injured soldier walks')).toEqual(['limp'])
    expect(kinds('a drunk man walks')).toEqual(['stagger'])
  })

  it('reads prostrating as kneeling and thrashing or flailing as shaking the arms', () => {
    expect(kinds('he prostrates himself')).toEqual(['kneel'])
    expect(kinds('someone thrashes around')).toEqual(['shakeArms'])
    expect(kinds('she flails her arms')).toEqual(['shakeArms'])
  })
})

describe('everyday words of the body and misspelt degrees', () => {
  const action = (p: string) => planPrompt(p).timeline.map(e => e.action)

  it('reads degrees misspelt or run into their way as degrees, never as a count', () => {
    expect(action('turn 180 degress to the left')).toEqual([{ kind: 'turn', speed: 1, emotion: 'neutral', degrees: 180, direction: 'left' }])
    const curve = action('a person runs a 90 degreeleftwards curve')
    expect(curve.map(a => a.count)).toEqual([undefined])
    expect(curve[0]).toMatchObject({ kind: 'circle', gait: 'run', direction: 'left', degrees: 90 })
  })

  it('reads shivering and trembling as shaking, hugging as a clasp, hammering as a chop, juggling as a throw', () => {
    expect(kinds('a man shivers')).toEqual(['shakeArms'])
    expect(kinds('she trembles with fear')).toEqual(['shakeArms'])
    expect(kinds('two friends hug')).toEqual(['claspHands'])
    expect(kinds('he hammers a nail')).toEqual(['chop'])
    expect(kinds('a person juggles')).toEqual(['throw'])
    // The quiver of arrows is a thing.
    expect(kinds('gets an arrow out of the quiver on his back')).not.toContain('shakeArms')
  })

  it('reads tying one\'s shoes as crouching down to them', () => {
    expect(kinds('he ties his shoelaces')).toEqual(['crouch'])
    expect(kinds('she laces up her boots')).toEqual(['crouch'])
  })
})

describe('dodging, kneeling, strokes and other words real captions use', () => {
  const action = (p: string) => planPrompt(p).timeline.map(e => e.action)

  it('reads a dodge as a side step its way, unless a movement says how it is made; the blow dodged is no movement', () => {
    expect(action('a person dodges to his left side')).toEqual([{ kind: 'sidestep', speed: 1, emotion: 'neutral', direction: 'left' }])
    expect(kinds('someone evades a punch')).toEqual(['sidestep'])
    expect(kinds('he ducks to dodge an attack')).toEqual(['crouch'])
    expect(kinds('dodging a punch by leaning to the left')).toEqual(['sideBend'])
  })

  it('reads "knees down", "sinks to his knees" as kneeling, and retreating as stepping back', () => {
    expect(kinds('a person knees down to the ground')).toEqual(['kneel'])
    expect(kinds('a person knees on the floor')).toEqual(['kneel'])
    expect(kinds('she sinks to her knees')).toEqual(['kneel'])
    expect(kinds('a person slowly retreats')).toEqual(['backstep'])
  })

  it('reads racket strokes as a tennis stroke, drums and an axe as a chop, eating as drinking, a side jump as a jump sideways', () => {
    expect(action('a person performs a tennis serve')).toEqual([{ kind: 'tennisStroke', speed: 1, emotion: 'neutral', style: 'overhand' }])
    expect(action('she plays a backhand tennis shot')).toEqual([{ kind: 'tennisStroke', speed: 1, emotion: 'neutral', direction: 'backward' }])
    expect(kinds('a man drums')).toEqual(['chop'])
    expect(kinds('he uses an axe')).toEqual(['chop'])
    expect(kinds('a person eats a hamburger')).toEqual(['drink'])
    expect(action('someone does a sidejump to the left')).toEqual([{ kind: 'jump', speed: 1, emotion: 'neutral', count: 1, direction: 'left' }])
    expect(kinds('a person performs some kind of kata')).toEqual(['punch', 'kick'])
    expect(kinds('a fat person high fives')).toEqual(['wave'])
  })

  it('reads "proceeds to <verb>" as that movement next, and "proceeds to the door" as going there', () => {
    expect(kinds('he picks up a cookie and then proceeds to eat it')).toEqual(['pickUp', 'drink'])
    expect(kinds('he proceeds to the door')).toEqual(['walk'])
  })
})

describe('moods and ages said in everyday words', () => {
  const emotion = (p: string) => planPrompt(p).timeline[0]!.action.emotion

  it('reads joy, delight and enthusiasm as happy, frustration as angry, being upset as sad, boredom as tired', () => {
    expect(emotion('she jumps for joy')).toBe('happy')
    expect(emotion('he waves enthusiastically')).toBe('happy')
    expect(emotion('a frustrated man stomps')).toBe('angry')
    expect(emotion('an upset girl walks away')).toBe('sad')
    expect(emotion('he is bored and yawns')).toBe('tired')
  })

  it('moves an old or elderly person as a tired one, and leaves the mover be when the old one is someone else', () => {
    expect(emotion('an old man walks with a cane')).toBe('tired')
    expect(emotion('an elderly woman sits down')).toBe('tired')
    expect(emotion('he walks to the old house')).toBe('neutral')
    expect(emotion('a man walks past an old man')).toBe('neutral')
  })

  it('reads "drags himself forward" as a weary walk, not a pull', () => {
    expect(planPrompt('a man drags himself forward').timeline.map(e => [e.action.kind, e.action.emotion])).toEqual([['walk', 'tired']])
  })
})

describe('what the movement before tells, and a dive that is no swim', () => {
  it('gets up from the floor after lying down or falling, where after kneeling it stands up', () => {
    expect(kinds('a person lies down on his back and then gets up')).toEqual(['lieDown', 'getUp'])
    expect(kinds('he falls down and stands up again')).toEqual(['fall', 'getUp'])
    expect(planPrompt('he is pushed and falls, then gets up').timeline.map(e => [e.action.kind, e.action.fall])).toEqual([['pushed', true], ['getUp', undefined]])
    expect(kinds('she kneels and then stands up')).toEqual(['kneel', 'standUp'])
  })

  it('reads bending over to pick something up as the reach alone; a bow before it stays', () => {
    expect(kinds('a man bends over to pick up a coin')).toEqual(['pickUp'])
    expect(kinds('he bows and picks up his hat')).toEqual(['bow', 'pickUp'])
  })

  it('reads a dive to one side as a jump that way, and a dive into water as a swim', () => {
    expect(planPrompt('a goalkeeper dives to the left').timeline.map(e => [e.action.kind, e.action.direction])).toEqual([['jump', 'left']])
    expect(kinds('he dives into the pool')).toEqual(['swim'])
  })
})

describe('street, tantrum and ball words', () => {
  it('reads checking left and right as looking each way, and crossing a street as walking', () => {
    expect(kinds('a person checks left and right before crossing the street')).toEqual(['lookAround', 'lookAround', 'walk'])
    expect(kinds('he crosses his arms')).toEqual(['crossArms'])
  })

  it('reads a tantrum as angry stamping, and a ball bounced or dribbled as a throw, never a jump', () => {
    expect(planPrompt('a child throws a tantrum').timeline.map(e => [e.action.kind, e.action.emotion])).toEqual([['stomp', 'angry']])
    expect(kinds('a person bounces a ball')).toEqual(['throw'])
    expect(kinds('a man dribbles a basketball')).toEqual(['throw'])
  })

  it('reads moves made "like" another movement as that movement; a move made to one side still goes there', () => {
    expect(kinds('a person makes moves like bouncing a basketball and throwing it')).toEqual(['throw'])
    expect(planPrompt('she makes a move to the left').timeline.map(e => [e.action.kind, e.action.direction])).toEqual([['walk', 'left']])
  })
})

describe('arms and hands moved', () => {
  const plan = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.side])

  it('moves the arm or head, not the person: one arm reaches, arms up and down flap, hands together clasp, a head looks', () => {
    expect(plan('a human moves his left arm')).toEqual([['point', 'left']])
    expect(plan('the person moves the right hand up and down')).toEqual([['flap', 'right']])
    expect(kinds('a person moves the hands together in front of the chest')).toEqual(['claspHands'])
    expect(plan('a person moves both arms')).toEqual([['stretch', 'both']])
    expect(kinds('he moves his elbows up and down')).toEqual(['flap'])
    expect(kinds('a person bends down, then keeps moving the head to look around')).toEqual(['bow', 'lookAround'])
    expect(kinds('he moves his head')).toEqual(['lookAround'])
  })

  it('leaves the movement named for the arm to say what it is ("to slap", "as if playing the guitar")', () => {
    expect(plan('a person moves his right arm to slap something in front of him')).toEqual([['slap', 'right']])
    expect(kinds('a standing person moves its hands as if playing the guitar')).toEqual(['playGuitar'])
    expect(kinds('the person moves forward')).toEqual(['walk'])
  })

  it('reads "a bowl" as a thing, where "bowls a ball" throws', () => {
    expect(kinds('she stirs the soup in a bowl')).toEqual(['stir'])
    expect(kinds('he bowls a ball')).toEqual(['throw'])
  })
})

describe('doors, flies and fish', () => {
  it('reads opening a door as a pull and shutting it as a push', () => {
    expect(kinds('he opens the door and walks through')).toEqual(['pull', 'walk'])
    expect(kinds('she closes the window')).toEqual(['push'])
  })

  it('reads "a fly" and "a fish" as things, and fishing as the cast of a throw', () => {
    expect(kinds('a man swats a fly')).toEqual(['batSwing'])
    expect(kinds('a man is fishing')).toEqual(['throw'])
    expect(kinds('he eats a fish')).toEqual(['drink'])
  })

  it('reads a strut, a swagger or a sashay as a confident walk, not a skip, and a jig as a dance', () => {
    expect(planPrompt('a man struts down the street').timeline.map(e => [e.action.kind, e.action.emotion])).toEqual([['walk', 'confident']])
    expect(kinds('a woman sashays down the runway')).toEqual(['walk'])
    expect(kinds('someone does a little jig')).toEqual(['dance'])
    expect(kinds('a person makes motions as if opening a door')).toEqual(['pull'])
  })
})

describe('a prompt of only a likeness', () => {
  it('plans the movement "like a ..." names when nothing else is said, and keeps it a manner beside a movement', () => {
    expect(planPrompt('like a robot').timeline.map(e => e.action)).toEqual([{ kind: 'robot', speed: 1, emotion: 'neutral' }])
    expect(kinds('Like a chicken.')).toEqual(['flap'])
    expect(kinds('like robots')).toEqual(['robot'])
    expect(kinds('like a chicken, he walks')).toEqual(['walk'])
  })
})

describe('paces said as multiples, babies and walls', () => {
  it('reads "twice as fast" as a faster pace, not two of the movement', () => {
    const walk = planPrompt('walk forward twice as fast').timeline.map(e => e.action)
    expect(walk).toHaveLength(1)
    expect(walk[0]!.count).toBeUndefined()
    expect(walk[0]!.speed).toBeGreaterThan(1.4)
    expect(planPrompt('walk twice as slowly').timeline[0]!.action.speed).toBeLessThan(0.7)
  })

  it('reads a baby rocked as held in the arms, and leaning on a wall as standing', () => {
    expect(kinds('he rocks the baby in his arms')).toEqual(['claspHands'])
    expect(kinds('he leans against the wall')).toEqual(['idle'])
    expect(kinds('she leans forward')).toEqual(['bow'])
  })
})

describe('floor work, exercises and balance', () => {
  it('reads a handstand, however it is spelt or entered, as a handstand', () => {
    expect(kinds('someone does a handstand')).toEqual(['handstand'])
    expect(kinds('a person makes a hand stand')).toEqual(['handstand'])
    expect(kinds('a human goes into a handstand position, and comes back on his feet')).toEqual(['handstand'])
  })

  it('reads somersaults and forward or backward rolls as a roll, a back somersault as a backflip, and rolling onto a side as no roll', () => {
    expect(planPrompt('a human performs a forward roll').timeline.map(e => e.action)).toMatchObject([{ kind: 'roll' }])
    expect(planPrompt('a person is doing a backward roll').timeline.map(e => e.action)).toMatchObject([{ kind: 'roll', direction: 'backward' }])
    expect(planPrompt('she rolls backwards twice').timeline.map(e => e.action)).toMatchObject([{ kind: 'roll', direction: 'backward', count: 2 }])
    expect(kinds('a person runs and does a roll on the ground')).toEqual(['run', 'roll'])
    expect(kinds('a person does a somersault on the ground')).toEqual(['roll'])
    expect(kinds('he does a back somersault')).toEqual(['backflip'])
    expect(kinds('a person is lying on the ground and rolls onto the left side')).not.toContain('roll')
  })

  it('reads push-ups, sit-ups and crunches as those exercises with their counts, not squats', () => {
    expect(planPrompt('a person does 10 push-ups').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushUp', count: 10 }])
    expect(planPrompt('a dozen push ups').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushUp', count: 12 }])
    expect(kinds('he does press ups')).toEqual(['pushUp'])
    expect(planPrompt('a man does sit ups').timeline.map(e => e.action)).toMatchObject([{ kind: 'sitUp' }])
    expect(planPrompt('she does 20 crunches').timeline.map(e => e.action)).toMatchObject([{ kind: 'sitUp', count: 20 }])
    // "ground" is no crunch: WordNet's grind → crunch does not make the floor an exercise.
    expect(kinds('a person touches the ground with both hands')).not.toContain('sitUp')
  })

  it('reads lunges with their way, not as squats', () => {
    expect(planPrompt('a person takes a lunge to the left and returns to the initial position').timeline.map(e => e.action))
      .toMatchObject([{ kind: 'lunge', direction: 'left' }])
    expect(kinds('a person does lunges')).toEqual(['lunge'])
  })

  it('reads swaying and rocking as a sway, rocking out as headbanging, and a sway beside a walk as how it walks', () => {
    expect(kinds('a person sways side to side')).toEqual(['sway'])
    expect(planPrompt('a person rocks back and forth').timeline.map(e => e.action)).toMatchObject([{ kind: 'sway', direction: 'backward' }])
    expect(kinds('the man rocks out to the music')).toEqual(['headbang'])
    expect(kinds('a person walks forwards slowly, hips swaying')).toEqual(['walk'])
    expect(kinds('a person is walking with a light sway')).toEqual(['walk'])
    expect(kinds('a person walks backwards, arms swinging by his side')).toEqual(['walk'])
    expect(planPrompt('a person takes a couple of forward steps swaying').timeline.map(e => e.action)).toMatchObject([{ kind: 'walk', count: 2 }])
  })
})

describe('hands washed, toes touched, arms swung while walking', () => {
  it('reads standing or walking on the hands, and a headstand, as a handstand', () => {
    expect(kinds('a man stands on his hands')).toEqual(['handstand'])
    expect(kinds('a person walks on their hands')).toEqual(['handstand'])
    expect(kinds('a person does a headstand')).toEqual(['handstand'])
  })

  it('reads washing the hands as rubbing them together and washing a thing as wiping it', () => {
    expect(kinds('a person washes their hands')).toEqual(['claspHands'])
    expect(kinds('he washes the car')).toEqual(['wipe'])
  })

  it('reads touching the toes as bending down', () => {
    expect(kinds('a person touches their toes')).toEqual(['bow'])
    expect(kinds('she reaches down to her toes')).toEqual(['bow'])
  })

  it('reads arms swung while walking as the walk, not a bat swing', () => {
    expect(kinds('a person swings their arms while walking')).toEqual(['walk'])
    expect(kinds('a person walks swinging her arms')).toEqual(['walk'])
    expect(kinds('a person walks while swinging their arms')).toEqual(['walk'])
    expect(kinds('he swings a bat while walking')).toContain('batSwing')
  })
})

describe('dying, shot, cold', () => {
  it('reads dying as a fall, being shot as being hit, and shot and dying as knocked down', () => {
    expect(kinds('the man dies')).toEqual(['fall'])
    expect(planPrompt('he gets shot in the chest').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed', fall: false }])
    expect(planPrompt('he is shot and dies').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed', fall: true }])
    expect(kinds('he shot the ball')).toEqual(['throw'])
  })

  it('reads arms rubbed for warmth as a shiver', () => {
    expect(kinds('someone is cold and rubs their arms')).toEqual(['shakeArms'])
  })
})

describe('lunges, rolls and cartwheels one way, then another', () => {
  it('plans a second lunge, roll or cartwheel for a clause that only names another way', () => {
    const ways = (p: string) => planPrompt(p).timeline.map(e => [e.action.kind, e.action.direction])
    expect(ways('a person does a lunge to the right and then to the left')).toEqual([['lunge', 'right'], ['lunge', 'left']])
    expect(ways('he rolls forward and then backward')).toEqual([['roll', 'forward'], ['roll', 'backward']])
    expect(ways('a cartwheel to the left and then to the right')).toEqual([['cartwheel', 'left'], ['cartwheel', 'right']])
  })
})

describe('sports, boards and chores', () => {
  it('reads skating, skiing and skateboarding as travelling, not a bird\'s glide, and surfing as balancing with arms out', () => {
    expect(kinds('ice skating')).toEqual(['walk'])
    expect(kinds('skiing')).toEqual(['walk'])
    expect(kinds('skateboarding')).toEqual(['walk'])
    expect(kinds('surfing')).toEqual(['stretch'])
  })

  it('reads a zombie walk as a stagger, a dunk or a spike as a jump, a samba as a latin dance', () => {
    expect(kinds('zombie walk')).toEqual(['stagger'])
    expect(kinds('basketball dunk')).toEqual(['jump'])
    expect(kinds('volleyball spike')).toEqual(['jump'])
    expect(kinds('samba')).toEqual(['salsa'])
    expect(kinds('capoeira')).toEqual(['dance'])
  })

  it('reads chores by their hands\' movement, and an iron or a comb picked up as a thing', () => {
    expect(kinds('a person vacuums')).toEqual(['sweep'])
    expect(kinds('he irons his shirt')).toEqual(['wipe'])
    expect(kinds('a person is cooking')).toEqual(['stir'])
    expect(kinds('a person combs their hair')).toEqual(['scratchHead'])
    expect(kinds('he picks up an iron pipe')).toEqual(['pickUp'])
    expect(kinds('she picks up a comb')).toEqual(['pickUp'])
  })
})

describe('avoiding, putting and writing', () => {
  it('reads avoiding as a dodge to the side, unless it is the purpose of the movement before', () => {
    expect(planPrompt('somebody avoids to the left').timeline.map(e => e.action)).toMatchObject([{ kind: 'sidestep', direction: 'left' }])
    expect(planPrompt('a person walks and avoids an obstacle to his left').timeline.map(e => [e.action.kind, e.action.direction]))
      .toEqual([['walk', undefined], ['sidestep', 'left']])
    expect(kinds('a person walks one step to the left to avoid something')).toEqual(['walk'])
    expect(kinds('a person gets pushed and makes a step back to avoid falling')).not.toContain('sidestep')
    expect(kinds('someone evades an obstacle by jumping to the right side')).toEqual(['jump'])
  })

  it('reads minigolf and putting as a swing, and writing on a board as the hand wiping over it', () => {
    expect(kinds('a person makes minigolf playing motions')).toEqual(['batSwing'])
    expect(kinds('a human writes on a board')).toEqual(['wipe'])
  })
})

describe('into a handstand', () => {
  it('reads kicking or pushing up into a handstand as the handstand alone', () => {
    expect(kinds('a person kicks up into a handstand and holds it')).toEqual(['handstand'])
    expect(kinds('she pushes up into a handstand')).toEqual(['handstand'])
  })
})

describe('"instead of" a way', () => {
  it('refuses the way after "instead of", as after "not"', () => {
    expect(planPrompt('kick with your left foot instead of the right').timeline.map(e => e.action)).toEqual([{ kind: 'kick', speed: 1, emotion: 'neutral', side: 'left' }])
    expect(planPrompt('turn left instead of right').timeline.map(e => e.action)).toMatchObject([{ kind: 'turn', direction: 'left' }])
    expect(planPrompt('walk forward instead of backward').timeline.map(e => e.action)).toMatchObject([{ kind: 'walk', direction: 'forward' }])
  })
})

describe('more ways of saying no', () => {
  it('refuses what "rather than", "neither ... nor" and "not with her left hand" refuse', () => {
    expect(kinds('rather than walking, she skips')).toEqual(['skip'])
    expect(kinds('neither jump nor run, just walk')).toEqual(['walk'])
    expect(planPrompt('she waves, but not with her left hand').timeline.map(e => e.action)).toEqual([{ kind: 'wave', speed: 1, emotion: 'neutral' }])
    expect(planPrompt('hop, but not on the left foot').timeline[0]!.action.side).toBeUndefined()
  })
})

describe('standing while doing something, limbs on a side, dozens, what one would rather do', () => {
  it('reads standing beside another movement as how it is made, not as a rest before or after it', () => {
    expect(kinds('waves while standing')).toEqual(['wave'])
    expect(kinds('a person sways side to side while standing still')).toEqual(['sway'])
    expect(kinds('A standing person waves with his left hand.')).toEqual(['wave'])
    expect(kinds('a person gets pushed from the left while standing and takes a step to the right')).toEqual(['pushed', 'sidestep'])
    expect(planPrompt('stands still for 5 seconds while waving').timeline.map(e => e.action)).toMatchObject([{ kind: 'wave', durationSeconds: 5 }])
    // Standing apart from the movement stays: before it, after it, or for a time of its own.
    expect(kinds('walks forward, then stands still')).toEqual(['walk', 'idle'])
    expect(kinds('stands for 3 seconds and then waves')).toEqual(['idle', 'wave'])
  })

  it('sits, kneels or crouches first for a gesture made "while sitting", which is then made in that posture', () => {
    expect(kinds('waves while sitting')).toEqual(['sitDown', 'wave'])
    expect(kinds('drinks while sitting on a chair')).toEqual(['sitChair', 'drink'])
    expect(kinds('a person looking to the left while crouched')).toEqual(['crouch', 'lookAround'])
    expect(kinds('walks while waving')).toEqual(['walk', 'wave'])
  })

  it('reads "the leg on the left" as the left leg, a side, not a way', () => {
    expect(planPrompt('kicks with the leg on the left').timeline.map(e => e.action)).toEqual([{ kind: 'kick', speed: 1, emotion: 'neutral', side: 'left' }])
    expect(planPrompt('waves with the hand on his right side').timeline.map(e => e.action)).toEqual([{ kind: 'wave', speed: 1, emotion: 'neutral', side: 'right' }])
  })

  it('walks a curve for a turn made while walking, and an arc for a quarter or half circle', () => {
    expect(planPrompt('a person walks forward while turning to the left').timeline.map(e => e.action))
      .toEqual([{ kind: 'circle', speed: 1, emotion: 'neutral', gait: 'walk', direction: 'left', degrees: 90 }])
    expect(planPrompt('turns right while running').timeline.map(e => e.action)).toMatchObject([{ kind: 'circle', gait: 'run', direction: 'right', degrees: -90 }])
    expect(planPrompt('walks a quarter circle clockwise').timeline.map(e => e.action)).toMatchObject([{ kind: 'circle', direction: 'right', degrees: -90 }])
    // Steps or a turn said beside the curve are the curve's own.
    expect(kinds('a person walks a quarter circle to the right, taking four steps')).toEqual(['circle'])
    expect(kinds('a human is walking in a left curve, doing a 90 degree turn')).toEqual(['circle'])
    // A walk of its own length, or backwards, then a turn: still one after the other.
    expect(kinds('walks 5 steps while turning left')).toEqual(['walk', 'turn'])
    expect(kinds('walks backwards, then turns left')).toEqual(['walk', 'turn'])
  })

  it('reads the floor touched, both arms held in the air and a gun used', () => {
    expect(kinds('a person is touching the floor with the right hand')).toEqual(['bow'])
    expect(kinds('a person is holding his left and right arm in the air')).toEqual(['cheer'])
    expect(kinds('he shoots a gun')).toEqual(['point'])
    expect(kinds('a person is using a gun')).toEqual(['point'])
    expect(kinds('shoots the ball')).toEqual(['throw'])
  })

  it('reads archery, falling asleep and garden chores', () => {
    expect(kinds('an archer draws a bow')).toEqual(['pull'])
    expect(kinds('bows to the audience')).toEqual(['bow'])
    expect(kinds('a person falls asleep on a chair')).toEqual(['sitChair'])
    expect(kinds('she falls asleep')).toEqual(['lieDown'])
    expect(kinds('rakes leaves')).toEqual(['sweep'])
    expect(kinds('digs with a shovel')).toEqual(['sweep'])
    expect(kinds('paints a wall')).toEqual(['wipe'])
    expect(kinds('he leaves the room')).toEqual(['walk'])
  })

  it('reads a plank held, for its time, and lying face down', () => {
    expect(kinds('holds a plank')).toEqual(['plank'])
    expect(planPrompt('a person holds a plank for 10 seconds').timeline.map(e => e.action)).toMatchObject([{ kind: 'plank', durationSeconds: 10 }])
    expect(planPrompt('lies face down, then holds a plank').timeline.map(e => e.action)).toMatchObject([{ kind: 'lieDown', style: 'onFront' }, { kind: 'plank' }])
    expect(kinds('the pirate walks the plank')).toEqual(['walk'])
    expect(kinds('subject walks over a plank')).toEqual(['walk'])
    expect(kinds('he plonks down on the sofa')).not.toContain('plank')
  })

  it('reads a raised arm as raised overhead unless a way is said, and a knock on a door as a knock', () => {
    const action = (prompt: string) => planPrompt(prompt).timeline.map(e => e.action)
    expect(action('he raises his arm in the air')).toMatchObject([{ kind: 'point', direction: 'up' }])
    expect(action('the human lifts his left arm')).toMatchObject([{ kind: 'point', side: 'left', direction: 'up' }])
    expect(action('raises his right arm in front of him')[0]!.direction).toBeUndefined()
    expect(action('raises his left arm to the side')).toMatchObject([{ kind: 'point', side: 'left', direction: 'left' }])
    expect(action('puts the right hand on the floor')[0]!.direction).toBeUndefined()
    expect(action('knocks on a door three times')).toMatchObject([{ kind: 'knock', count: 3 }])
    expect(action('a person who knocks at a wall with both hands')).toMatchObject([{ kind: 'knock', side: 'both' }])
    // The hand named after "holding" holds the thing knocked on; the one named first knocks.
    expect(action('somebody knocks with his left hand on something he is holding in his right hand')).toMatchObject([{ kind: 'knock', side: 'left' }])
    expect(kinds('walks to the door and knocks')).toEqual(['walk', 'knock'])
  })

  it('reads being knocked down as a fall, and bumping into something as a stumble', () => {
    expect(planPrompt('he is knocked down').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed', fall: true }])
    expect(planPrompt('gets pushed over and stands up again').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed', fall: true }, { kind: 'getUp' }])
    expect(planPrompt('is pushed over to the left, catches his steps').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed', direction: 'left', fall: false }])
    expect(kinds('walks forward and bumps into something')).toEqual(['walk', 'stumble'])
    expect(kinds('walks into the room')).toEqual(['walk'])
  })

  it('reads misspelt and loosely said exercises, instruments and crawls as their movements', () => {
    expect(kinds('a person does a squad exercise')).toEqual(['squat'])
    expect(planPrompt('does three squads').timeline[0]!.action).toMatchObject({ kind: 'squat', count: 3 })
    expect(kinds('does a squat exercise')).toEqual(['squat'])
    expect(kinds('a squad of soldiers marches')).toEqual(['march'])
    expect(kinds('a human is striking a guitare with the left hand')).toEqual(['playGuitar'])
    expect(planPrompt('performs 5 strokes on a violine').timeline[0]!.action).toMatchObject({ kind: 'playViolin', count: 5 })
    expect(kinds('a person walking on all fours')).toEqual(['crawl'])
    expect(kinds('moves around on his hands and knees')).toEqual(['crawl'])
    expect(kinds('somebody stands on his knees')).toEqual(['kneel'])
    expect(planPrompt('a human rises his left arm').timeline[0]!.action).toMatchObject({ kind: 'point', side: 'left', direction: 'up' })
    expect(kinds('performs a whiping movement with the right hand')).toEqual(['wipe'])
    expect(kinds('a person sits down in a kneeing position')).toEqual(['kneel'])
    expect(kinds('somebody raises up.')).toEqual(['standUp'])
    expect(kinds('holds his arms on the height of his shoulders')).toEqual(['stretch'])
    expect(kinds('moves his left arm horizontally in front of him in counterclockwise circles')).toEqual(['stir'])
    expect(kinds('a person does a compensatory movement to the left side')).toEqual(['stumble'])
    expect(kinds('he is whipping a horse')).not.toContain('wipe')
  })

  it('reads a misspelt gait before counted steps, and a misspelt path after a gait', () => {
    expect(planPrompt('a person joggs a few steps forward').timeline.map(e => e.action)).toMatchObject([{ kind: 'jog', count: 3, direction: 'forward' }])
    expect(kinds('takes a step to the left to rebalance')).toEqual(['sidestep'])
    expect(planPrompt('a person walks confidently in cirlces').timeline.map(e => e.action)).toMatchObject([{ kind: 'circle', gait: 'walk' }])
  })

  it('walks an arc for a half or quarter circle, a curve or bend, and a circle for a walk clockwise', () => {
    const actions = (prompt: string) => planPrompt(prompt).timeline.map(e => e.action)
    expect(actions('walks a half circle')).toMatchObject([{ kind: 'circle', gait: 'walk', degrees: 180 }])
    expect(actions('a person goes forward in a semicircle')).toMatchObject([{ kind: 'circle', gait: 'walk', degrees: 180 }])
    expect(actions('walks a quarter circle to the right')).toMatchObject([{ kind: 'circle', direction: 'right', degrees: -90 }])
    expect(actions('human walks in a quater circle clockwise')).toMatchObject([{ kind: 'circle', direction: 'right', degrees: -90 }])
    // The way the walk goes is the way its curve turns, when the turn says none.
    expect(actions('a person walks to the left in a quarter circle')).toMatchObject([{ kind: 'circle', direction: 'left', degrees: 90 }])
    expect(actions('a person walks slowly right around a corner')).toMatchObject([{ kind: 'circle', direction: 'right', degrees: -90 }])
    expect(actions('a human walks in a right bend')).toMatchObject([{ kind: 'circle', direction: 'right', degrees: -90 }])
    expect(actions('walks in a clockwise 90 degree bend')).toMatchObject([{ kind: 'circle', direction: 'right', degrees: -90 }])
    expect(actions('walks in a right 90 degree curve')).toMatchObject([{ kind: 'circle', direction: 'right', degrees: -90 }])
    expect(kinds('walks in a bend posture')).toEqual(['walk', 'bow'])
    expect(actions('someone walks anticlockwise')).toMatchObject([{ kind: 'circle', direction: 'left' }])
    expect(actions('walks forward, then turns clockwise')).toMatchObject([{ kind: 'walk' }, { kind: 'turn', direction: 'right' }])
    expect(actions('takes two steps, swings around 180 degrees and walks back')[1]).toMatchObject({ kind: 'turn', degrees: 180 })
    // A half turn with a verb of its own, in a walk's clause but not "while" walking, is made after the walk.
    expect(kinds('a person walks forward takes a 180 degree turn to the left and keeps on walking')).toEqual(['walk', 'turn', 'walk'])
    expect(kinds('walks straight some steps turn right 180 degrees')).toEqual(['walk', 'turn'])
    expect(actions('a person walks a 180 degree turn to the left')).toMatchObject([{ kind: 'circle', degrees: 180 }])
    expect(actions('walks forward while turning 180 degrees to the left')).toMatchObject([{ kind: 'circle', degrees: 180 }])
    expect(actions('walks forward turning 180 degrees to the left')).toMatchObject([{ kind: 'circle', degrees: 180 }])
    expect(kinds('he turns a half circle')).toEqual(['turn'])
    expect(kinds('walks, then makes a half turn')).toEqual(['walk', 'turn'])
  })

  it('reads a push recovered from as the push, and a push misspelt as received', () => {
    expect(planPrompt('a person recovers from a strong push to his left shoulder').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed' }])
    expect(kinds('takes a few steps to the right to recover from a push')).toEqual(['sidestep'])
    expect(planPrompt('a person getting shove from the left while standing still').timeline.map(e => e.action)).toMatchObject([{ kind: 'pushed', from: 'left' }])
  })

  it('counts dozens', () => {
    expect(planPrompt('he does two dozen jumping jacks').timeline[0]!.action.count).toBe(24)
    expect(planPrompt('half a dozen push ups').timeline[0]!.action.count).toBe(6)
    expect(planPrompt('a dozen jumps').timeline[0]!.action.count).toBe(12)
  })

  it('plans what one would rather do, not what one would rather not', () => {
    expect(kinds("she'd rather walk than run")).toEqual(['walk'])
    expect(kinds('he would rather dance slowly than jump')).toEqual(['dance'])
    expect(kinds('walks rather than runs')).toEqual(['walk'])
  })
})
