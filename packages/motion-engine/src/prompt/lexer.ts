// Turns a prompt into words (with the NLP library's lemma, part of speech and negation), numbers and clause marks.
// Multi-word names of one movement ("jumping jacks", "play the guitar", "lose balance") are joined first into the
// single word the vocabulary knows; everything else about the words comes from the library (nlp-reader.ts).
import { createRequire } from 'node:module'
import type lemmatizer from 'wink-lemmatizer'
import { MOVEMENT_RULES } from '../movements/registry.js'
import { readWithWink } from './nlp-reader.js'
import type { NlpReader, PartOfSpeech } from './nlp-reader.js'
import { verbs } from './verb-forms.js'
import { SEQUENCE_WORDS, SIMULTANEOUS_WORDS } from './vocabulary.js'

// The lemmatizer's tables (about 50 MB resident, half a second to load) are required at the first prompt, not when
// the engine is imported.
const require = createRequire(import.meta.url)
let verbLemmatizer: typeof lemmatizer.lemmatizeVerb | undefined

function lemmatizeVerb (word: string): string {
  verbLemmatizer ??= (require('wink-lemmatizer') as typeof lemmatizer).lemmatizeVerb
  return verbLemmatizer(word)
}

export type ClauseMode = 'sequence' | 'simultaneous' | 'after' | 'before'

export type Token =
  | { type: 'word', text: string, lemma: string, bases: string[], pos: PartOfSpeech, negated: boolean }
  | { type: 'number', value: number }
  | { type: 'separator', mode: ClauseMode, word: string }

const POSS = '(?:his|her|their|my|your|its|the|a|an|both|one|both\\s+of\\s+(?:his|her|their))?\\s*'
// Whoever watches: the character starts facing them ("towards the camera", "away from me").
const VIEWER = '(?:the\\s+)?(?:camera|viewer|audience|observer|me|us)\\b'

/** A global pattern written as a raw template, so a verb's forms (`verbs`) and the phrases above can be put in it. */
const re = (strings: TemplateStringsArray, ...parts: string[]): RegExp => new RegExp(String.raw(strings, ...parts), 'g')

// Doing or practising a discipline (tai chi, yoga, a martial art).
const PRACTISING = verbs('do', 'practise', 'practice')

