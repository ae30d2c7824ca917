// wink-lemmatizer ships no types: a CommonJS object of three functions from a word to its dictionary form.
declare module 'wink-lemmatizer' {
  const lemmatizer: {
    lemmatizeVerb: (word: string) => string
    lemmatizeNoun: (word: string) => string
    lemmatizeAdjective: (word: string) => string
  }
  export default lemmatizer
}
