// The lexer's rewrites of a prompt's text, applied in this order after the movements' own (src/movements), before the
// words are read: multi-word names of one movement joined into the single word the vocabulary knows, phrases whose
// words would read as another movement or a way taken ("falls asleep", "right away") rewritten to what they mean,
// and misspellings. Each rule names prompts it rewrites; a test holds the rule to each (test/lexer-rules.test.ts).
// Order matters where two rules meet the same words: the narrower rule comes first.
import type { RewriteRule } from '../movements/define-movement.js'
import { verbs } from './verb-forms.js'

const POSS = '(?:his|her|their|my|your|its|the|a|an|both|one|both\\s+of\\s+(?:his|her|their))?\\s*'
// Whoever watches: the character starts facing them ("towards the camera", "away from me").
const VIEWER = '(?:the\\s+)?(?:camera|viewer|audience|observer|me|us)\\b'

// Slowing down until standing: "slows down to a stop", "slows to a halt", "slows down and stops", "decelerates". The
// rules below look ahead for it before they look back for the run, so the look back is made only where it follows.
const SLOWS_TO_A_STOP = `(?:${verbs('decelerate')})\\b|(?:${verbs('slow')})\\s+(?:down\\s+)?(?:(?:to|into)\\s+(?:a\\s+)?(?:full\\s+|complete\\s+)?(?:stop|halt|standstill)|and\\s+(?:comes?\\s+to\\s+a\\s+(?:stop|halt)|${verbs('stop', 'halt')}))\\b`

/** A global pattern written as a raw template, so a verb's forms (`verbs`) and the phrases above can be put in it. */
const re = (strings: TemplateStringsArray, ...parts: string[]): RegExp => new RegExp(String.raw(strings, ...parts), 'g')

// Doing or practising a discipline (tai chi, yoga, a martial art).
const PRACTISING = verbs('do', 'practise', 'practice')

