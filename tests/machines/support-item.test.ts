import { describe, expect, it } from 'vitest'
import { supportOutcome, supportStatusOf, type SupportAction, type SupportKind, type SupportStatus } from '../../src/domain/support'

/**
 * The shared rule of DOMAIN.md "Support" as a plain table: what the supportItem chart and the server
 * both read. The chart's paths are walked through the app (tests/walks/support-item.walk.test.tsx)
 * and the server (tests/server/support-walk.test.ts); this covers the rows no screen offers (the
 * other kind's action, statuses of the other kind), which both must refuse.
 */
describe('domain/support', () => {
  it('supportOutcome: applies once, repeats as a no-op, refuses the rest', () => {
    const table: [SupportKind, SupportStatus, SupportAction, string][] = [
      ['shippingIssue', 'notResolved', 'resolve', 'apply'],
      ['shippingIssue', 'resolved', 'resolve', 'noop'],
      ['shippingIssue', 'notResolved', 'activate', 'refused'],
      ['shippingIssue', 'resolved', 'activate', 'refused'],
      ['shippingIssue', 'notActivated', 'resolve', 'refused'],
      ['companyRequest', 'notActivated', 'activate', 'apply'],
      ['companyRequest', 'activated', 'activate', 'noop'],
      ['companyRequest', 'notActivated', 'resolve', 'refused'],
      ['companyRequest', 'activated', 'resolve', 'refused'],
      ['companyRequest', 'resolved', 'activate', 'refused'],
    ]
    for (const [kind, from, action, outcome] of table)
      expect([kind, from, action, supportOutcome(kind, from, action)]).toEqual([kind, from, action, outcome])
  })

  it('supportStatusOf: the status follows from the stored timestamp', () => {
    expect(supportStatusOf('shippingIssue', null)).toBe('notResolved')
    expect(supportStatusOf('shippingIssue', '2026-11-20T09:13:00.000Z')).toBe('resolved')
    expect(supportStatusOf('companyRequest', null)).toBe('notActivated')
    expect(supportStatusOf('companyRequest', new Date())).toBe('activated')
  })
})
