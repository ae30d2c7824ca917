export const VERB_MEANINGS: Readonly<Record<string, string>> = {}
export const ENGLISH_NEAR_VOCABULARY = ''
export const WORDNET_TABLES_INPUTS = ''