export const LEXER_RULES: readonly RewriteRule[] = [
  // Degrees misspelt or run into the way they turn ("180 degress", "a 90 degreeleftwards curve").
  { id: 'degrees-misspelt', pattern: /\bdegr(?:e+s*|es+|ess+)(left|right)?(?:wards?)?\b/g, rewrite: 'degrees $1', examples: ['180 degress', 'a 90 degreeleftwards curve'] },
  { id: 'counterclockwise-spelt-apart', pattern: /\b(counter|anti)\s*clock\s*wise\b|\bagainst\s+(the\s+)?clock\s*wise(\s+direction)?\b/g, rewrite: 'counterclockwise', examples: ['some walks anticlockwise.', 'some walks counterclockwise.'] },
  { id: 'clockwise-spelt-apart', pattern: /\bclock\s+wise\b/g, rewrite: 'clockwise', examples: ['A person walks a circle clock-wise.', 'A person walks in clock-wise circle.'] },
  { id: 'u-turn-turns-around', pattern: /\bu\s*turns?\b/g, rewrite: 'turns around', examples: ['A person makes a U-turn.', 'a human performing a U-turn'] },
  // "walks back and forth": forward, then the same way back (the parser repeats the movement for the second way).
  { id: 'back-and-forth', pattern: /\b(back\s+and\s+forth|forth\s+and\s+back|to\s+and\s+fro|backwards?\s+and\s+forwards?)\b/g, rewrite: 'forward and backward', examples: ['walks back and forth', 'A human goes back and forth.'] },
  // "stops right before where it started", "right away": "right" says when, not which way.
  { id: 'right-away-is-when', pattern: /\bright\s+(away|where|when)\b/g, rewrite: '$1', examples: ['right away', 'walk right away'] },
  { id: 'stop-right-before-is-when', pattern: re`\b(${verbs('stop', 'end', 'halt')})\s+right\s+(before|after|at|by|in|on)\b`, rewrite: '$1 $2', examples: ['stops right before where it started', 'A human walks a full circle to its left and stops right before where it started.'] },
  // "with his right and left hand", "the left and the right foot": both of them, not a way and a side.
  { id: 'left-and-right-limb-is-both', pattern: re`\b(left\s+and\s+${POSS}right|right\s+and\s+${POSS}left)\s+(hands?|arms?|fists?|feet|foot|legs?)\b`, rewrite: 'both $2', examples: ['with his right and left hand', 'the left and the right foot'] },
  // "the leg on the left", "the hand on his right side": the left leg and the right hand, a side, not a way.
  { id: 'limb-on-the-side', pattern: /\b(the|his|her|their|its|my|your)\s+(hand|arm|fist|leg|foot)\s+on\s+(?:the|his|her|their|its|my|your)\s+(left|right)(?:\s+side)?\b/g, rewrite: '$1 $3 $2', examples: ['the leg on the left', 'the hand on his right side'] },
  // "turns her head to the left": the head looks that way, the body stays.
  { id: 'turn-head-looks', pattern: re`\b(${verbs('turn')})\s+${POSS}head\b`, rewrite: 'looks', examples: ['turns her head to the left', 'she turns her head to the left'] },
  // "turns to face the other way": a half turn.
  { id: 'face-the-other-way-turns-around', pattern: re`\b(${verbs('face')})\s+the\s+(other\s+way|opposite\s+(way|direction))\b`, rewrite: 'around', examples: ['turns to face the other way', 'he turns to face the other way'] },
  // "taps his foot": a light stamp, not a kick.
  { id: 'tap-foot-stomps', pattern: re`\b(${verbs('tap')})\s+${POSS}(left\s+|right\s+)?(foot|feet|toes?)\b`, rewrite: 'stomp $2foot', examples: ['taps his foot', 'taps his right foot three times'] },
  // "drags his feet": a weary walk, not a pull.
  { id: 'drag-feet-trudges', pattern: re`\b(${verbs('drag', 'shuffle')})\s+${POSS}feet\b`, rewrite: 'trudges', examples: ['drags his feet', 'a tired person drags their feet'] },
  // "walks up to the door", "skips down the street": toward something, along the way, not up or down.
  { id: 'walk-up-to-goes-to', pattern: re`\b(${verbs('walk', 'go', 'run', 'come', 'step')})\s+up\s+to\b`, rewrite: '$1 to', examples: ['walks up to the door', 'A person is two times walking up to sit on something, sits there and walks away again.'] },
  { id: 'up-the-street-is-forward', pattern: /\b(up|down)\s+(the|a)\s+(street|road|hall|hallway|corridor|path|sidewalk|pavement|lane|aisle|runway|track|catwalk)\b/g, rewrite: 'forward', examples: ['skips down the street', 'she skips happily down the street'] },
  // "three times in a row": one after the other, no rowing.
  { id: 'in-a-row-adds-nothing', pattern: /\bin\s+a\s+row\b/g, rewrite: ' ', examples: ['three times in a row', 'reads lengths said in words and "in a row"'] },
  // Lengths said in words: a long while is 8 s, a while 5 s, a bit 3 s, a moment 2 s.
  { id: 'for-a-long-while-8-seconds', pattern: /\bfor\s+(quite\s+)?a\s+long\s+(time|while)\b/g, rewrite: 'for 8 seconds', examples: ['he waves for a long time'] },
  { id: 'for-a-while-5-seconds', pattern: /\bfor\s+a\s+while\b/g, rewrite: 'for 5 seconds', examples: ['walk for a while, then sit down'] },
  { id: 'for-a-bit-3-seconds', pattern: /\bfor\s+a\s+(little\s+)?bit\b/g, rewrite: 'for 3 seconds', examples: ['clap for a bit'] },
  { id: 'for-a-moment-2-seconds', pattern: /\bfor\s+a\s+(short\s+)?moment\b/g, rewrite: 'for 2 seconds', examples: ['A person lifts their arms for a moment and then sits down on the floor.', 'stand still for a moment'] },
  // "Rather than walking" refuses the walk as "instead of" does.
  { id: 'rather-than-is-instead-of', pattern: /\brather\s+than\b/g, rewrite: 'instead of', examples: ['Rather than walking', 'refuses what "rather than", "neither ... nor" and "not with her left hand" refuse'] },
  // "would rather walk than run": the walk, instead of the run.
  { id: 'rather-x-than-is-instead-of', pattern: /\brather\s+((?:[a-z]+\s+){0,2}[a-z]+)\s+than\b/g, rewrite: '$1 instead of', examples: ['would rather walk than run', 'd rather walk than run")).toEqual(['] },
  // "runs and slows down to a stop", "running slows to a halt": the run slows through a jog and a walk to standing
  // (consecutive gaits flow into each other mid-stride, each slower than the last); after a jog, through a walk.
  { id: 'run-slows-to-a-stop', pattern: re`(?:\s*,\s*|\s+)(?:(?:and|then)\s+)?(?=${SLOWS_TO_A_STOP})(?<=\b(?:${verbs('run', 'sprint')})\b[^.;]*)(?:${SLOWS_TO_A_STOP})`, rewrite: ', then jogs 2 steps, then walks 2 steps', examples: ['runs and slows down to a stop', 'a person running slows to a halt', 'he sprints, then slows down and stops', 'A person runs two meters and decelerates.'] },
  { id: 'jog-slows-to-a-stop', pattern: re`(?:\s*,\s*|\s+)(?:(?:and|then)\s+)?(?=${SLOWS_TO_A_STOP})(?<=\b(?:${verbs('jog')})\b[^.;]*)(?:${SLOWS_TO_A_STOP})`, rewrite: ', then walks 2 steps', examples: ['jogs and slows to a stop', 'A human starts jogging straight and slows down and stops after'] },
  { id: 'slow-down-is-slowly', pattern: re`\b(${verbs('slow')})\s+down\b`, rewrite: 'slowly', examples: ['a human slows down and stops walking', 'a human is slowing down while running'] },
  { id: 'speed-up-is-quickly', pattern: re`\b(${verbs('speed')})\s+up\b`, rewrite: 'quickly', examples: ['he walks, then speeds up into a run'] },
  // "until he reaches the wall": arriving somewhere, not reaching out.
  { id: 'reach-a-place-arrives', pattern: re`\b(${verbs('reach')})\s+(the|a|an|his|her|their)\s+(other\s+side|wall|door|doorway|end|edge|destination|corner|goal|finish|exit|entrance|start|starting\s+(point|position)|center|centre|middle|bottom)\b`, rewrite: 'arrives at the $3', examples: ['until he reaches the wall', 'keep walking until you reach the wall, then turn right'] },
  { id: 'zig-zag-joined', pattern: /\b(in\s+)?(a\s+)?zig\s*zag(s|ging)?\b/g, rewrite: 'zigzag', examples: ['walk in a zig-zag', 'jog in a zigzag'] },
  // "throws a right hook": the punch, with the hand it names.
  { id: 'throw-a-punch-punches', pattern: re`\b(${verbs('throw')})\s+(a\s+)?(left\s+|right\s+)?(punch|jab|hook|uppercut|cross)(es)?\b`, rewrite: 'punch $3hand', examples: ['throws a right hook', 'A person throwing a left jab'] },
  { id: 'go-to-sleep', pattern: /\bgo(es|ing)?\s+to\s+(sleep|bed)\b/g, rewrite: 'sleep', examples: ['go to sleep'] },
  // "falls asleep" is no fall; asleep in a chair is seated.
  { id: 'fall-asleep-is-no-fall', pattern: /\b(fall(s|ing)?|fell)\s+asleep\b/g, rewrite: 'sleeps', examples: ['falls asleep', 'reads archery, falling asleep and garden chores'] },
  { id: 'sleep-in-a-chair-sits', pattern: re`\b(${verbs('sleep', 'doze', 'nap')})\s+(off\s+)?(on|in)\s+(a|an|the|his|her|their)\s+(chair|armchair|couch|sofa|bench|seat)\b`, rewrite: 'sits on a chair', examples: ['dozes off in a chair'] },
  // Leaves raked or swept are no leaving.
  { id: 'leaves-raked-are-no-leaving', pattern: re`\b(${verbs('rake', 'sweep', 'gather', 'collect', 'pick')})\s+(up\s+)?(the\s+|some\s+|fallen\s+|dry\s+)*leaves\b`, rewrite: '$1 $2', examples: ['rakes leaves'] },
  // Archery: the bow drawn, the string pulled back; no bow of the body.
  { id: 'archery-bow-is-pulled', pattern: re`\b(${verbs('draw', 'pull', 'bend')})\s+(back\s+)?(a|an|the|his|her|their)\s+(bow|bowstring|longbow)\b|\b(${verbs('shoot', 'fire')})\s+(an|the|a)\s+arrows?\b`, rewrite: 'pulls', examples: ['A person gets an arrow out of their quiver on the back, draws a bow and shoots.', 'an archer draws a bow'] },
  { id: 'jumping-jacks-joined', pattern: /\bjumping\s+jacks?\b|\bstar\s+jumps?\b|\bjumping\s+jumping\s+jacks?\b/g, rewrite: 'jumpingjack', examples: ['a person does some jumping jacks', 'Someone is doing one jumping jack.'] },
  { id: 'jump-rope-joined', pattern: re`\b(${verbs('jump', 'skip')})\s+(a\s+|the\s+|with\s+a\s+)?rope\b|\bjump\s*rope\b`, rewrite: 'jumprope', examples: ['jump rope', 'jumpRope'] },
  { id: 'backflip-joined', pattern: /\bback\s*flips?\b|\bback\s+somersaults?\b/g, rewrite: 'backflip', examples: ['A person is dancing and making backflips.', 'A person performs a headstand and a backflip.'] },
  { id: 'cartwheel-joined', pattern: /\bcart\s*wheels?\b|\bhand\s*springs?\b|\bturns?\s+a\s+wheel\b/g, rewrite: 'cartwheel', examples: ['A person turns a wheel.', 'Somebody turns a wheel.'] },
  { id: 'moonwalk-joined', pattern: /\bmoon\s*walk(s|ed|ing)?\b/g, rewrite: 'moonwalk', examples: ['she moonwalks', 'moonwalk'] },
  { id: 'high-kick-joined', pattern: /\bhigh\s+kick(s|ing)?\b/g, rewrite: 'highkick', examples: ['a man gives a high-kick', 'A person performs a high kick'] },
  { id: 'hip-hop-joined', pattern: /\bhip\s+hop\b/g, rewrite: 'hiphop', examples: ['hip hop dance'] },
  { id: 'break-dance-joined', pattern: /\bbreak\s+danc(e|es|ing)\b/g, rewrite: 'breakdance', examples: ['a person break dances', 'A human is break dancing'] },
  { id: 'cha-cha-joined', pattern: /\bcha(\s*cha)+\b/g, rewrite: 'chacha', examples: ['a person is dancing chachacha', 'A person doing a cha cha move.'] },
  { id: 'walzer-is-waltz', pattern: /\b(wiener\s+)?walzer\b/g, rewrite: 'waltz', examples: ['A person does the wiener walzer.', 'A person performs the wiener walzer.'] },
  { id: 'jazz-dance-joined', pattern: /\bjazz\s+danc(e|es|ing)\b/g, rewrite: 'jazz', examples: ['does a jazz dance'] },
  { id: 'boxing-combination-joined', pattern: re`\b(${verbs('punch', 'kick')}|boxing)\s+(combo|combos|combination|combinations)\b`, rewrite: 'combo', examples: ['throw a punch combination'] },
  { id: 'sit-on-a-chair-joined', pattern: re`\b(${verbs('sit')})\s+(down\s+)?(on|in|onto|into)\s+(a|an|the|his|her|their|my|your)?\s*(chair|bench|stool|seat|sofa|couch|armchair)\b`, rewrite: 'sitchair', examples: ['A person sits down on a chair behind him and stands up again.', 'A person is sitting on a chair and than getting up from the chair.'] },
  { id: 'cross-arms-folds', pattern: re`\b(${verbs('cross', 'fold')})\s+(his|her|their|my|your|the|both)?\s*arms\b`, rewrite: 'fold', examples: ['cross your arms', 'reads "half a minute" as thirty seconds and "arms crossed" as crossed arms'] },
  { id: 'arms-crossed-folds', pattern: /\barms\s+(crossed|folded)\b/g, rewrite: 'fold', examples: ['reads "half a minute" as thirty seconds and "arms crossed" as crossed arms', 'he stands with his arms crossed'] },
  { id: 'clasp-hands-joined', pattern: re`\b(${verbs('clasp', 'fold', 'join')})\s+(his|her|their|my|your|the|both)?\s*hands\b`, rewrite: 'clasphands', examples: ['clasp your hands', 'keeps clasped hands together and the cup at the mouth in every mood and variant'] },
  { id: 'hands-on-hips-joined', pattern: /\bhands?\s+on\s+(his|her|their|my|your|the)?\s*hips\b/g, rewrite: 'handsonhips', examples: ['A person puts his hands on his hips and inspects the ground in front of him.', 'a person puts his hands on his hips'] },
  { id: 'fist-pump-joined', pattern: /\bfist\s+pump(s|ing)?\b|\bpump(s|ing)?\s+(his|her|their|my|your|a)?\s*fists?\b/g, rewrite: 'fistpump', examples: ['fist pump'] },
  // "shakes hands with someone", "shakes his friend's hand", "a handshake": another's hand, not shaking one's own out.
  { id: 'shake-hands-is-handshake', pattern: re`\b(${verbs('shake')})\s+(hands\b|(\w+\s+){0,2}\w+'s\s+hands?\b|the\s+hand\s+of\b)|\bhand\s*shak(e|es|ing)\b`, rewrite: 'handshake', examples: ['shakes hands with someone', 'shakes his friend\'s hand'] },
  { id: 'shake-fist-joined', pattern: re`\b(${verbs('shake')})\s+${POSS}fists?\b`, rewrite: 'shakefist', examples: ['shakes his fist angrily'] },
  { id: 'shake-arms-joined', pattern: re`\b(${verbs('shake')})\s+(out\s+)?${POSS}(arms?|hands)(\s+out)?\b`, rewrite: 'shakearms', examples: ['shakes hands with someone', 'Someone shakes hands'] },
  { id: 'face-palm-joined', pattern: /\bface\s*palm(s|ing)?\b/g, rewrite: 'facepalm', examples: ['facepalm'] },
  { id: 'thumbs-up-joined', pattern: /\bthumbs?\s+up\b/g, rewrite: 'thumb', examples: ['give a thumbs up', 'a person gives two thumbs up'] },
  { id: 'stand-at-attention-joined', pattern: re`\b(${verbs('stand')})\s+(at|in)\s+attention\b`, rewrite: 'attention', examples: ['stand at attention', 'stands at attention the same in every mood and variant: straight arms, chin up'] },
  { id: 'guitar-misspelt', pattern: /\bguitares?\b/g, rewrite: 'guitar', examples: ['A man is playing the guitare.', 'A person is playing the guitare'] },
  // "whiping", one p: wiping misspelt (whipping has two).
  { id: 'whiping-is-wiping', pattern: /\bwhip(e|es|ed|ing)\b/g, rewrite: 'wip$1', examples: ['whiping', 'A human is whiping vertically in front of his body'] },
  { id: 'violin-misspelt', pattern: /\bviol(ine|ines|ette)\b/g, rewrite: 'violin', examples: ['A person plays the violette.', 'A person playing the air violine'] },
  // "strikes a guitar", "performs two strikes on an air guitar": the strings struck, no blow.
  { id: 'strike-a-guitar-plays-it', pattern: re`\b(${verbs('strike', 'stroke', 'pluck', 'hit')})\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(guitar|banjo|ukulele|bass)\b`, rewrite: 'playguitar', examples: ['strikes a guitar', 'performs two strikes on an air guitar'] },
  { id: 'strike-on-a-guitar-strums', pattern: /\b(strikes|strokes)\s+on\s+(an?\s+|the\s+)?(air\s+)?guitar\b/g, rewrite: 'strums playguitar', examples: ['performs two strikes on an air guitar', 'Someone plays two strokes on the guitar'] },
  { id: 'strike-a-violin-plays-it', pattern: /\b(strikes|strokes)\s+(on|with)\s+(an?\s+|the\s+)?(violin|fiddle|viola)\b/g, rewrite: 'playviolin', examples: ['strikes on a violin'] },
  { id: 'play-guitar-joined', pattern: re`\b(${verbs('play', 'strum', 'mime')})\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(guitar|banjo|ukulele|bass)\b|\bair\s+guitar\b`, rewrite: 'playguitar', examples: ['performs two strikes on an air guitar', 'A person play guitar.'] },
  { id: 'play-violin-joined', pattern: re`\b(${verbs('play', 'mime')})\s+(on\s+)?(an?\s+|the\s+|some\s+)?(air\s+)?(violin|fiddle|viola)\b`, rewrite: 'playviolin', examples: ['Someone plays violin', 'A human plays a violin'] },
  { id: 'lose-balance-stumbles', pattern: re`\b(${verbs('lose')})\s+${POSS}(balance|footing)\b`, rewrite: 'stumble', examples: ['Someone has lost his balance', 'he loses his balance and recovers'] },
  { id: 'regain-balance-adds-nothing', pattern: re`\b(${verbs('regain', 'recover', 'keep', 'find')})\s+${POSS}(balance|footing)\b`, rewrite: ' ', examples: ['A person stumbles backwards, arms outstreched to help regain balance.', 'A person takes a wide lunge to the left and keeps his balance by using both arms.'] },
  { id: 'recover-steps-adds-nothing', pattern: re`\b(${verbs('recover')})\s+(\w+\s+){0,3}?steps?\b`, rewrite: ' ', examples: ['A person gets pushed in the back and recovers in 1 step.', 'A person gets pushed from left and recovers with 1 step.'] },
  // "catches himself", "catches his steps": the balance is kept, no movement of the hands.
  { id: 'catch-oneself-adds-nothing', pattern: re`\b(${verbs('catch')})\s+(himself|herself|themselves|themself|oneself|(his|her|their)\s+(steps?|balance|footing|fall))\b`, rewrite: ' ', examples: ['catches himself', 'catches his steps'] },
  // Walking into something is a stumble, not a blow struck ("bumps into a wall while walking").
  { id: 'bump-into-stumbles', pattern: re`\b(${verbs('bump', 'crash', 'bang', 'knock')})\s+into\s+(something|someone|somebody|an?\s+\w+|the\s+\w+|(his|her|their)\s+\w+)`, rewrite: 'stumble', examples: ['bumps into a wall while walking', 'an man bumps into something while walking'] },
  // "is knocked down", "gets pushed over", "was knocked off his feet": the push throws the person to the floor.
  { id: 'knocked-down-is-pushed-and-falls', pattern: re`\b(is|are|was|were|being|been|${verbs('get')})\s+(\w+ly\s+)?(pushed|shoved|knocked|bumped)\s+(down|over(?!\s+to\b)|off\s+(his|her|their)\s+feet|to\s+the\s+(ground|floor))\b`, rewrite: 'pushed and falls', examples: ['is knocked down', 'gets pushed over'] },
  { id: 'passive-push-is-pushed', pattern: re`\b(is|are|was|were|being|been|${verbs('get')})\s+(\w+ly\s+)?(pushed|shoved|bumped|nudged|hit|struck|punched|kicked|knocked|shot)\b`, rewrite: 'pushed', examples: ['is knocked down', 'gets pushed over'] },
  { id: 'receive-a-push-is-pushed', pattern: re`\b(${verbs('receive', 'get', 'take')})\s+(a|an|one)\s+(\w+\s+)?(push|shove|nudge|bump)\b`, rewrite: 'pushed', examples: ['A person receives a slight push from the back.', 'A person walks forward and receives a slight push from the back.'] },
  // "raises up", the object left out: getting up.
  { id: 'raises-up-stands-up', pattern: /\braises\s+up\s*(?=[.,;]|$)/g, rewrite: 'stands up', examples: ['raises up', 'Somebody raises up.'] },
  // "a compensatory movement to the left": a step to keep the balance.
  { id: 'compensatory-step-stumbles', pattern: /\b(compensatory|compensating|stabili[sz]ing)\s+(movement|motion|step)s?\b/g, rewrite: 'stumble', examples: ['a compensatory movement to the left', 'A person does a compensatory movement to the left side.'] },
  // "recovers from a strong push to his left shoulder": the push is received.
  { id: 'recover-from-a-push-is-pushed', pattern: re`(?<!\bto\s+)\b(${verbs('recover', 'stagger', 'stumble', 'reel')})\s+from\s+(a|an|the)\s+((?:\w+\s+){0,2}?)(push|shove|nudge|blow|hit|bump)\b`, rewrite: 'is pushed', examples: ['recovers from a strong push to his left shoulder', 'A person recovers from a strong push to his left shoulder.'] },
  // "getting shove from the left": the passive, its ending dropped.
  { id: 'passive-push-ending-dropped', pattern: re`\b(is|are|was|were|being|been|${verbs('get')})\s+(push|shove|nudge|bump)\s+from\b`, rewrite: 'pushed from', examples: ['getting shove from the left', 'human is push from left hand side'] },
  { id: 'cup-to-mouth-drinks', pattern: re`\b(${verbs('bring', 'lift', 'raise', 'put', 'hold')})\s+${POSS}(cup|glass|mug|bottle|can|drink)\s+(up\s+)?(to|towards?)\s+${POSS}(mouth|lips|face)\b`, rewrite: 'drink', examples: ['reads "brings a cup to her mouth" as drinking, not waving', 'she brings a cup to her mouth'] },
  // Hands raised high are a cheer; arms stretched up stay a stretch (the verb's own movement).
  { id: 'both-hands-up-cheer', pattern: re`\b(${verbs('raise', 'lift', 'put', 'hold', 'keep')})\s+(up\s+)?${POSS}(both\s+(hand|arm)s?|hands|arms)\s+(up\b|above|over|in\s+the\s+air|into\s+the\s+air|high)`, rewrite: 'cheer', examples: ['A persons leans back while holding his hands up', 'A person is absorbing a punch with the left hand while holding the hands up.'] },
  // "rises his arm": raised, however spelt.
  { id: 'raise-hand-joined', pattern: re`\b(${verbs('raise', 'lift', 'put', 'rise')})\s+(up\s+)?${POSS}(left\s+|right\s+)?(hand|arm)\b`, rewrite: 'raisehand $3 hand', examples: ['rises his arm', 'A human rises his left arm'] },
  { id: 'raise-both-hands-cheer', pattern: re`\b(${verbs('raise', 'lift', 'put')})\s+(up\s+)?${POSS}(both\s+)?(hands|arms)\b`, rewrite: 'cheer', examples: ['A human hikes his shoulders and raises his hands', 'a man lifts his arms, then goes down on his knees'] },
  { id: 'lift-leg-stomps', pattern: re`\b(${verbs('lift', 'raise')})\s+(up\s+)?${POSS}(left\s+|right\s+)?(foot|leg|knee)\b`, rewrite: 'stomp $3 foot', examples: ['A human lifting the left leg', 'Subject raises its left leg.'] },
  { id: 'get-up-joined', pattern: re`\b(${verbs('get')})\s+up\b`, rewrite: 'getup', examples: ['Someone gets up from kneeling.', 'A person gets up from a floor.'] },
  { id: 'go-down-on-knees-kneels', pattern: re`\b(${verbs('get', 'go', 'drop', 'come', 'sink', 'fall')})\s+(down\s+)?(on|onto|to)\s+${POSS}(knees?)\b`, rewrite: 'kneel', examples: ['a human goes down on his knees', 'A human goes down on his knees'] },
  // "Knees down", "knees on the floor": "kneels" missing its l.
  { id: 'knees-down-kneels', pattern: /\bknees\s+(down|on\s+the\s+(floor|ground))\b/g, rewrite: 'kneels $1', examples: ['Knees down', 'knees on the floor'] },
  { id: 'go-on-all-fours-kneels', pattern: re`\b(${verbs('get', 'go', 'drop')})\s+(down\s+)?(on|onto|to)\s+(the\s+floor\s+on\s+)?all\s+fours\b`, rewrite: 'kneel', examples: ['A human goes down on all fours', 'Person going on all fours and crawling'] },
  { id: 'push-ups-joined', pattern: /\b(push|press)\s*ups?\b/g, rewrite: 'pushup', examples: ['A person stretches their arms, does a push-up and repeats the process.', 'reads push-ups, sit-ups and crunches as those exercises with their counts, not squats'] },
  { id: 'sit-ups-joined', pattern: /\bsit\s*ups?\b/g, rewrite: 'situp', examples: ['reads push-ups, sit-ups and crunches as those exercises with their counts, not squats', 'a man does sit ups'] },
  { id: 'crunches-are-sit-ups', pattern: re`\b(${verbs('do', 'perform')})\s+(\w+\s+)?(abdominal\s+)?crunch(es)?\b`, rewrite: '$1 $2situp', examples: ['she does 20 crunches'] },
  // Standing or walking on the hands, and a headstand (the closest of the engine's movements), are a handstand.
  { id: 'handstand-joined', pattern: /\b(hand|head)\s*stands?\b/g, rewrite: 'handstand', examples: ['Person doing a handstand', 'Someone does a handstand.'] },
  { id: 'stand-on-hands-is-handstand', pattern: re`\b(${verbs('stand', 'walk', 'balance')})\s+on\s+${POSS}hands\b`, rewrite: 'handstand', examples: ['reads standing or walking on the hands, and a headstand, as a handstand', 'a man stands on his hands'] },
  // A forward or backward roll on the floor ("back somersault" is the backflip above); "rolls onto his side" is no roll.
  { id: 'forward-roll-somersaults', pattern: /\b(forward|front)\s+rolls?\b|\b(a|one)\s+roll\b/g, rewrite: 'somersault', examples: ['A human performs a forward roll.', 'a persons runs and does a roll on the ground'] },
  { id: 'backward-roll-somersaults', pattern: /\b(backward|backwards|back)\s+rolls?\b/g, rewrite: 'somersault backward', examples: ['A person is doing a backward roll.', 'a person is doing a backward roll'] },
  { id: 'roll-forward-somersaults', pattern: re`\b(${verbs('roll')})\s+(over\s+)?(forwards?|backwards?)\b`, rewrite: 'somersault $3', examples: ['she rolls backwards twice', 'he rolls forward and then backward'] },
  { id: 'rock-out-headbangs', pattern: re`\b(${verbs('rock')})\s+out\b`, rewrite: 'headbang', examples: ['he rocks out to the music', 'the man rocks out to the music'] },
  // Hips swaying and arms swinging beside a walk ("walks slowly, hips swaying", "with a light sway") are how it walks.
  { id: 'hips-swaying-adds-nothing', pattern: /,\s*(his\s+|her\s+|their\s+|the\s+)?(arms?|hips?|shoulders)\s+(swinging|swaying)\b|\bwith\s+(a\s+)?(\w+\s+)?sway\b/g, rewrite: ' ', examples: ['walks slowly, hips swaying', 'with a light sway'] },
  // Arms swung while walking or running swing as the gait's own ("swings his arms while walking", "walks swinging
  // her arms").
  { id: 'swing-arms-while-walking', pattern: re`\b(${verbs('swing')})\s+${POSS}arms\s+(while|as)\b`, rewrite: '$2', examples: ['swings his arms while walking', 'a person swings their arms while walking'] },
  { id: 'walk-swinging-arms', pattern: re`\b(${verbs('walk', 'jog', 'run', 'march')})\s+(while\s+)?swinging\s+${POSS}arms\b`, rewrite: '$1', examples: ['walks swinging // her arms', 'A person walks while swinging their arms.'] },
  // Hands washed are rubbed together, arms rubbed (for warmth) shiver, the toes touched are reached down to.
  { id: 'wash-hands-clasps', pattern: re`\b(${verbs('wash', 'rub')})\s+${POSS}hands\b`, rewrite: 'clasphands', examples: ['he rubs his hands together', 'reads washing the hands as rubbing them together and washing a thing as wiping it'] },
  { id: 'rub-arms-shivers', pattern: re`\b(${verbs('rub')})\s+${POSS}(arms|shoulders)\b`, rewrite: 'shivers', examples: ['someone is cold and rubs their arms'] },
  { id: 'touch-toes-bends-down', pattern: re`\b(${verbs('touch', 'reach')})\s+(for\s+|down\s+to\s+)?(${POSS}toes|the\s+(floor|ground))\b`, rewrite: 'bends down', examples: ['A person is touching the floor with the left hand.', 'A person is touching the floor with the right hand.'] },
  // A gun is aimed, arm out: shooting, firing or holding one is no throw.
  { id: 'gun-held-points', pattern: re`\b(${verbs('shoot', 'fire', 'aim', 'use', 'hold', 'point')})\s+(with\s+)?${POSS}(gun|pistol|handgun|revolver|rifle)\b`, rewrite: 'points', examples: ['A person is using a gun.', 'he shoots a gun'] },
  // "walks the plank", "over a plank": a board walked on, no plank held.
  { id: 'walk-the-plank-walks', pattern: re`\b(${verbs('walk')})\s+the\s+plank\b`, rewrite: '$1 forward', examples: ['walks the plank', 'the pirate walks the plank'] },
  { id: 'plank-walked-on-is-board', pattern: /\b(over|on|onto|across|along|off|from)\s+(a|an|the)\s+((?:narrow|wooden|long|thin)\s+)?plank\b/g, rewrite: '$1 $2 board', examples: ['over a plank', 'Subject walks over a plank.'] },
  // "walks on all fours", "moves around on his hands and knees": a crawl, however it is said to go.
  { id: 'on-all-fours-crawls', pattern: re`\b(${verbs('walk', 'move', 'go', 'run', 'creep')})\s+((?:around|about|forwards?|backwards?|slowly|quickly)\s+)?on\s+(all\s+fours?|${POSS}(hands\s+and\s+knees|knees\s+and\s+hands))\b`, rewrite: 'crawls $2', examples: ['walks on all fours', 'moves around on his hands and knees'] },
  // "stands on his knees", "sits on her knees": kneeling.
  { id: 'stand-on-knees-kneels', pattern: re`\b(${verbs('stand', 'sit', 'rest')})\s+(up\s+)?on\s+${POSS}knees\b`, rewrite: 'kneels', examples: ['stands on his knees', 'sits on her knees'] },
  // "goes into a handstand", "kicks up into a handstand": the movement named, no going or kicking of its own.
  { id: 'go-into-a-posture-takes-it', pattern: re`\b(${verbs('go', 'get', 'come', 'move', 'kick', 'push', 'spring', 'swing')})\s+(up\s+|down\s+)?into\s+(a|an|the)\s+(handstand|squat|lunge|crouch|plank|pushup|split|splits|bridge)\b`, rewrite: '$4', examples: ['goes into a handstand', 'kicks up into a handstand'] },
  { id: 'plank-joined', pattern: /\bplank(s|ing|ed)?\b/g, rewrite: 'plankhold', examples: ['Subject walks over a plank.', 'reads a plank held, for its time, and lying face down'] },
  { id: 'head-bang-joined', pattern: /\bhead\s*bang(s|ing)?\b/g, rewrite: 'headbang', examples: ['headbang'] },
  { id: 'full-round-is-circle', pattern: /\bthree\s+quarters?\s+(of\s+)?(a\s+)?(circle|round)\b|\b(whole|full|one|complete)\s+round\b/g, rewrite: 'circle', examples: ['someone walks one round', 'someone is walking one round to his side'] },
  { id: 'semicircle-is-half-circle', pattern: /\bsemi[\s-]*circles?\b/g, rewrite: 'half circle', examples: ['A person goes forward in a semicircle.', 'a person goes forward in a semicircle'] },
  { id: 'quater-is-quarter', pattern: /\bquater\b/g, rewrite: 'quarter', examples: ['human goes in quater circle clockwise', 'human goes in a quater circle clockwise'] },
  { id: 'kneeing-is-kneeling', pattern: /\bkneeing\b/g, rewrite: 'kneeling', examples: ['the person kneeing down', 'A person gets up from a kneeing position.'] },
  // "sits down in a kneeling position": the posture named is the one taken.
  { id: 'sit-in-a-posture-takes-it', pattern: re`\b(${verbs('sit', 'go', 'get')})\s+(down\s+)?(in|into)\s+(a\s+)?(kneeling|crouching|squatting)\s+(position|posture|pose)\b`, rewrite: '$5', examples: ['sits down in a kneeling position'] },
  // "walks clockwise", "runs anticlockwise": round a circle that way, when no other path or turn is named.
  { id: 'walk-clockwise-circles', pattern: re`\b(${verbs('walk', 'jog', 'run', 'march')})(?![^.,;]*\b(circles?|round|turns?|turning|square|rectangle|triangle|eight|curve|bend|arc|quarter|half|degrees?)\b)\s+((?:\w+\s+){0,2}?)((counter|anti)[\s-]*)?clockwise\b`, rewrite: '$1 $3in a circle $4clockwise', examples: ['walks clockwise', 'runs anticlockwise'] },
  // "walks a half circle", "runs in a quarter circle": an arc walked, to the left (the way a circle goes) unless the
  // sentence says which way.
  { id: 'walk-a-half-circle-arcs', pattern: re`\b(${verbs('walk', 'jog', 'run', 'march', 'sneak', 'go')})(?![^.,;]*\b(\w*left\w*|\w*right\w*|(counter|anti)?-?clock\w*)\b)\s+((?:\w+\s+){0,3}?)(quarter|half)\s+(of\s+a\s+)?(circle|round)\b`, rewrite: '$1 $4$5 circle to the left', examples: ['walks a half circle', 'runs in a quarter circle'] },
  { id: 'half-circle-is-half-turn', pattern: /\b(quarter|half)\s+(of\s+a\s+)?(circles?|rounds?)\b/g, rewrite: '$1 turn', examples: ['walks a half circle', 'runs in a quarter circle'] },
  // "walks in a right bend": a curve walked, no bend of the body.
  { id: 'in-a-bend-curves', pattern: /\bin\s+a\s+((?:(?:left|right|slight|wide|small|big|gentle|long|short|(?:counter|anti)?-?clockwise|\d+|degrees?)\s+)*)bend\b(?!\s+(posture|position|over|forward))/g, rewrite: 'in a $1curve', examples: ['walks in a right bend', 'A human walks in a left bend.'] },
  // "swings around 180 degrees": the body turned about, no swing of a bat.
  { id: 'swing-around-turns-around', pattern: re`\b(${verbs('swing')})\s+(a)?round\b`, rewrite: 'turns around', examples: ['swings around 180 degrees', 'Somebody turns swinging around.'] },
  { id: 'knee-bends-are-squats', pattern: /\bknee\s+bends?\b/g, rewrite: 'squat', examples: ['human does knee bends', 'a human peforms a pose like while doing knee bends'] },
  // "does a squad exercise", "makes two squads": the squat, misspelt.
  { id: 'squad-exercise-is-squat', pattern: re`\b(${verbs('do', 'make', 'perform')})\s+((?:a|an|some|few|\w+)\s+)?squads?\b`, rewrite: '$1 $2squat', examples: ['does a squad exercise', 'makes two squads'] },
  { id: 'squads-are-squats', pattern: /\bsquads?\s+(exercises?|execises?|workouts?)\b/g, rewrite: 'squat', examples: ['does a squad exercise', 'a person does a squad execise'] },
  // "a squat exercise", "lunge workouts": the exercise named, not another one.
  { id: 'exercise-named-is-the-exercise', pattern: /\b(squats?|lunges?|push-?ups?|sit-?ups?|crunch(es)?|jumping\s+jacks)\s+(exercises?|workouts?)\b/g, rewrite: '$1', examples: ['a squat exercise', 'lunge workouts'] },
  { id: 't-pose-stands', pattern: re`\b(${verbs('make', 'do')}|in)\s+a\s+t\b|\bt\s+pose\b`, rewrite: 'stand', examples: ['A person makes a T.', 'a person makes a T pose and kneels down'] },
  // Arms held out level ("arms out sideways", "arms at shoulder height"), not an arm moved in circles.
  { id: 'arms-out-level-stretch', pattern: /\b(arms?|hands)\s+((\w+\s+){0,2})(out\s+)?(sideways|to\s+(both\s+|the\s+)?sides?|horizontal(ly)?|like\s+wings|(at|on)\s+(the\s+)?(shoulder\s+(height|level)|(height|level)\s+of\s+(his|her|their|the)\s+shoulders))\b(?![^.,;]*\bcirc)/g, rewrite: 'stretch', examples: ['arms out sideways', 'arms at shoulder height'] },
  { id: 'play-an-instrument-plays-guitar', pattern: re`\b(${verbs('play')})\s+(an?\s+|the\s+|some\s+)?(musical\s+)?instruments?\b`, rewrite: 'playguitar', examples: ['A person plays an instrument.', 'A man is playing an instrument'] },
  // A sport played is its characteristic movement: a racket's or a bat's swing, a ball thrown, a ball kicked.
  { id: 'racket-sport-swings', pattern: re`\b(${verbs('play')})\s+(some\s+|a\s+game\s+of\s+)?(tennis|badminton|squash|ping\s+pong|table\s+tennis|baseball|cricket|golf|hockey)\b`, rewrite: 'swing', examples: ['Someone plays golf', 'A person playing golf.'] },
  { id: 'tennis-stroke-swings', pattern: /\b(tennis|badminton|squash)\s+(serve|forehand|backhand|stroke|shot|swing|racket\s+like\s+(movement|motion))s?\b/g, rewrite: 'swing', examples: ['A person performs a tennis serve.', 'a person is doing a tennis forehand'] },
  { id: 'ball-game-throws', pattern: re`\b(${verbs('play')})\s+(some\s+|a\s+game\s+of\s+)?(basketball|volleyball|handball|netball|catch)\b`, rewrite: 'throw', examples: ['A human plays basketball.', 'A person plays basketball.'] },
  { id: 'football-kicks', pattern: re`\b(${verbs('play')})\s+(some\s+|a\s+game\s+of\s+)?(soccer|football|footy)\b`, rewrite: 'kick', examples: ['they play soccer'] },
  // Hands to the face or head hide it or hold it (a facepalm); hands rubbed together meet (a clasp); a kiss blown is
  // a hand sent out from the mouth, the closest movement a wave.
  { id: 'cover-face-facepalms', pattern: re`\b(${verbs('cover', 'hide', 'bury')})\s+(his|her|their|my|your|the)\s+(face|eyes)\b`, rewrite: 'facepalm', examples: ['she covers her face with her hands'] },
  { id: 'hold-head-facepalms', pattern: re`\b(${verbs('hold', 'clutch', 'grab')})\s+(his|her|their|my|your)\s+head\b`, rewrite: 'facepalm', examples: ['he holds his head in pain'] },
  { id: 'rub-hands-clasps', pattern: re`\b(${verbs('rub')})\s+(his|her|their|my|your|the|both)\s+hands(\s+together)?\b`, rewrite: 'clasphands', examples: ['he rubs his hands together'] },
  { id: 'blow-a-kiss-waves', pattern: re`\b(${verbs('blow')})\s+(a\s+|some\s+)?kiss(es)?\b`, rewrite: 'wave', examples: ['she blows a kiss'] },
  // A hurt, drunk or old person gone to, helped or passed is someone else: the state is not the way the mover walks.
  { id: 'someone-else-hurt-is-not-the-mover', pattern: re`\b(to|towards?|past|by|at|around|over|near|beside|behind|from|${verbs('help')})\s+(the|a|an|his|her|their)\s+(hurt|injured|wounded|drunk|drunken|old|elderly|aged)\s+`, rewrite: '$1 $2 ', examples: ['walks to the hurt man', 'walks past a drunk guy'] },
  { id: 'old-person-is-elderly', pattern: /\b(old|aged)\s+(man|men|woman|women|person|people|lady|gentleman|guy|grandpa|grandma|grandfather|grandmother|couple)\b/g, rewrite: 'elderly $2', examples: ['the old man lurches across the room', 'an old man walks with a cane'] },
  // Shoes are tied down at the feet.
  { id: 'tie-shoes-crouches', pattern: re`\b(${verbs('tie', 'lace')})\s+(up\s+)?(his|her|their|my|your|the|a)\s+(shoes?|shoelaces?|laces|boots?|sneakers?)(\s+up)?\b`, rewrite: 'crouch', examples: ['he ties his shoelaces', 'she laces up her boots'] },
  // Meditation is sitting still; tai chi a slow stretch of the arms.
  { id: 'meditate-sits', pattern: re`\b(${verbs('meditate')})\b`, rewrite: 'sit', examples: ['he meditates'] },
  { id: 'tai-chi-stretches-slowly', pattern: re`\b(${PRACTISING})\s+(some\s+)?tai\s*chi\b`, rewrite: 'stretch slowly', examples: ['he does tai chi'] },
  // A martial art practised, with no blow named, is its two blows: a punch, then a kick.
  { id: 'martial-art-punches-then-kicks', pattern: re`\b(${PRACTISING}|${verbs('perform')})\s+(some\s+(kind\s+of\s+)?)?((martial|material)\s+arts?|katas?|karate|kung\s*fu|taekwondo|kickboxing)(\s+(moves?|routines?|katas?))?\b(?!\s+\w*(kick|punch|chop|strike|block|jab))`, rewrite: '$1 a punch, then kicks', examples: ['A person performs martial arts.', 'A person performs some kind of Kata.'] },
  // A door opened or shut is pulled or pushed by its handle.
  { id: 'open-a-door-pulls', pattern: re`\b(${verbs('open')})\s+(the|a|his|her|their)\s+(door|gate|drawer|fridge|cupboard|window)\b`, rewrite: 'pulls the $3', examples: ['A person makes motions as if opening a door.', 'reads opening a door as a pull and shutting it as a push'] },
  { id: 'close-a-door-pushes', pattern: re`\b(${verbs('close', 'shut')})\s+(the|a|his|her|their)\s+(door|gate|drawer|fridge|cupboard|window)\b`, rewrite: 'pushes the $3', examples: ['she closes the window'] },
  // A tantrum is stamping in anger, not a throw.
  { id: 'tantrum-stomps', pattern: re`\b(${verbs('throw', 'have')})\s+(a\s+)?(temper\s+)?tantrums?\b`, rewrite: 'stomps angrily', examples: ['a child throws a tantrum'] },
  // "Checks left and right" looks each way; crossing a street walks over it.
  { id: 'check-left-looks', pattern: re`\b(${verbs('check')})\s+(to\s+the\s+)?(left|right|both\s+ways|around|behind)\b`, rewrite: 'looks $2$3', examples: ['Checks left and right', 'reads checking left and right as looking each way, and crossing a street as walking'] },
  { id: 'cross-the-street-walks-across', pattern: re`\b(${verbs('cross')})\s+(the|a)\s+(street|road|room|bridge|field|hall|stage)\b`, rewrite: 'walks across the $3', examples: ['reads checking left and right as looking each way, and crossing a street as walking', 'a person checks left and right before crossing the street'] },
  // A ball bounced or dribbled goes down from the hand and back: the closest movement is a throw.
  { id: 'bounce-a-ball-throws', pattern: re`\b(${verbs('bounce', 'dribble')})\s+(a|the|his|her|their)\s+(\w+\s+)?(ball|basketball)\b`, rewrite: 'throws a ball', examples: ['A person makes moves like bouncing a basketball and throwing it to a basket.', 'a person bounces a ball'] },
  // A goalkeeper's dive to one side (or for the ball) is a jump that way; a dive into water is a swim.
  { id: 'dive-sideways-jumps', pattern: re`\b(${verbs('dive')}|dove)\s+(to\s+(the\s+|his\s+|her\s+)?(left|right)|sideways|for\s+the\s+ball)\b`, rewrite: 'jumps $2', examples: ['a goalkeeper dives to the left'] },
  // The blow or thing dodged, avoided or blocked is no movement of the mover's.
  { id: 'dodged-blow-adds-nothing', pattern: /\b(dodg\w*|avoid\w*|block\w*|evad\w*)\s+(a|an|the|his|her|their|its|incoming|an\s+incoming)\s+(incoming\s+|flying\s+)?(punch|punches|hit|hits|kick|kicks|blow|blows|attack|attacks|strike|strikes|jab|jabs|ball|balls)\b/g, rewrite: '$1', examples: ['a person dodges a hit', 'A human evading a punch'] },
  // An axe or a hammer used comes down as a chop.
  { id: 'use-an-axe-chops', pattern: re`\b(${verbs('use', 'swing', 'wield')})\s+(a|an|the|his|her|their)\s+(axe|ax|hatchet|hammer|sledgehammer)\b`, rewrite: 'chop', examples: ['A person uses an axe.', 'he uses an axe'] },
  // "Proceeds to eat it" is eating next, where "proceeds to the door" still goes there.
  { id: 'proceed-to-adds-nothing', pattern: re`\b(${verbs('proceed')})\s+to\s+(?!(the|a|an|his|her|their|its|my|your|that|this|where|there|here)\b)`, rewrite: '', examples: ['Proceeds to eat it', 'reads "proceeds to <verb>" as that movement next, and "proceeds to the door" as going there'] },
  // "Twice as fast" is a pace, not two of the movement.
  { id: 'twice-as-fast-is-a-pace', pattern: /\b(twice|two\s+times|three\s+times|much)\s+(as\s+)?(fast|quick|quickly|faster|quicker)(\s+as\s+(before|usual|normal))?\b/g, rewrite: 'very fast', examples: ['Twice as fast', 'reads "twice as fast" as a faster pace, not two of the movement'] },
  { id: 'twice-as-slow-is-a-pace', pattern: /\b(twice|two\s+times|three\s+times|much)\s+(as\s+)?(slow|slowly|slower)(\s+as\s+(before|usual|normal))?\b/g, rewrite: 'very slowly', examples: ['walk twice as slowly'] },
  // A baby rocked is held in the arms; leaning on a wall is standing.
  { id: 'rock-a-baby-clasps', pattern: re`\b(${verbs('rock', 'cradle')})\s+(a|the|his|her|their)\s+(baby|child|infant|doll)\b`, rewrite: 'clasphands', examples: ['he rocks the baby in his arms'] },
  { id: 'lean-on-a-wall-stands', pattern: re`\b(${verbs('lean')})\s+(back\s+)?(against|on)\s+(a|the|his|her|their)\s+(wall|table|door|railing|counter|tree|car|pole|fence|bar)\b`, rewrite: 'stands', examples: ['reads a baby rocked as held in the arms, and leaning on a wall as standing', 'he leans against the wall'] },
  // A strut, a swagger, a sashay are confident walks.
  { id: 'strut-walks-confidently', pattern: re`\b(${verbs('strut', 'swagger', 'sashay')})\b`, rewrite: 'walks confidently', examples: ['reads a strut, a swagger or a sashay as a confident walk, not a skip, and a jig as a dance', 'a man struts down the street'] },
  // "Drags himself forward" is a weary walk, as "drags his feet" is.
  { id: 'drag-oneself-walks-wearily', pattern: re`\b(${verbs('drag')})\s+(himself|herself|themselves|oneself|itself)\b`, rewrite: 'walks wearily', examples: ['Drags himself forward', 'reads "drags himself forward" as a weary walk, not a pull'] },
  // A side jump is a jump sideways; a high five is a hand raised to meet another.
  { id: 'side-jump-jumps-sideways', pattern: /\bside\s*jumps?\b/g, rewrite: 'jump sideways', examples: ['Someone is doing a sidejump to the left.', 'Someone is doing a sidejump to the right.'] },
  { id: 'high-five-waves', pattern: /\bhigh\s+fives?\b/g, rewrite: 'wave', examples: ['a fat person high fives'] },
  // Yoga and pilates are held stretches.
  { id: 'yoga-stretches', pattern: re`\b(${PRACTISING})\s+(some\s+)?(yoga|pilates)\b|\byoga\s+(poses?|stretch(es)?)\b`, rewrite: 'stretch', examples: ['A person doing yoga', 'she does yoga'] },
  { id: 'in-a-circle-is-circle', pattern: /\b(around\s+)?in\s+(a\s+|the\s+)?((full|whole|complete|small|big|large|tight|little|wide|clockwise|counterclockwise)\s+)*(circles?|circuit)\b/g, rewrite: '$3 circle', examples: ['walk in a circle', 'a man walks in circle'] },
  { id: 'up-the-stairs-is-stairs', pattern: /\b(up|down)\s+(the\s+)?(stairs|steps)\b/g, rewrite: 'stairs', examples: ['A human walks up stairs.', 'Subject walks down steps.'] },
  // The character starts facing the camera (the viewer, "me"): going toward it is going forward.
  { id: 'toward-the-camera-is-forward', pattern: re`\b(towards?|to|(${verbs('come', 'get', 'move')})\s+(very\s+)?(closer|close)\s+to)\s+${VIEWER}`, rewrite: '$2 forward', examples: ['A person walks towards me.', 'Someone comes close to the camera'] },
  // Going away from the camera is going with one's back to it: a half turn, then the way forward.
  { id: 'away-from-the-camera-turns-first', pattern: re`\b(${verbs('walk', 'run', 'jog', 'go', 'move')})\s+away\s+from\s+${VIEWER}`, rewrite: 'turns around and $1 forward', examples: ['he walks away from the camera', 'walk away from the camera'] },
  { id: 'turn-away-from-the-camera-turns-around', pattern: re`\b(${verbs('turn')})\s+away\s+from\s+${VIEWER}`, rewrite: '$1 around', examples: ['she turns away from the viewer'] },
  // "Comes closer", "came over": a walk; "comes to a stop", "comes back on his feet" are no walk.
  { id: 'come-closer-walks', pattern: re`\b(${verbs('come')})\s+(forward|forwards|closer|close|nearer|near|here|over|towards?)\b`, rewrite: 'walk $2', examples: ['Comes closer', 'came over'] },
  // A path shape (path-shapes.ts): "eight" here counts nothing.
  { id: 'figure-eight-joined', pattern: /\bfigures?\s+(of\s+)?(an\s+)?(eight|8)s?\b/g, rewrite: 'figureeight', examples: ['A person walks a figure of eight.', 'A person walks in a figure of eight.'] },
  { id: 'warm-up-joined', pattern: /\bwarm(s|ing)?\s+up\b/g, rewrite: 'warm', examples: ['someone is warming up', 'A human performs warm-up exercises'] },
  // "backs away", "backing up": stepping backward ("his back up" is no verb).
  { id: 'back-away-steps-backward', pattern: /\bback(s|ed|ing)\s+(away|up|off)\b|\bback\s+away\b/g, rewrite: 'steps backward', examples: ['backs away', 'backing up'] }
]
