// Word combinations that name one movement: "run in a circle", "walk up the stairs", "walk sideways", "salsa dance".
// The movements one clause names are rewritten by each rule in turn; the order matters where a rule reads what an
// earlier one left (a circle taken over by a pace is no longer there for the turn rule).
import { DODGING } from '../movements/registry.js'
import type { Found, Mods } from './found.js'
import { PACES } from './path-shapes.js'
import { DETERMINERS } from './vocabulary.js'
import type { ActionKind } from './vocabulary.js'
import { ANY_BODY_PART, DANCE_STYLES, LOCOMOTION, UPPER_BODY, WALKING } from './word-groups.js'

// Movements that get out of the way: the way a dodge is made.
const DODGES: ReadonlySet<string> = DODGING
// Words of getting out of the way.
const DODGE_WORDS: ReadonlySet<string> = new Set(['dodge', 'evade', 'avoid'])
// Verbs of putting a thing somewhere ("puts", "places", "sets ... down").
const PLACING: ReadonlySet<string> = new Set(['put', 'place', 'set', 'lay', 'position'])
// Pronouns that can be the object of a verb ("lays it down").
const OBJECT_PRONOUNS: ReadonlySet<string> = new Set(['it', 'them', 'him', 'her', 'me', 'us', 'something', 'everything'])
// "nearly falls", "almost fell over": the fall is caught, a stumble.
const HEDGES = new Set(['nearly', 'almost'])

/** What a rule reads and rewrites: the clause's movements, in order. */
interface Clause {
  out: Found[]
  has: (kind: string) => boolean
  /** Takes the first movement of this kind out of the clause. */
  drop: (kind: string) => Found | undefined
  hasWord: (...words: string[]) => boolean
  /** The clause's pace word (walk, jog, run...), as found before any rule ran. */
  pace: Found | undefined
}

type Rule = (c: Clause) => void

const isUpperBody = (f: Found): boolean => UPPER_BODY.has(f.kind as ActionKind)

