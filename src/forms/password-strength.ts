import { PASSWORD_MIN } from '../contract/auth'

/** The five rules of the strength meter (spec section 5), in display order. */
const strengthRules = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN },
  { id: 'lowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'uppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'digit', test: (p: string) => /\p{Nd}/u.test(p) },
  { id: 'special', test: (p: string) => /[^\p{L}\p{Nd}\s]/u.test(p) },
] as const

type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong'

export function passwordStrength(password: string) {
  const checks = strengthRules.map((r) => ({ id: r.id, passed: r.test(password) }))
  const passed = checks.filter((c) => c.passed).length
  const level: StrengthLevel = passed <= 2 ? 'weak' : passed === 3 ? 'fair' : passed === 4 ? 'good' : 'strong'
  return { checks, passed, level }
}
