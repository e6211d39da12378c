import { describe, expect, it } from 'vitest'
import type { Admin } from '../../src/contract/auth'
import { isAdmin, isBusy, isGuest, isUser, sessionMachine, type SessionContext } from '../../src/machines/session'

/**
 * The session chart's selectors (the chart itself is walked through the app in
 * tests/walks/session.walk.test.tsx): who is signed in, and which calls block the screen.
 */

const admin: Admin = {
  id: 1,
  name: 'Admin',
  email: 'admin@example.com',
  avatar: null,
  locale: 'en',
  user_type: 'primary',
  is_active: true,
  last_login_at: null,
  permissions: [],
}
const none: SessionContext = { identity: null, token: null, admin: null, user: null, error: null, errors: {}, ended: null }
const at = (value: Parameters<typeof sessionMachine.resolveState>[0]['value'], context: Partial<SessionContext> = {}) =>
  sessionMachine.resolveState({ value, context: { ...none, ...context } })

describe('session selectors', () => {
  const asAdmin = { identity: 'admin' as const, token: 't', admin }
  const asUser = { identity: 'user' as const, token: 't' }

  it('an admin or an end user is signed in, also while the token is re-checked in the background', () => {
    for (const value of [{ signedIn: 'idle' }, { signedIn: { revalidating: 'admin' } }] as const) {
      expect(isAdmin(at(value, asAdmin))).toBe(true)
      expect(isUser(at(value, asAdmin))).toBe(false)
      expect(isUser(at(value, asUser))).toBe(true)
      expect(isAdmin(at(value, asUser))).toBe(false)
      expect(isBusy(at(value, asAdmin))).toBe(false)
    }
  })

  it('a stored identity is nobody until its check succeeds', () => {
    const checking = at({ verifying: 'admin' }, asAdmin)
    expect(isAdmin(checking)).toBe(false)
    expect(isGuest(checking)).toBe(false)
    expect(isBusy(checking)).toBe(true)
  })

  it('blocking calls: the start-up check, signing in, registering, signing out', () => {
    expect(isBusy(at({ signingIn: 'admin' }))).toBe(true)
    expect(isBusy(at('registering'))).toBe(true)
    expect(isBusy(at('signingOut', asAdmin))).toBe(true)
    expect(isBusy(at('signedOut'))).toBe(false)
    expect(isGuest(at('signedOut'))).toBe(true)
  })
})
