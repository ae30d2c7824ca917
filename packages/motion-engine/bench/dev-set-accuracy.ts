// Prints the development-set accuracy per recording kind (bench/dev-set.ts) and the reading time per caption.
// --reader compromise measures the alternative NLP library; --misses lists the captions whose plan missed.
import { parsePrompt } from '../src/index.js'
import { readWithWink } from '../src/prompt/nlp-reader.js'
import { readWithCompromise } from './compromise-reader.js'
import { loadDevCaptions, scoreDevSet } from './dev-set.js'

const reader = process.argv.includes('compromise') ? readWithCompromise : readWithWink
const captions = loadDevCaptions()
parsePrompt('warm up the reader', reader)
const started = performance.now()
const score = scoreDevSet(captions, text => parsePrompt(text, reader))
const ms = (performance.now() - started) / score.captions
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`
console.log(`reader: ${reader === readWithWink ? 'wink-nlp' : 'compromise'}`)
console.log('| recording kind | captions | correct |')
console.log('|---|---:|---:|')
for (const k of score.kinds) console.log(`| ${k.name} | ${k.captions} | ${pct(k.correct, k.captions)} |`)
console.log(`| **all** | ${score.captions} | ${pct(score.correct, score.captions)} |`)
console.log(`${ms.toFixed(2)} ms per caption`)
if (process.argv.includes('--misses')) for (const m of score.misses) console.log(`${m.kind}\t${m.text}`)