const RULES: readonly Rule[] = [
  // "runs in a circle", "jogs a zigzag": the path, at that pace.
  function pathAtPace ({ out, pace }) {
    const path = out.find(f => f.kind === 'circle' || f.kind === 'zigzag')
    if (path === undefined || pace === undefined) return
    path.mods = { ...pace.mods, ...path.mods, gait: PACES[pace.kind] } as Mods
    out.splice(out.indexOf(pace), 1)
  },
  // "walks up the stairs": the climbing step is the walk.
  function climbing ({ has, drop }) {
    if (has('stepUp')) for (const g of ['walk', 'run', 'jog']) drop(g)
  },
  // "walks swaying his hips", "a couple of steps swaying": the sway is the way of walking, its count the steps'.
  function swayingWalk ({ out, drop }) {
    const gait = out.find(f => f.kind === 'step' || LOCOMOTION.has(f.kind as ActionKind))
    const swaying = gait !== undefined ? drop('sway') : undefined
    if (gait !== undefined && swaying !== undefined) gait.mods = { ...swaying.mods, ...gait.mods }
  },
  // "a salsa dance": the style is the dance.
  function danceStyle ({ out, has, drop }) {
    if (out.some(f => DANCE_STYLES.has(f.kind as ActionKind)) && has('dance')) drop('dance')
  },
  // "nearly falls", "almost fell over": the fall is caught, a stumble (one, beside a stumble already there).
  function caughtFall ({ out, has, drop }) {
    const caught = out.find(f => f.kind === 'fall' && HEDGES.has(f.before ?? ''))
    if (caught !== undefined && has('stumble')) drop('fall')
    else if (caught !== undefined) caught.kind = 'stumble'
  },
  // "lays the baby in the crib": laying a thing down is a reach down, not lying down ("lays down" still is).
  function layingAThing ({ out }) {
    for (const f of out) if (f.kind === 'lieDown' && f.word.lemma === 'lay' && (DETERMINERS.has(f.after ?? '') || OBJECT_PRONOUNS.has(f.after ?? ''))) f.kind = 'pickUp'
  },
  // "puts the box down" is a reach for a thing. Placing a part of the body ("puts his hands on his hips", "putting the
  // right foot in front") is that part's pose, told by the rest of the clause; placing nothing ("get back to
  // position") is no reach at all.
  function placing ({ out, hasWord }) {
    const placed = out.find(f => f.kind === 'pickUp' && PLACING.has(f.word.lemma))
    const posing = hasWord(...ANY_BODY_PART) || out.some(f => f !== placed && isUpperBody(f))
    if (placed !== undefined && (placed.after === undefined || posing)) out.splice(out.indexOf(placed), 1)
  },
  // "a drunk person walking", "a zombie walk", "walks with an injured leg": the walker's state is the way of walking.
  function walkerState ({ out, hasWord }) {
    const walking = out.find(f => f.kind === 'walk')
    if (walking !== undefined && hasWord('drunk', 'drunken', 'tipsy', 'intoxicated', 'zombie', 'zombies')) walking.kind = 'stagger'
    else if (walking !== undefined && hasWord('injured', 'wounded', 'hurt', 'lame', 'sprained')) walking.kind = 'limp'
  },
  // "bends over to pick up a coin": the bend is the reach's own.
  function bendToReach ({ out, has }) {
    const bend = out.find(f => f.kind === 'bow' && (f.word.bases.includes('bend') || f.word.bases.includes('lean')))
    if (bend !== undefined && has('pickUp')) out.splice(out.indexOf(bend), 1)
  },
  // "ducks to dodge", "dodging by leaning to the left": the dodge is the movement that makes it. "Steps to the left
  // to avoid something", "a step back to avoid falling": what is avoided is the purpose of the movement before.
  function dodgeMadeBy ({ out }) {
    const dodge = out.find(f => f.word.bases.includes('dodge') || DODGE_WORDS.has(f.word.lemma))
    if (dodge !== undefined && out.some(f => f !== dodge && (DODGES.has(f.kind) || dodge.before === 'to'))) out.splice(out.indexOf(dodge), 1)
  },
  // "gets pushed and stumbles": one reaction. A moonwalk is its own walk.
  function oneReaction ({ has, drop }) {
    if (has('pushed')) { drop('stumble'); drop('stagger') }
    if (has('moonwalk')) drop('walk')
  },
  // "stumbles around / along": an unsteady walk, not one loss of balance.
  function stumblingAbout ({ out, hasWord }) {
    for (const f of out) if (f.kind === 'stumble' && hasWord('around', 'about', 'along', 'across', 'through')) f.kind = 'stagger'
  },
  // "moves his hand in a circle", "a circular motion with the left hand": a hand circling, not a walk.
  function handCircle ({ out, hasWord, drop }) {
    const circle = out.find(f => f.kind === 'circle')
    if (circle === undefined || !hasWord('hand', 'hands', 'arm', 'arms') || out.some(f => WALKING.has(f.kind) && f.kind !== 'walk' && f.kind !== 'step')) return
    circle.kind = 'stir'
    drop('walk')
  },
  // "turns a cartwheel": the cartwheel is the turn.
  function cartwheelTurn ({ has, drop }) {
    if (has('cartwheel')) { drop('turn'); drop('spin') }
  },
  // "wipes a window in circles": the circle is the hand's path.
  function handPath ({ out, has, drop }) {
    if (has('circle') && out.some(isUpperBody) && !out.some(f => WALKING.has(f.kind))) drop('circle')
  },
  function turnAndCircle ({ out, drop, pace }) {
    const turning = out.find(f => f.kind === 'turn' || f.kind === 'spin')
    const path = out.find(f => f.kind === 'circle')
    if (turning === undefined || path === undefined) return
    if (pace !== undefined) {
      // "walks a circle (right turn)": the turn's side is the way the walk circles.
      const side = turning.mods.direction
      if (side === 'left' || side === 'right') path.mods.direction ??= side
      out.splice(out.indexOf(turning), 1)
    } else {
      // "turns in a circle", "rotates half a circle anticlockwise": the circle is the turn, a whole one unless it says less.
      turning.mods.degrees ??= path.mods.degrees ?? 360
      if (path.mods.direction !== undefined) turning.mods.direction ??= path.mods.direction
      drop('circle')
    }
  },
  // "dances in a circle", "crawls in a circle": the path of that movement, not a walk of its own after it.
  function pathOfAMovement ({ out, has, drop }) {
    if (has('circle') && out.some(f => f.kind !== 'circle' && !isUpperBody(f))) drop('circle')
  },
  // "hits something with his left foot": a kick.
  function strikeWithAFoot ({ out, hasWord }) {
    for (const f of out) if ((f.kind === 'punch' || f.kind === 'slap') && hasWord('foot', 'leg', 'feet', 'legs')) f.kind = 'kick'
  },
  // "walks sideways": a side step.
  function sideways ({ out, hasWord }) {
    if (hasWord('sideways', 'sidewards', 'sideward', 'aside')) for (const f of out) if (WALKING.has(f.kind)) f.kind = 'sidestep'
  }
]

/** The clause's movements after every combination rule, in order; `found` itself is left as it was. */
export function combine (found: Found[], hasWord: (...words: string[]) => boolean): Found[] {
  const out = [...found]
  const clause: Clause = {
    out,
    has: kind => out.some(f => f.kind === kind),
    drop: kind => {
      const i = out.findIndex(f => f.kind === kind)
      return i < 0 ? undefined : out.splice(i, 1)[0]
    },
    hasWord,
    pace: out.find(f => PACES[f.kind] !== undefined)
  }
  for (const rule of RULES) rule(clause)
  return out
}
