/**
 * Trigram similarity of two names, as PostgreSQL's `pg_trgm` computes it (the server suggests
 * categories the same way): each word, lower-cased and padded with two spaces before and one after,
 * gives its three-letter pieces; the similarity is the share of pieces the two names have in common
 * (|A ∩ B| / |A ∪ B|), from 0 (nothing alike) to 1 (the same pieces). Letters of any script count
 * (Arabic too); other characters separate words.
 */
export function trigrams(text: string): Set<string> {
  const result = new Set<string>()
  for (const word of text
    .toLocaleLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue
    const padded = `  ${word} `
    const chars = [...padded]
    for (let i = 0; i + 3 <= chars.length; i++) result.add(chars.slice(i, i + 3).join(''))
  }
  return result
}

/** 0..1: how alike two names are by their trigrams (1 for the same words in any case or punctuation). */
export function similarity(a: string, b: string): number {
  const x = trigrams(a)
  const y = trigrams(b)
  if (x.size === 0 || y.size === 0) return 0
  let common = 0
  for (const t of x) if (y.has(t)) common++
  return common / (x.size + y.size - common)
}

/** The best similarity of a name to any of a candidate's names (its Arabic and English ones). */
const bestSimilarity = (names: readonly string[], candidates: readonly string[]) =>
  Math.max(0, ...names.flatMap((n) => candidates.map((c) => similarity(n, c))))

/** Items ordered by how alike their names are to `names`, best first (ties keep their order). */
export function rankBySimilarity<T>(names: readonly string[], items: readonly T[], namesOf: (item: T) => readonly string[]) {
  return items
    .map((item, index) => ({ item, index, score: bestSimilarity(names, namesOf(item)) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
}