// Multi-word names of one movement, joined into the single word the vocabulary knows.
const PHRASES: [RegExp, string][] = [
  // Degrees misspelt or run into the way they turn ("180 degress", "a 90 degreeleftwards curve").
  [/\bdegr(?:e+s*|es+|ess+)(left|right)?(?:wards?)?\b/g, 'degrees $1'],
  [/\b(counter|anti)\s*clock\s*wise\b|\bagainst\s+(the\s+)?clock\s*wise(\s+direction)?\b/g, 'counterclockwise'],
  [/\bclock\s+wise\b/g, 'clockwise'],
  [/\bu\s*turns?\b/g, 'turns around'],
  // "walks back and forth": forward, then the same way back (the parser repeats the movement for the second way).
  [/\b(back\s+and\s+forth|forth\s+and\s+back|to\s+and\s+fro|backwards?\s+and\s+forwards?)\b/g, 'forward and backward'],
  // "stops right before where it started", "right away": "right" says when, not which way.
  [/\bright\s+(away|where|when)\b/g, '$1'],
  [re`\b(${verbs('stop', 'end', 'halt')})\s+right\s+(before|after|at|by|in|on)\b`, '$1 $2'],
  // "with his right and left hand", "the left and the right foot": both of them, not a way and a side.
  [re`\b(left\s+and\s+${POSS}right|right\s+and\s+${POSS}left)\s+(hands?|arms?|fists?|feet|foot|legs?)\b`, 'both $2'],
  // "the leg on the left", "the hand on his right side": the left leg and the right hand, a side, not a way.
  [/\b(the|his|her|their|its|my|your)\s+(hand|arm|fist|leg|foot)\s+on\s+(?:the|his|her|their|its|my|your)\s+(left|right)(?:\s+side)?\b/g, '$1 $3 $2'],
  // "turns her head to the left": the head looks that way, the body stays.
  [re`\b(${verbs('turn')})\s+${POSS}head\b`, 'looks'],
  // "turns to face the other way": a half turn.
  [re`\b(${verbs('face')})\s+the\s+(other\s+way|opposite\s+(way|direction))\b`, 'around'],
  // "taps his foot": a light stamp, not a kick.
  [re`\b(${verbs('tap')})\s+${POSS}(left\s+|right\s+)?(foot|feet|toes?)\b`, 'stomp $2foot'],
  // "drags his feet": a weary walk, not a pull.
  [re`\b(${verbs('drag', 'shuffle')})\s+${POSS}feet\b`, 'trudges'],
  // "walks up to the door", "skips down the street": toward something, along the way, not up or down.
  [re`\b(${verbs('walk', 'go', 'run', 'come', 'step')})\s+up\s+to\b`, '$1 to'],
  [/\b(up|down)\s+(the|a)\s+(street|road|hall|hallway|corridor|path|sidewalk|pavement|lane|aisle|runway|track|catwalk)\b/g, 'forward'],
  // "three times in a row": one after the other, no rowing.
  [/\bin\s+a\s+row\b/g, ' '],
  // Lengths said in words: a long while is 8 s, a while 5 s, a bit 3 s, a moment 2 s.
  [/\bfor\s+(quite\s+)?a\s+long\s+(time|while)\b/g, 'for 8 seconds'],
  [/\bfor\s+a\s+while\b/g, 'for 5 seconds'],
  [/\bfor\s+a\s+(little\s+)?bit\b/g, 'for 3 seconds'],
  [/\bfor\s+a\s+(short\s+)?moment\b/g, 'for 2 seconds'],
  // "Rather than walking" refuses the walk as "instead of" does.
  [/\brather\s+than\b/g, 'instead of'],
  // "would rather walk than run": the walk, instead of the run.
  [/\brather\s+((?:[a-z]+\s+){0,2}[a-z]+)\s+than\b/g, '$1 instead of'],
  [re`\b(${verbs('slow')})\s+down\b`, 'slowly'],
  [re`\b(${verbs('speed')})\s+up\b`, 'quickly'],
  // "until he reaches the wall": arriving somewhere, not reaching out.
  [re`\b(${verbs('reach')})\s+(the|a|an|his|her|their)\s+(other\s+side|wall|door|doorway|end|edge|destination|corner|goal|finish|exit|entrance|start|starting\s+(point|position)|center|centre|middle|bottom)\b`, 'arrives at the $3'],
  [/\b(in\s+)?(a\s+)?zig\s*zag(s|ging)?\b/g, 'zigzag'],
  // "throws a right hook": the punch, with the hand it names.
  [re`\b(${verbs('throw')})\s+(a\s+)?(left\s+|right\s+)?(punch|jab|hook|uppercut|cross)(es)?\b`, 'punch $3hand'],
  [/\bgo(es|ing)?\s+to\s+(sleep|bed)\b/g, 'sleep'],
  // "falls asleep" is no fall; asleep in a chair is seated.
  [/\b(fall(s|ing)?|fell)\s+asleep\b/g, 'sleeps'],
  [re`\b(${verbs('sleep', 'doze', 'nap')})\s+(off\s+)?(on|in)\s+(a|an|the|his|her|their)\s+(chair|armchair|couch|sofa|bench|seat)\b`, 'sits on a chair'],
  // Leaves raked or swept are no leaving.
  [re`\b(${verbs('rake', 'sweep', 'gather', 'collect', 'pick')})\s+(up\s+)?(the\s+|some\s+|fallen\s+|dry\s+)*leaves\b`, '$1 $2'],
  // Archery: the bow drawn, the string pulled back; no bow of the body.
  [re`\b(${verbs('draw', 'pull', 'bend')})\s+(back\s+)?(a|an|the|his|her|their)\s+(bow|bowstring|longbow)\b|\b(${verbs('shoot', 'fire')})\s+(an|the|a)\s+arrows?\b`, 'pulls'],
  [/\bjumping\s+jacks?\b|\bstar\s+jumps?\b|\bjumping\s+jumping\s+jacks?\b/g, 'jumpingjack'],
  [re`\b(${verbs('jump', 'skip')})\s+(a\s+|the\s+|with\s+a\s+)?rope\b|\bjump\s*rope\b`, 'jumprope'],
  [/\bback\s*flips?\b|\bback\s+somersaults?\b/g, 'backflip'],
  [/\bcart\s*wheels?\b|\bhand\s*springs?\b|\bturns?\s+a\s+wheel\b/g, 'cartwheel'],
  [/\bmoon\s*walk(s|ed|ing)?\b/g, 'moonwalk'],
  [/\bhigh\s+kick(s|ing)?\b/g, 'highkick'],
  [/\bhip\s+hop\b/g, 'hiphop'],
  [/\bbreak\s+danc(e|es|ing)\b/g, 'breakdance'],
  [/\bcha(\s*cha)+\b/g, 'chacha'],
  [/\b(wiener\s+)?walzer\b/g, 'waltz'],
  [/\bjazz\s+danc(e|es|ing)\b/g, 'jazz'],
  [re`\b(${verbs('punch', 'kick')}|boxing)\s+(combo|combos|combination|combinations)\b`, 'combo'],
  [re`\b(${verbs('sit')})\s+(down\s+)?(on|in|onto|into)\s+(a|an|the|his|her|their|my|your)?\s*(chair|bench|stool|seat|sofa|couch|armchair)\b`, 'sitchair'],
  [re`\b(${verbs('cross', 'fold')})\s+(his|her|their|my|your|the|both)?\s*arms\b`, 'fold'],
  [/\barms\s+(crossed|folded)\b/g, 'fold'],
  [re`\b(${verbs('clasp', 'fold', 'join')})\s+(his|her|their|my|your|the|both)?\s*hands\b`, 'clasphands'],
  [/\bhands?\s+on\s+(his|her|their|my|your|the)?\s*hips\b/g, 'handsonhips'],
  [/\bfist\s+pump(s|ing)?\b|\bpump(s|ing)?\s+(his|her|their|my|your|a)?\s*fists?\b/g, 'fistpump'],
  // "shakes hands with someone", "shakes his friend's hand", "a handshake": another's hand, not shaking one's own out.
  [re`\b(${verbs('shake')})\s+(hands\b|(\w+\s+){0,2}\w+'s\s+hands?\b|the\s+hand\s+of\b)|\bhand\s*shak(e|es|ing)\b`, 'handshake'],
  [re`\b(${verbs('shake')})\s+${POSS}fists?\b`, 'shakefist'],
  [re`\b(${verbs('shake')})\s+(out\s+)?${POSS}(arms?|hands)(\s+out)?\b`, 'shakearms'],
  [/\bface\s*palm(s|ing)?\b/g, 'facepalm'],
  [/\bthumbs?\s+up\b/g, 'thumb'],
  [re`\b(${verbs('stand')})\s+(at|in)\s+attention\b`, 'attention'],
  [/\bguitares?\b/g, 'guitar'],
  // "whiping", one p: wiping misspelt (whipping has two).
  [/\bwhip(e|es|ed|ing)\b/g, 'wip$1'],
  [/\bviol(ine|ines|ette)\b/g, 'violin'],
  // "strikes a guitar", "performs two strikes on an air guitar": the strings struck, no blow.
  [re`\b(${verbs('strike', 'stroke', 'pluck', 'hit')})\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(guitar|banjo|ukulele|bass)\b`, 'playguitar'],
  [/\b(strikes|strokes)\s+on\s+(an?\s+|the\s+)?(air\s+)?guitar\b/g, 'strums playguitar'],
  [/\b(strikes|strokes)\s+(on|with)\s+(an?\s+|the\s+)?(violin|fiddle|viola)\b/g, 'playviolin'],
  [re`\b(${verbs('play', 'strum', 'mime')})\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(guitar|banjo|ukulele|bass)\b|\bair\s+guitar\b`, 'playguitar'],
  [re`\b(${verbs('play', 'mime')})\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(violin|fiddle|viola)\b`, 'playviolin'],
  [re`\b(${verbs('lose')})\s+${POSS}(balance|footing)\b`, 'stumble'],
  [re`\b(${verbs('regain', 'recover', 'keep', 'find')})\s+${POSS}(balance|footing)\b`, ' '],
  [re`\b(${verbs('recover')})\s+(\w+\s+){0,3}?steps?\b`, ' '],
  // "catches himself", "catches his steps": the balance is kept, no movement of the hands.
  [re`\b(${verbs('catch')})\s+(himself|herself|themselves|themself|oneself|(his|her|their)\s+(steps?|balance|footing|fall))\b`, ' '],
  // Walking into something is a stumble, not a blow struck ("bumps into a wall while walking").
  [re`\b(${verbs('bump', 'crash', 'bang', 'knock')})\s+into\s+(something|someone|somebody|an?\s+\w+|the\s+\w+|(his|her|their)\s+\w+)`, 'stumble'],
  // "is knocked down", "gets pushed over", "was knocked off his feet": the push throws the person to the floor.
  [re`\b(is|are|was|were|being|been|${verbs('get')})\s+(\w+ly\s+)?(pushed|shoved|knocked|bumped)\s+(down|over(?!\s+to\b)|off\s+(his|her|their)\s+feet|to\s+the\s+(ground|floor))\b`, 'pushed and falls'],
  [re`\b(is|are|was|were|being|been|${verbs('get')})\s+(\w+ly\s+)?(pushed|shoved|bumped|nudged|hit|struck|punched|kicked|knocked|shot)\b`, 'pushed'],
  [re`\b(${verbs('receive', 'get', 'take')})\s+(a|an|one)\s+(\w+\s+)?(push|shove|nudge|bump)\b`, 'pushed'],
  // "raises up", the object left out: getting up.
  [/\braises\s+up\s*(?=[.,;]|$)/g, 'stands up'],
  // "a compensatory movement to the left": a step to keep the balance.
  [/\b(compensatory|compensating|stabili[sz]ing)\s+(movement|motion|step)s?\b/g, 'stumble'],
  // "recovers from a strong push to his left shoulder": the push is received.
  [re`(?<!\bto\s+)\b(${verbs('recover', 'stagger', 'stumble', 'reel')})\s+from\s+(a|an|the)\s+((?:\w+\s+){0,2}?)(push|shove|nudge|blow|hit|bump)\b`, 'is pushed'],
  // "getting shove from the left": the passive, its ending dropped.
  [re`\b(is|are|was|were|being|been|${verbs('get')})\s+(push|shove|nudge|bump)\s+from\b`, 'pushed from'],
  [re`\b(${verbs('bring', 'lift', 'raise', 'put', 'hold')})\s+${POSS}(cup|glass|mug|bottle|can|drink)\s+(up\s+)?(to|towards?)\s+${POSS}(mouth|lips|face)\b`, 'drink'],
  // Hands raised high are a cheer; arms stretched up stay a stretch (the verb's own movement).
  [re`\b(${verbs('raise', 'lift', 'put', 'hold', 'keep')})\s+(up\s+)?${POSS}(both\s+(hand|arm)s?|hands|arms)\s+(up\b|above|over|in\s+the\s+air|into\s+the\s+air|high)`, 'cheer'],
  // "rises his arm": raised, however spelt.
  [re`\b(${verbs('raise', 'lift', 'put', 'rise')})\s+(up\s+)?${POSS}(left\s+|right\s+)?(hand|arm)\b`, 'raisehand $3 hand'],
  [re`\b(${verbs('raise', 'lift', 'put')})\s+(up\s+)?${POSS}(both\s+)?(hands|arms)\b`, 'cheer'],
  [re`\b(${verbs('lift', 'raise')})\s+(up\s+)?${POSS}(left\s+|right\s+)?(foot|leg|knee)\b`, 'stomp $3 foot'],
  [re`\b(${verbs('get')})\s+up\b`, 'getup'],
  [re`\b(${verbs('get', 'go', 'drop', 'come', 'sink', 'fall')})\s+(down\s+)?(on|onto|to)\s+${POSS}(knees?)\b`, 'kneel'],
  // "Knees down", "knees on the floor": "kneels" missing its l.
  [/\bknees\s+(down|on\s+the\s+(floor|ground))\b/g, 'kneels $1'],
  [re`\b(${verbs('get', 'go', 'drop')})\s+(down\s+)?(on|onto|to)\s+(the\s+floor\s+on\s+)?all\s+fours\b`, 'kneel'],
  [/\b(push|press)\s*ups?\b/g, 'pushup'],
  [/\bsit\s*ups?\b/g, 'situp'],
  [re`\b(${verbs('do', 'perform')})\s+(\w+\s+)?(abdominal\s+)?crunch(es)?\b`, '$1 $2situp'],
  // Standing or walking on the hands, and a headstand (the closest of the engine's movements), are a handstand.
  [/\b(hand|head)\s*stands?\b/g, 'handstand'],
  [re`\b(${verbs('stand', 'walk', 'balance')})\s+on\s+${POSS}hands\b`, 'handstand'],
  // A forward or backward roll on the floor ("back somersault" is the backflip above); "rolls onto his side" is no roll.
  [/\b(forward|front)\s+rolls?\b|\b(a|one)\s+roll\b/g, 'somersault'],
  [/\b(backward|backwards|back)\s+rolls?\b/g, 'somersault backward'],
  [re`\b(${verbs('roll')})\s+(over\s+)?(forwards?|backwards?)\b`, 'somersault $3'],
  [re`\b(${verbs('rock')})\s+out\b`, 'headbang'],
  // Hips swaying and arms swinging beside a walk ("walks slowly, hips swaying", "with a light sway") are how it walks.
  [/,\s*(his\s+|her\s+|their\s+|the\s+)?(arms?|hips?|shoulders)\s+(swinging|swaying)\b|\bwith\s+(a\s+)?(\w+\s+)?sway\b/g, ' '],
  // Arms swung while walking or running swing as the gait's own ("swings his arms while walking", "walks swinging
  // her arms").
  [re`\b(${verbs('swing')})\s+${POSS}arms\s+(while|as)\b`, '$2'],
  [re`\b(${verbs('walk', 'jog', 'run', 'march')})\s+(while\s+)?swinging\s+${POSS}arms\b`, '$1'],
  // Hands washed are rubbed together, arms rubbed (for warmth) shiver, the toes touched are reached down to.
  [re`\b(${verbs('wash', 'rub')})\s+${POSS}hands\b`, 'clasphands'],
  [re`\b(${verbs('rub')})\s+${POSS}(arms|shoulders)\b`, 'shivers'],
  [re`\b(${verbs('touch', 'reach')})\s+(for\s+|down\s+to\s+)?(${POSS}toes|the\s+(floor|ground))\b`, 'bends down'],
  // A gun is aimed, arm out: shooting, firing or holding one is no throw.
  [re`\b(${verbs('shoot', 'fire', 'aim', 'use', 'hold', 'point')})\s+(with\s+)?${POSS}(gun|pistol|handgun|revolver|rifle)\b`, 'points'],
  // "walks the plank", "over a plank": a board walked on, no plank held.
  [re`\b(${verbs('walk')})\s+the\s+plank\b`, '$1 forward'],
  [/\b(over|on|onto|across|along|off|from)\s+(a|an|the)\s+((?:narrow|wooden|long|thin)\s+)?plank\b/g, '$1 $2 board'],
  // "walks on all fours", "moves around on his hands and knees": a crawl, however it is said to go.
  [re`\b(${verbs('walk', 'move', 'go', 'run', 'creep')})\s+((?:around|about|forwards?|backwards?|slowly|quickly)\s+)?on\s+(all\s+fours?|${POSS}(hands\s+and\s+knees|knees\s+and\s+hands))\b`, 'crawls $2'],
  // "stands on his knees", "sits on her knees": kneeling.
  [re`\b(${verbs('stand', 'sit', 'rest')})\s+(up\s+)?on\s+${POSS}knees\b`, 'kneels'],
  // "goes into a handstand", "kicks up into a handstand": the movement named, no going or kicking of its own.
  [re`\b(${verbs('go', 'get', 'come', 'move', 'kick', 'push', 'spring', 'swing')})\s+(up\s+|down\s+)?into\s+(a|an|the)\s+(handstand|squat|lunge|crouch|plank|pushup|split|splits|bridge)\b`, '$4'],
  [/\bplank(s|ing|ed)?\b/g, 'plankhold'],
  [/\bhead\s*bang(s|ing)?\b/g, 'headbang'],
  [/\bthree\s+quarters?\s+(of\s+)?(a\s+)?(circle|round)\b|\b(whole|full|one|complete)\s+round\b/g, 'circle'],
  [/\bsemi[\s-]*circles?\b/g, 'half circle'],
  [/\bquater\b/g, 'quarter'],
  [/\bkneeing\b/g, 'kneeling'],
  // "sits down in a kneeling position": the posture named is the one taken.
  [re`\b(${verbs('sit', 'go', 'get')})\s+(down\s+)?(in|into)\s+(a\s+)?(kneeling|crouching|squatting)\s+(position|posture|pose)\b`, '$5'],
  // "walks clockwise", "runs anticlockwise": round a circle that way, when no other path or turn is named.
  [re`\b(${verbs('walk', 'jog', 'run', 'march')})(?![^.,;]*\b(circles?|round|turns?|turning|square|rectangle|triangle|eight|curve|bend|arc|quarter|half|degrees?)\b)\s+((?:\w+\s+){0,2}?)((counter|anti)[\s-]*)?clockwise\b`, '$1 $3in a circle $4clockwise'],
  // "walks a half circle", "runs in a quarter circle": an arc walked, to the left (the way a circle goes) unless the
  // sentence says which way.
  [re`\b(${verbs('walk', 'jog', 'run', 'march', 'sneak', 'go')})(?![^.,;]*\b(\w*left\w*|\w*right\w*|(counter|anti)?-?clock\w*)\b)\s+((?:\w+\s+){0,3}?)(quarter|half)\s+(of\s+a\s+)?(circle|round)\b`, '$1 $4$5 circle to the left'],
  [/\b(quarter|half)\s+(of\s+a\s+)?(circles?|rounds?)\b/g, '$1 turn'],
  // "walks in a right bend": a curve walked, no bend of the body.
  [/\bin\s+a\s+((?:(?:left|right|slight|wide|small|big|gentle|long|short|(?:counter|anti)?-?clockwise|\d+|degrees?)\s+)*)bend\b(?!\s+(posture|position|over|forward))/g, 'in a $1curve'],
  // "swings around 180 degrees": the body turned about, no swing of a bat.
  [re`\b(${verbs('swing')})\s+(a)?round\b`, 'turns around'],
  [/\bknee\s+bends?\b/g, 'squat'],
  // "does a squad exercise", "makes two squads": the squat, misspelt.
  [re`\b(${verbs('do', 'make', 'perform')})\s+((?:a|an|some|few|\w+)\s+)?squads?\b`, '$1 $2squat'],
  [/\bsquads?\s+(exercises?|execises?|workouts?)\b/g, 'squat'],
  // "a squat exercise", "lunge workouts": the exercise named, not another one.
  [/\b(squats?|lunges?|push-?ups?|sit-?ups?|crunch(es)?|jumping\s+jacks)\s+(exercises?|workouts?)\b/g, '$1'],
  [re`\b(${verbs('make', 'do')}|in)\s+a\s+t\b|\bt\s+pose\b`, 'stand'],
  // Arms held out level ("arms out sideways", "arms at shoulder height"), not an arm moved in circles.
  [/\b(arms?|hands)\s+((\w+\s+){0,2})(out\s+)?(sideways|to\s+(both\s+|the\s+)?sides?|horizontal(ly)?|like\s+wings|(at|on)\s+(the\s+)?(shoulder\s+(height|level)|(height|level)\s+of\s+(his|her|their|the)\s+shoulders))\b(?![^.,;]*\bcirc)/g, 'stretch'],
  [re`\b(${verbs('play')})\s+(an?\s+|the\s+|some\s+)?(musical\s+)?instruments?\b`, 'playguitar'],
  // A sport played is its characteristic movement: a racket's or a bat's swing, a ball thrown, a ball kicked.
  [re`\b(${verbs('play')})\s+(some\s+|a\s+game\s+of\s+)?(tennis|badminton|squash|ping\s+pong|table\s+tennis|baseball|cricket|golf|hockey)\b`, 'swing'],
  [/\b(tennis|badminton|squash)\s+(serve|forehand|backhand|stroke|shot|swing|racket\s+like\s+(movement|motion))s?\b/g, 'swing'],
  [re`\b(${verbs('play')})\s+(some\s+|a\s+game\s+of\s+)?(basketball|volleyball|handball|netball|catch)\b`, 'throw'],
  [re`\b(${verbs('play')})\s+(some\s+|a\s+game\s+of\s+)?(soccer|football|footy)\b`, 'kick'],
  // Hands to the face or head hide it or hold it (a facepalm); hands rubbed together meet (a clasp); a kiss blown is
  // a hand sent out from the mouth, the closest movement a wave.
  [re`\b(${verbs('cover', 'hide', 'bury')})\s+(his|her|their|my|your|the)\s+(face|eyes)\b`, 'facepalm'],
  [re`\b(${verbs('hold', 'clutch', 'grab')})\s+(his|her|their|my|your)\s+head\b`, 'facepalm'],
  [re`\b(${verbs('rub')})\s+(his|her|their|my|your|the|both)\s+hands(\s+together)?\b`, 'clasphands'],
  [re`\b(${verbs('blow')})\s+(a\s+|some\s+)?kiss(es)?\b`, 'wave'],
  // A hurt, drunk or old person gone to, helped or passed is someone else: the state is not the way the mover walks.
  [re`\b(to|towards?|past|by|at|around|over|near|beside|behind|from|${verbs('help')})\s+(the|a|an|his|her|their)\s+(hurt|injured|wounded|drunk|drunken|old|elderly|aged)\s+`, '$1 $2 '],
  [/\b(old|aged)\s+(man|men|woman|women|person|people|lady|gentleman|guy|grandpa|grandma|grandfather|grandmother|couple)\b/g, 'elderly $2'],
  // Shoes are tied down at the feet.
  [re`\b(${verbs('tie', 'lace')})\s+(up\s+)?(his|her|their|my|your|the|a)\s+(shoes?|shoelaces?|laces|boots?|sneakers?)(\s+up)?\b`, 'crouch'],
  // Meditation is sitting still; tai chi a slow stretch of the arms.
  [re`\b(${verbs('meditate')})\b`, 'sit'],
  [re`\b(${PRACTISING})\s+(some\s+)?tai\s*chi\b`, 'stretch slowly'],
  // A martial art practised, with no blow named, is its two blows: a punch, then a kick.
  [re`\b(${PRACTISING}|${verbs('perform')})\s+(some\s+(kind\s+of\s+)?)?((martial|material)\s+arts?|katas?|karate|kung\s*fu|taekwondo|kickboxing)(\s+(moves?|routines?|katas?))?\b(?!\s+\w*(kick|punch|chop|strike|block|jab))`,
    '$1 a punch, then kicks'],
  // A door opened or shut is pulled or pushed by its handle.
  [re`\b(${verbs('open')})\s+(the|a|his|her|their)\s+(door|gate|drawer|fridge|cupboard|window)\b`, 'pulls the $3'],
  [re`\b(${verbs('close', 'shut')})\s+(the|a|his|her|their)\s+(door|gate|drawer|fridge|cupboard|window)\b`, 'pushes the $3'],
  // A tantrum is stamping in anger, not a throw.
  [re`\b(${verbs('throw', 'have')})\s+(a\s+)?(temper\s+)?tantrums?\b`, 'stomps angrily'],
  // "Checks left and right" looks each way; crossing a street walks over it.
  [re`\b(${verbs('check')})\s+(to\s+the\s+)?(left|right|both\s+ways|around|behind)\b`, 'looks $2$3'],
  [re`\b(${verbs('cross')})\s+(the|a)\s+(street|road|room|bridge|field|hall|stage)\b`, 'walks across the $3'],
  // A ball bounced or dribbled goes down from the hand and back: the closest movement is a throw.
  [re`\b(${verbs('bounce', 'dribble')})\s+(a|the|his|her|their)\s+(\w+\s+)?(ball|basketball)\b`, 'throws a ball'],
  // A goalkeeper's dive to one side (or for the ball) is a jump that way; a dive into water is a swim.
  [re`\b(${verbs('dive')}|dove)\s+(to\s+(the\s+|his\s+|her\s+)?(left|right)|sideways|for\s+the\s+ball)\b`, 'jumps $2'],
  // The blow or thing dodged, avoided or blocked is no movement of the mover's.
  [/\b(dodg\w*|avoid\w*|block\w*|evad\w*)\s+(a|an|the|his|her|their|its|incoming|an\s+incoming)\s+(incoming\s+|flying\s+)?(punch|punches|hit|hits|kick|kicks|blow|blows|attack|attacks|strike|strikes|jab|jabs|ball|balls)\b/g, '$1'],
  // An axe or a hammer used comes down as a chop.
  [re`\b(${verbs('use', 'swing', 'wield')})\s+(a|an|the|his|her|their)\s+(axe|ax|hatchet|hammer|sledgehammer)\b`, 'chop'],
  // "Proceeds to eat it" is eating next, where "proceeds to the door" still goes there.
  [re`\b(${verbs('proceed')})\s+to\s+(?!(the|a|an|his|her|their|its|my|your|that|this|where|there|here)\b)`, ''],
  // "Twice as fast" is a pace, not two of the movement.
  [/\b(twice|two\s+times|three\s+times|much)\s+(as\s+)?(fast|quick|quickly|faster|quicker)(\s+as\s+(before|usual|normal))?\b/g, 'very fast'],
  [/\b(twice|two\s+times|three\s+times|much)\s+(as\s+)?(slow|slowly|slower)(\s+as\s+(before|usual|normal))?\b/g, 'very slowly'],
  // A baby rocked is held in the arms; leaning on a wall is standing.
  [re`\b(${verbs('rock', 'cradle')})\s+(a|the|his|her|their)\s+(baby|child|infant|doll)\b`, 'clasphands'],
  [re`\b(${verbs('lean')})\s+(back\s+)?(against|on)\s+(a|the|his|her|their)\s+(wall|table|door|railing|counter|tree|car|pole|fence|bar)\b`, 'stands'],
  // A strut, a swagger, a sashay are confident walks.
  [re`\b(${verbs('strut', 'swagger', 'sashay')})\b`, 'walks confidently'],
  // "Drags himself forward" is a weary walk, as "drags his feet" is.
  [re`\b(${verbs('drag')})\s+(himself|herself|themselves|oneself|itself)\b`, 'walks wearily'],
  // A side jump is a jump sideways; a high five is a hand raised to meet another.
  [/\bside\s*jumps?\b/g, 'jump sideways'],
  [/\bhigh\s+fives?\b/g, 'wave'],
  // Yoga and pilates are held stretches.
  [re`\b(${PRACTISING})\s+(some\s+)?(yoga|pilates)\b|\byoga\s+(poses?|stretch(es)?)\b`, 'stretch'],
  [/\b(around\s+)?in\s+(a\s+|the\s+)?((full|whole|complete|small|big|large|tight|little|wide|clockwise|counterclockwise)\s+)*(circles?|circuit)\b/g, '$3 circle'],
  [/\b(up|down)\s+(the\s+)?(stairs|steps)\b/g, 'stairs'],
  // The character starts facing the camera (the viewer, "me"): going toward it is going forward.
  [re`\b(towards?|to|(${verbs('come', 'get', 'move')})\s+(very\s+)?(closer|close)\s+to)\s+${VIEWER}`, '$2 forward'],
  // Going away from the camera is going with one's back to it: a half turn, then the way forward.
  [re`\b(${verbs('walk', 'run', 'jog', 'go', 'move')})\s+away\s+from\s+${VIEWER}`,
    'turns around and $1 forward'],
  [re`\b(${verbs('turn')})\s+away\s+from\s+${VIEWER}`, '$1 around'],
  // "Comes closer", "came over": a walk; "comes to a stop", "comes back on his feet" are no walk.
  [re`\b(${verbs('come')})\s+(forward|forwards|closer|close|nearer|near|here|over|towards?)\b`, 'walk $2'],
  // A path shape (path-shapes.ts): "eight" here counts nothing.
  [/\bfigures?\s+(of\s+)?(an\s+)?(eight|8)s?\b/g, 'figureeight'],
  [/\bwarm(s|ing)?\s+up\b/g, 'warm'],
  // "backs away", "backing up": stepping backward ("his back up" is no verb).
  [/\bback(s|ed|ing)\s+(away|up|off)\b|\bback\s+away\b/g, 'steps backward']
]

