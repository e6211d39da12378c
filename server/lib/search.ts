/** The ILIKE pattern of text containing `term` (its `%`, `_` and `\` taken as themselves). */
export const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
