export const VERB_MEANINGS: Readonly<Record<string, string>> = {}
export const ENGLISH_NEAR_VOCABULARY = ''
