declare module 'subset-font' {
  /** A font cut to the glyphs (and their shaping) that `text` needs, in `targetFormat`. */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt' },
  ): Promise<Buffer>
}
