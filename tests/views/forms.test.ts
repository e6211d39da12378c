import { describe, expect, it } from 'vitest'
import { adminLoginBody, resetPasswordBody } from '../../src/contract/auth'
import { passwordStrength } from '../../src/forms/password-strength'
import { zodValidator } from '../../src/forms/zod-adapter'
import { createI18n } from '../../src/i18n'
import { catalogues } from '../../src/i18n/catalogue'

const translatorFor = (lng: 'ar' | 'en') => {
  const i18n = createI18n(lng, catalogues)
  return (ref: { key: string; values?: Record<string, string | number> }) =>
    i18n.t(ref.key as never, ref.values as never) as unknown as string
}

describe('zod to final-form adapter', () => {
  it('gives the spec messages in English', () => {
    const validate = zodValidator(adminLoginBody, translatorFor('en'))
    expect(validate({})).toEqual({ email: 'Required Field', password: 'Required Field' })
    expect(validate({ email: 'not-an-email', password: 'x' })).toEqual({ email: 'must be a valid email' })
    expect(validate({ email: 'a@b.co', password: 'x' })).toEqual({})
  })

  it('gives the spec messages in Arabic', () => {
    const validate = zodValidator(resetPasswordBody, translatorFor('ar'))
    expect(validate({ token: 't', password: 'short', password_confirmation: 'short' })).toEqual({ password: 'يجب ألا يقل عن 8 أحرف' })
    expect(validate({ token: 't', password: 'LongEnough1!', password_confirmation: 'Other1!xx' })).toEqual({
      password_confirmation: 'كلمتا المرور غير متطابقتين',
    })
  })
})

describe('password strength', () => {
  it('checks length, lowercase, uppercase, digit and special character', () => {
    expect(passwordStrength('').passed).toBe(0)
    expect(
      passwordStrength('abcdefgh')
        .checks.filter((c) => c.passed)
        .map((c) => c.id),
    ).toEqual(['length', 'lowercase'])
    expect(passwordStrength('Abcdef1!')).toMatchObject({ passed: 5, level: 'strong' })
    expect(passwordStrength('Abcdefgh').level).toBe('fair')
    expect(passwordStrength('Abcdefg1').level).toBe('good')
  })
})
