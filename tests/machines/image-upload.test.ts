import { describe, expect, it } from 'vitest'
import { imageUrlOf } from '../../src/contract/uploads'

/**
 * The imageUpload chart's paths are walked through an image field of the app
 * (tests/walks/image-upload.walk.test.tsx); this keeps the pure function the field shows its value with.
 */
describe('uploads contract', () => {
  it('builds the public address of a stored name', () => {
    expect(imageUrlOf('a.png')).toBe('/api/uploads/a.png')
    expect(imageUrlOf(null)).toBeNull()
  })
})
