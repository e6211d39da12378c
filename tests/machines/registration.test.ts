import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { referralCodeOf, registrationMachine, utmOf } from '../../src/machines/registration'

describe('the registration landing address', () => {
  it('gives the utm_* values and the referral code of a shared link', () => {
    expect(utmOf('?utm_source=instagram&utm_campaign=ramadan&other=1')).toEqual({ utm_source: 'instagram', utm_campaign: 'ramadan' })
    expect(referralCodeOf('?referral_code=%20AB12CD%20')).toBe('AB12CD')
    expect(referralCodeOf('?referral_code=')).toBeUndefined()
    expect(referralCodeOf('')).toBeUndefined()
  })

  it('fills step 1 with the shared referral code; a resumed registration keeps its own', () => {
    const start = (input: object) => createActor(registrationMachine, { input }).getSnapshot().context.values.referral_code
    expect(start({ referralCode: 'AB12CD' })).toBe('AB12CD')
    expect(start({})).toBe('')
    expect(start({ referralCode: 'AB12CD', saved: { token: 't', step: 'package', values: { referral_code: 'ZZ99' }, utm: {} } })).toBe(
      'ZZ99',
    )
  })
})
