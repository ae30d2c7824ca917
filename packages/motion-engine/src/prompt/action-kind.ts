// Every action the builtin engine can perform: the vocabulary and its synonyms both map words onto these, so the
// type lives apart from both of them.
export type ActionKind =
  | 'idle' | 'walk' | 'jog' | 'run' | 'sneak' | 'crawl' | 'jump' | 'hop' | 'turn' | 'spin' | 'sidestep' | 'backstep'
  | 'stepUp' | 'sitDown' | 'standUp' | 'crouch' | 'kneel' | 'lieDown' | 'wave' | 'clap' | 'point' | 'bow' | 'nod'
  | 'shakeHead' | 'punch' | 'kick' | 'dance' | 'stretch' | 'lookAround' | 'pickUp' | 'throw'
  | 'skip' | 'stomp' | 'march' | 'limp' | 'stagger' | 'circle' | 'zigzag' | 'carry' | 'sitChair' | 'fall' | 'squat'
  | 'jumpingJacks' | 'highKick' | 'combo' | 'push' | 'pull' | 'batSwing' | 'salute' | 'cheer' | 'shrug' | 'crossArms'
  | 'handsOnHips' | 'scratchHead' | 'think' | 'beckon' | 'fistPump' | 'thumbsUp' | 'facepalm' | 'yawn' | 'flap' | 'swim'
  | 'headbang' | 'hipHop' | 'salsa' | 'disco' | 'ballet' | 'robot'
  // whole-body actions of real captions
  | 'jumpRope' | 'backflip' | 'cartwheel' | 'moonwalk' | 'stumble' | 'pushed' | 'getUp' | 'sideBend' | 'waltz' | 'chaCha' | 'jazz'
  // upper-body actions of real captions
  | 'slap' | 'claspHands' | 'attention' | 'chop' | 'stir' | 'wipe' | 'sweep' | 'drink' | 'playGuitar' | 'playViolin' | 'shakeArms' | 'shakeFist' | 'knock'
  // floor work, exercises and balance of real prompts
  | 'handstand' | 'roll' | 'pushUp' | 'plank' | 'sitUp' | 'lunge' | 'sway'
