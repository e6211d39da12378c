/**
 * Support items (DOMAIN.md "Support"): a shipping issue goes from not resolved to resolved, a
 * shipping company request from not activated to activated, once. Doing it again is accepted and
 * changes nothing; anything else is refused. The supportItem chart's guards and the server's
 * actions both read this table.
 */

export type SupportKind = 'shippingIssue' | 'companyRequest'
export type SupportStatus = 'notResolved' | 'resolved' | 'notActivated' | 'activated'
export type SupportAction = 'resolve' | 'activate'

/** What an action does to an item: changes it, is accepted without effect, or is refused. */
export type SupportOutcome = 'apply' | 'noop' | 'refused'

type Step = { to: SupportStatus }

/** From each status, the actions allowed and where they lead (the same status: a no-op). */
const supportTransitions: Readonly<Record<SupportKind, Partial<Record<SupportStatus, Partial<Record<SupportAction, Step>>>>>> = {
  shippingIssue: {
    notResolved: { resolve: { to: 'resolved' } },
    resolved: { resolve: { to: 'resolved' } },
  },
  companyRequest: {
    notActivated: { activate: { to: 'activated' } },
    activated: { activate: { to: 'activated' } },
  },
}

/** What `action` does to an item of `kind` that stands at `from`. */
export function supportOutcome(kind: SupportKind, from: SupportStatus, action: SupportAction): SupportOutcome {
  const step = supportTransitions[kind][from]?.[action]
  if (!step) return 'refused'
  return step.to === from ? 'noop' : 'apply'
}

/** The status of a shipping issue or company request from its stored timestamp. */
export function supportStatusOf(kind: SupportKind, doneAt: string | Date | null): SupportStatus {
  if (kind === 'shippingIssue') return doneAt ? 'resolved' : 'notResolved'
  return doneAt ? 'activated' : 'notActivated'
}
