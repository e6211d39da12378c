import { PASSWORD_STRENGTH_RULES } from '../contract/auth'

const strengthRules = PASSWORD_STRENGTH_RULES

type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong'

export function passwordStrength(password: string) {
  const checks = strengthRules.map((r) => ({ id: r.id, passed: r.test(password) }))
  const passed = checks.filter((c) => c.passed).length
  const level: StrengthLevel = passed <= 2 ? 'weak' : passed === 3 ? 'fair' : passed === 4 ? 'good' : 'strong'
  return { checks, passed, level }
}
