// Turns a prompt into words (with the NLP library's lemma, part of speech and negation), numbers and clause marks.
// Multi-word names of one movement ("jumping jacks", "play the guitar", "lose balance") are joined first into the
// single word the vocabulary knows; everything else about the words comes from the library (nlp-reader.ts).
import { createRequire } from 'node:module'
import type lemmatizer from 'wink-lemmatizer'
import { readWithWink } from './nlp-reader.js'
import type { NlpReader, PartOfSpeech } from './nlp-reader.js'
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
  [/\b(stop|stops|stopped|stopping|end|ends|ended|ending|halt|halts|halted|halting)\s+right\s+(before|after|at|by|in|on)\b/g, '$1 $2'],
  // "with his right and left hand", "the left and the right foot": both of them, not a way and a side.
  [new RegExp(`\\b(left\\s+and\\s+${POSS}right|right\\s+and\\s+${POSS}left)\\s+(hands?|arms?|fists?|feet|foot|legs?)\\b`, 'g'), 'both $2'],
  // "turns her head to the left": the head looks that way, the body stays.
  [new RegExp(`\\b(turn|turns|turned|turning)\\s+${POSS}head\\b`, 'g'), 'looks'],
  // "turns to face the other way": a half turn.
  [/\b(face|faces|facing)\s+the\s+(other\s+way|opposite\s+(way|direction))\b/g, 'around'],
  // "taps his foot": a light stamp, not a kick.
  [new RegExp(`\\b(tap|taps|tapped|tapping)\\s+${POSS}(left\\s+|right\\s+)?(foot|feet|toes?)\\b`, 'g'), 'stomp $2foot'],
  // "drags his feet": a weary walk, not a pull.
  [new RegExp(`\\b(drag|drags|dragged|dragging|shuffle|shuffles|shuffled|shuffling)\\s+${POSS}feet\\b`, 'g'), 'trudges'],
  // "walks up to the door", "skips down the street": toward something, along the way, not up or down.
  [/\b(walk|walks|walked|walking|go|goes|went|going|run|runs|ran|running|come|comes|came|coming|step|steps|stepped|stepping)\s+up\s+to\b/g, '$1 to'],
  [/\b(up|down)\s+(the|a)\s+(street|road|hall|hallway|corridor|path|sidewalk|pavement|lane|aisle|runway|track|catwalk)\b/g, 'forward'],
  // "three times in a row": one after the other, no rowing.
  [/\bin\s+a\s+row\b/g, ' '],
  // Lengths said in words: a long while is 8 s, a while 5 s, a bit 3 s, a moment 2 s.
  [/\bfor\s+(quite\s+)?a\s+long\s+(time|while)\b/g, 'for 8 seconds'],
  [/\bfor\s+a\s+while\b/g, 'for 5 seconds'],
  [/\bfor\s+a\s+(little\s+)?bit\b/g, 'for 3 seconds'],
  [/\bfor\s+a\s+(short\s+)?moment\b/g, 'for 2 seconds'],
  [/\b(slow|slows|slowed|slowing)\s+down\b/g, 'slowly'],
  [/\b(speed|speeds|sped|speeding)\s+up\b/g, 'quickly'],
  // "until he reaches the wall": arriving somewhere, not reaching out.
  [/\b(reach|reaches|reached|reaching)\s+(the|a|an|his|her|their)\s+(other\s+side|wall|door|doorway|end|edge|destination|corner|goal|finish|exit|entrance|start|starting\s+(point|position)|center|centre|middle|bottom)\b/g, 'arrives at the $3'],
  [/\b(in\s+)?(a\s+)?zig\s*zag(s|ging)?\b/g, 'zigzag'],
  // "throws a right hook": the punch, with the hand it names.
  [/\b(throw|throws|throwing|thrown|threw)\s+(a\s+)?(left\s+|right\s+)?(punch|jab|hook|uppercut|cross)(es)?\b/g, 'punch $3hand'],
  [/\bgo(es|ing)?\s+to\s+(sleep|bed)\b/g, 'sleep'],
  [/\bjumping\s+jacks?\b|\bstar\s+jumps?\b|\bjumping\s+jumping\s+jacks?\b/g, 'jumpingjack'],
  [/\b(jump(s|ed|ing)?|skip(s|ped|ping)?)\s+(a\s+|the\s+|with\s+a\s+)?rope\b|\bjump\s*rope\b/g, 'jumprope'],
  [/\bback\s*flips?\b|\bback\s+somersaults?\b/g, 'backflip'],
  [/\bcart\s*wheels?\b|\bhand\s*springs?\b|\bturns?\s+a\s+wheel\b/g, 'cartwheel'],
  [/\bmoon\s*walk(s|ed|ing)?\b/g, 'moonwalk'],
  [/\bhigh\s+kick(s|ing)?\b/g, 'highkick'],
  [/\bhip\s+hop\b/g, 'hiphop'],
  [/\bbreak\s+danc(e|es|ing)\b/g, 'breakdance'],
  [/\bcha(\s*cha)+\b/g, 'chacha'],
  [/\b(wiener\s+)?walzer\b/g, 'waltz'],
  [/\bjazz\s+danc(e|es|ing)\b/g, 'jazz'],
  [/\b(punch|punches|punching|boxing|kick|kicks|kicking)\s+(combo|combos|combination|combinations)\b/g, 'combo'],
  [/\b(sit|sits|sitting|sat)\s+(down\s+)?(on|in|onto|into)\s+(a|an|the|his|her|their|my|your)?\s*(chair|bench|stool|seat|sofa|couch|armchair)\b/g, 'sitchair'],
  [/\b(cross|crosses|crossed|crossing|fold|folds|folded|folding)\s+(his|her|their|my|your|the|both)?\s*arms\b/g, 'fold'],
  [/\barms\s+(crossed|folded)\b/g, 'fold'],
  [/\b(clasp|clasps|clasped|clasping|fold|folds|folded|folding|join|joins|joined|joining)\s+(his|her|their|my|your|the|both)?\s*hands\b/g, 'clasphands'],
  [/\bhands?\s+on\s+(his|her|their|my|your|the)?\s*hips\b/g, 'handsonhips'],
  [/\bfist\s+pump(s|ing)?\b|\bpump(s|ing)?\s+(his|her|their|my|your|a)?\s*fists?\b/g, 'fistpump'],
  // "shakes hands with someone", "shakes his friend's hand", "a handshake": another's hand, not shaking one's own out.
  [/\b(shake|shakes|shaking|shook)\s+(hands\b|(\w+\s+){0,2}\w+'s\s+hands?\b|the\s+hand\s+of\b)|\bhand\s*shak(e|es|ing)\b/g, 'handshake'],
  [new RegExp(`\\bshak(e|es|ing)\\s+${POSS}fists?\\b`, 'g'), 'shakefist'],
  [new RegExp(`\\bshak(e|es|ing)\\s+(out\\s+)?${POSS}(arms?|hands)(\\s+out)?\\b`, 'g'), 'shakearms'],
  [/\bface\s*palm(s|ing)?\b/g, 'facepalm'],
  [/\bthumbs?\s+up\b/g, 'thumb'],
  [/\b(stand|stands|standing|stood)\s+(at|in)\s+attention\b/g, 'attention'],
  [/\b(play|plays|playing|played|strum|strums|strumming|mimes?|miming)\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(guitar|banjo|ukulele|bass)\b|\bair\s+guitar\b/g, 'playguitar'],
  [/\b(play|plays|playing|played|mimes?|miming)\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(violin|fiddle|viola)\b/g, 'playviolin'],
  [new RegExp(`\\b(lose|loses|losing|lost)\\s+${POSS}(balance|footing)\\b`, 'g'), 'stumble'],
  [new RegExp(`\\b(regain|regains|regained|regaining|recover|recovers|recovered|recovering|keep|keeps|keeping|find|finds)\\s+${POSS}(balance|footing)\\b`, 'g'), ' '],
  [/\b(recovers?|recovering|recovered)\s+(\w+\s+){0,3}?steps?\b/g, ' '],
  // "catches himself", "catches his steps": the balance is kept, no movement of the hands.
  [/\b(catch|catches|catching|caught)\s+(himself|herself|themselves|themself|oneself|(his|her|their)\s+(steps?|balance|footing|fall))\b/g, ' '],
  [/\b(is|are|was|were|gets?|got|getting|being|been)\s+(\w+ly\s+)?(pushed|shoved|bumped|nudged|hit|struck|punched|kicked|knocked)\b/g, 'pushed'],
  [/\b(receives?|receiving|received|gets?|got|getting|takes?|took)\s+(a|an|one)\s+(\w+\s+)?(push|shove|nudge|bump)\b/g, 'pushed'],
  [new RegExp(`\\b(bring|brings|bringing|brought|lift|lifts|lifting|lifted|raise|raises|raising|raised|put|puts|putting|hold|holds|holding)\\s+${POSS}(cup|glass|mug|bottle|can|drink)\\s+(up\\s+)?(to|towards?)\\s+${POSS}(mouth|lips|face)\\b`, 'g'), 'drink'],
  // Hands raised high are a cheer; arms stretched up stay a stretch (the verb's own movement).
  [new RegExp(`\\b(raise|raises|raising|raised|lift|lifts|lifting|lifted|put|puts|putting|hold|holds|holding)\\s+(up\\s+)?${POSS}(both\\s+)?(hands|arms)\\s+(up\\b|above|over|in\\s+the\\s+air|into\\s+the\\s+air|high)`, 'g'), 'cheer'],
  [new RegExp(`\\b(raise|raises|raising|raised|lift|lifts|lifting|lifted|put|puts|putting)\\s+(up\\s+)?${POSS}(left\\s+|right\\s+)?(hand|arm)\\b`, 'g'), 'raisehand $3 hand'],
  [new RegExp(`\\b(raise|raises|raising|raised|lift|lifts|lifting|lifted|put|puts|putting)\\s+(up\\s+)?${POSS}(both\\s+)?(hands|arms)\\b`, 'g'), 'cheer'],
  [new RegExp(`\\b(lift|lifts|lifting|lifted|raise|raises|raising|raised)\\s+(up\\s+)?${POSS}(left\\s+|right\\s+)?(foot|leg|knee)\\b`, 'g'), 'stomp $3 foot'],
  [/\bget(s|ting)?\s+up\b|\bgot\s+up\b/g, 'getup'],
  [new RegExp(`\\b(get|gets|getting|got|go|goes|going|went|drop|drops|dropping|dropped|come|comes|coming|came|sink|sinks|sinking|sank|fall|falls|falling|fell)\\s+(down\\s+)?(on|onto|to)\\s+${POSS}(knees?)\\b`, 'g'), 'kneel'],
  // "Knees down", "knees on the floor": "kneels" missing its l.
  [/\bknees\s+(down|on\s+the\s+(floor|ground))\b/g, 'kneels $1'],
  [/\b(get|gets|getting|got|go|goes|going|went|drop|drops|dropping|dropped)\s+(down\s+)?(on|onto|to)\s+(the\s+floor\s+on\s+)?all\s+fours\b/g, 'kneel'],
  [/\b(push|sit)\s*ups?\b/g, 'pushup'],
  [/\bhead\s*bang(s|ing)?\b/g, 'headbang'],
  [/\bthree\s+quarters?\s+(of\s+)?(a\s+)?(circle|round)\b|\b(whole|full|one|complete)\s+round\b/g, 'circle'],
  [/\b(quarter|half)\s+(of\s+a\s+)?(circles?|rounds?)\b/g, '$1 turn'],
  [/\bknee\s+bends?\b/g, 'squat'],
  [/\b(makes?|making|does|doing|in)\s+a\s+t\b|\bt\s+pose\b/g, 'stand'],
  [/\b(arms?|hands)\s+((\w+\s+){0,2})(out\s+)?(sideways|to\s+(both\s+|the\s+)?sides?|horizontal(ly)?|like\s+wings)\b/g, 'stretch'],
  [/\b(play|plays|playing|played)\s+(an?\s+|the\s+|some\s+)?(musical\s+)?instruments?\b/g, 'playguitar'],
  // A sport played is its characteristic movement: a racket's or a bat's swing, a ball thrown, a ball kicked.
  [/\b(play|plays|playing|played)\s+(some\s+|a\s+game\s+of\s+)?(tennis|badminton|squash|ping\s+pong|table\s+tennis|baseball|cricket|golf|hockey)\b/g, 'swing'],
  [/\b(tennis|badminton|squash)\s+(serve|forehand|backhand|stroke|shot|swing|racket\s+like\s+(movement|motion))s?\b/g, 'swing'],
  [/\b(play|plays|playing|played)\s+(some\s+|a\s+game\s+of\s+)?(basketball|volleyball|handball|netball|catch)\b/g, 'throw'],
  [/\b(play|plays|playing|played)\s+(some\s+|a\s+game\s+of\s+)?(soccer|football|footy)\b/g, 'kick'],
  // Hands to the face or head hide it or hold it (a facepalm); hands rubbed together meet (a clasp); a kiss blown is
  // a hand sent out from the mouth, the closest movement a wave.
  [/\b(cover|covers|covering|covered|hide|hides|hiding|hid|bury|buries|burying|buried)\s+(his|her|their|my|your|the)\s+(face|eyes)\b/g, 'facepalm'],
  [/\b(hold|holds|holding|held|clutch|clutches|clutching|clutched|grab|grabs|grabbing|grabbed)\s+(his|her|their|my|your)\s+head\b/g, 'facepalm'],
  [/\b(rub|rubs|rubbing|rubbed)\s+(his|her|their|my|your|the|both)\s+hands(\s+together)?\b/g, 'clasphands'],
  [/\b(blow|blows|blowing|blew|blown)\s+(a\s+|some\s+)?kiss(es)?\b/g, 'wave'],
  // A hurt, drunk or old person gone to, helped or passed is someone else: the state is not the way the mover walks.
  [/\b(to|towards?|past|by|at|around|over|near|beside|behind|from|helps?|helping|helped)\s+(the|a|an|his|her|their)\s+(hurt|injured|wounded|drunk|drunken|old|elderly|aged)\s+/g, '$1 $2 '],
  [/\b(old|aged)\s+(man|men|woman|women|person|people|lady|gentleman|guy|grandpa|grandma|grandfather|grandmother|couple)\b/g, 'elderly $2'],
  // Shoes are tied down at the feet.
  [/\b(tie|ties|tying|tied|lace|laces|lacing|laced)\s+(up\s+)?(his|her|their|my|your|the|a)\s+(shoes?|shoelaces?|laces|boots?|sneakers?)(\s+up)?\b/g, 'crouch'],
  // Meditation is sitting still; tai chi a slow stretch of the arms.
  [/\bmeditat(e|es|ed|ing)\b/g, 'sit'],
  [/\b(do|does|doing|did|practi[cs]es?|practi[cs]ing)\s+(some\s+)?tai\s*chi\b/g, 'stretch slowly'],
  // A martial art practised, with no blow named, is its two blows: a punch, then a kick.
  [/\b(do|does|doing|did|performs?|performing|performed|practi[cs]es?|practi[cs]ing)\s+(some\s+(kind\s+of\s+)?)?((martial|material)\s+arts?|katas?|karate|kung\s*fu|taekwondo|kickboxing)(\s+(moves?|routines?|katas?))?\b(?!\s+\w*(kick|punch|chop|strike|block|jab))/g,
    '$1 a punch, then kicks'],
  // The blow or thing dodged, avoided or blocked is no movement of the mover's.
  [/\b(dodg\w*|avoid\w*|block\w*|evad\w*)\s+(a|an|the|his|her|their|its|incoming|an\s+incoming)\s+(incoming\s+|flying\s+)?(punch|punches|hit|hits|kick|kicks|blow|blows|attack|attacks|strike|strikes|jab|jabs|ball|balls)\b/g, '$1'],
  [/\b(use|uses|using|used|swing|swings|swinging|swung|wield|wields|wielding|wielded)\s+(a|an|the|his|her|their)\s+(axe|ax|hatchet|hammer|sledgehammer)\b/g, 'chop'],
  // "Proceeds to eat it" is eating next, where "proceeds to the door" still goes there.
  [/\bproceed(s|ed|ing)?\s+to\s+(?!(the|a|an|his|her|their|its|my|your|that|this|where|there|here)\b)/g, ''],
  // "Drags himself forward" is a weary walk, as "drags his feet" is.
  [/\b(drag|drags|dragging|dragged)\s+(himself|herself|themselves|oneself|itself)\b/g, 'walks wearily'],
  // A side jump is a jump sideways; a high five is a hand raised to meet another.
  [/\bside\s*jumps?\b/g, 'jump sideways'],
  [/\bhigh\s+fives?\b/g, 'wave'],
  // Yoga and pilates are held stretches.
  [/\b(do|does|doing|did|practi[cs]es?|practi[cs]ing)\s+(some\s+)?(yoga|pilates)\b|\byoga\s+(poses?|stretch(es)?)\b/g, 'stretch'],
  [/\b(around\s+)?in\s+(a\s+|the\s+)?((full|whole|complete|small|big|large|tight|little|wide|clockwise|counterclockwise)\s+)*(circles?|circuit)\b/g, '$3 circle'],
  [/\b(up|down)\s+(the\s+)?(stairs|steps)\b/g, 'stairs'],
  // The character starts facing the camera (the viewer, "me"): going toward it is going forward.
  [new RegExp(`\\b(towards?|to|(comes?|coming|came|gets?|getting|got|moves?|moving|moved)\\s+(very\\s+)?(closer|close)\\s+to)\\s+${VIEWER}`, 'g'), '$2 forward'],
  // Going away from the camera is going with one's back to it: a half turn, then the way forward.
  [new RegExp(`\\b(walk|walks|walking|walked|run|runs|running|ran|jog|jogs|jogging|jogged|go|goes|going|went|move|moves|moving|moved)\\s+away\\s+from\\s+${VIEWER}`, 'g'),
    'turns around and $1 forward'],
  [new RegExp(`\\b(turn|turns|turning|turned)\\s+away\\s+from\\s+${VIEWER}`, 'g'), '$1 around'],
  // "Comes closer", "came over": a walk; "comes to a stop", "comes back on his feet" are no walk.
  [/\b(come|comes|coming|came)\s+(forward|forwards|closer|close|nearer|near|here|over|towards?)\b/g, 'walk $2'],
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