function separator (word: string, next: string | undefined): ClauseMode | undefined {
  // "after that"/"after this" only sequence; "X after Y" puts Y first.
  if (word === 'after') return next === 'that' || next === 'this' || next === 'which' || next === 'wards' ? 'sequence' : 'after'
  // "before that" points back to what was said before it; "before sitting down, he looks around" leads.
  if (word === 'before') return next === 'that' || next === 'this' ? 'sequence' : 'before'
  if (SEQUENCE_WORDS.has(word)) return 'sequence'
  if (SIMULTANEOUS_WORDS.has(word)) return next === 'if' || next === 'though' || next === 'well' ? undefined : 'simultaneous'
  return undefined
}

/** The prompt's tokens as read by `reader` (wink-nlp unless a bench compares another library). */
export function lex (prompt: string, reader: NlpReader = readWithWink): Token[] {
  // Degrees sign and hyphenated words ("ninety-degree", "step-up") are split into plain words.
  let text = prompt.toLowerCase().normalize('NFKC').replace(/°/g, ' degrees ').replace(/[-_/]/g, ' ').replace(/[’`]/g, "'")
  for (const rule of MOVEMENT_RULES) text = text.replace(rule.pattern, ` ${rule.rewrite} `)
  for (const [re, word] of PHRASES) text = text.replace(re, ` ${word} `)
  const tokens: Token[] = []
  const read = reader(text)
  for (const [i, w] of read.entries()) {
    if (w.pos === 'punct' || /^[,;.!?:]+$/.test(w.text)) {
      if (/[,;.!?:]/.test(w.text)) tokens.push({ type: 'separator', mode: 'sequence', word: w.text })
      continue
    }
    const word = w.text.replace(/'s$/, '').replace(/[^a-z0-9.]/g, '')
    if (/^\d+(\.\d+)?$/.test(word)) { tokens.push({ type: 'number', value: Number(word) }); continue }
    if (!/^[a-z]+$/.test(word)) continue
    const mode = separator(word, read[i + 1]?.text)
    if (mode !== undefined) { tokens.push({ type: 'separator', mode, word }); continue }
    const lemma = /^[a-z]+$/.test(w.lemma) ? w.lemma : word
    // A tagger can take an action word for a noun or adjective ("is sweeping the floor", "stumbles"): its verb lemma
    // is tried after the tagged one.
    // An adjective keeps its irregular form ("a drunk man" is not "drink").
    const verbLemma = w.pos === 'adj' && !word.endsWith('ing') ? word : lemmatizeVerb(word)
    const bases = [...new Set([word, lemma, verbLemma])]
    tokens.push({ type: 'word', text: word, lemma, bases, pos: w.pos, negated: w.negated })
  }
  return tokens
}
