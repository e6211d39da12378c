import { describe, expect, it } from 'vitest'
import { rankBySimilarity, similarity, trigrams } from '../../src/domain/similarity'

describe('trigram similarity (as pg_trgm)', () => {
  it('pads each word and takes its three-letter pieces', () => {
    expect([...trigrams('Word')].sort()).toEqual(['  w', ' wo', 'ord', 'rd ', 'wor'])
    // punctuation separates words; case does not count
    expect(trigrams('Red-Blue')).toEqual(trigrams('red blue'))
    expect(trigrams('  ')).toEqual(new Set())
  })

  it('is the share of pieces in common, 0..1', () => {
    // pg_trgm: similarity('word', 'words') = 0.571429
    expect(similarity('word', 'words')).toBeCloseTo(4 / 7, 6)
    expect(similarity('Color', 'colour')).toBeCloseTo(similarity('colour', 'Color'), 12)
    expect(similarity('Black', 'black')).toBe(1)
    expect(similarity('Black', 'White')).toBe(0)
    expect(similarity('', 'Black')).toBe(0)
  })

  it('reads Arabic letters as letters', () => {
    expect(similarity('أسود', 'أسود')).toBe(1)
    expect(similarity('اللون', 'لون')).toBeCloseTo(0.25, 6)
    expect(similarity('اللون', 'المقاس')).toBeLessThan(0.2)
  })

  it('ranks items by their best name, best first, ties in their order', () => {
    const items = [
      { id: 1, names: ['Size', 'المقاس'] },
      { id: 2, names: ['Colour', 'اللون'] },
      { id: 3, names: ['Material', 'الخامة'] },
      { id: 4, names: ['Weight', 'الوزن'] },
    ]
    const ranked = rankBySimilarity(['Color'], items, (i) => i.names)
    expect(ranked[0]!.item.id).toBe(2)
    expect(ranked[0]!.score).toBeCloseTo(similarity('Color', 'Colour'), 12)
    // nothing alike: in their own order
    expect(ranked.slice(1).map((r) => r.item.id)).toEqual([1, 3, 4])
  })
})
