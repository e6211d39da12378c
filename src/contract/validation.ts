import type * as z from 'zod/mini'
import type { MessageRef } from './common'

/**
 * Maps a zod issue to a message of the catalogue (spec section 5). SPA and server both use it,
 * so a rule reads the same wherever it fails. Custom rules put their key in `message`.
 */
export function issueMessage(
  issue: z.core.$ZodIssue | { code: string; message: string; input?: unknown; [k: string]: unknown },
): MessageRef {
  const i = issue as Record<string, unknown> & { code: string; message: string; input?: unknown }
  // A rule that names its own catalogue key (`.regex(re, 'validation.phone')`) keeps it, whatever the code.
  if (typeof i.message === 'string' && i.message.startsWith('validation.')) return { key: i.message }
  switch (i.code) {
    case 'invalid_type':
      if (i.input === undefined || i.input === null || i.input === '') return { key: 'validation.required' }
      return { key: 'validation.type', values: { type: String(i.expected) } }
    case 'too_small':
    case 'too_big': {
      const small = i.code === 'too_small'
      const n = Number(i.minimum ?? i.maximum)
      const origin = String(i.origin)
      if (origin === 'string') {
        if (small && n === 1) return { key: 'validation.required' }
        if (i.exact) return { key: 'validation.stringLength', values: { n } }
        return { key: small ? 'validation.stringMin' : 'validation.stringMax', values: { n } }
      }
      if (origin === 'array' || origin === 'set') return { key: small ? 'validation.arrayMin' : 'validation.arrayMax', values: { n } }
      if (origin === 'date') return { key: small ? 'validation.dateMin' : 'validation.dateMax', values: { n } }
      return { key: small ? 'validation.numberMin' : 'validation.numberMax', values: { n } }
    }
    case 'invalid_format':
      // nothing typed is "required", not "not an email"
      if (i.input === '') return { key: 'validation.required' }
      if (i.format === 'email') return { key: 'validation.email' }
      if (i.format === 'url') return { key: 'validation.website' }
      return { key: 'validation.format' }
    case 'unrecognized_keys':
      return { key: 'validation.unknownField' }
    case 'invalid_value':
      // A missing enum/literal value is "required", not "not allowed" (needs the issue's input,
      // i.e. parse with `{ reportInput: true }`; without it the value is treated as present).
      if ('input' in i && (i.input === undefined || i.input === null || i.input === '')) return { key: 'validation.required' }
      return { key: 'validation.oneOf' }
    case 'custom':
      return i.message.startsWith('validation.') ? { key: i.message } : { key: 'validation.format' }
    default:
      return { key: 'validation.format' }
  }
}

/**
 * Field errors of a failed parse as `{ path: [MessageRef] }`; unknown keys are reported on each key.
 * The map has no prototype: a field may be named `constructor`, `toString` or `__proto__`.
 */
export function issuesByField(error: Pick<z.core.$ZodError, 'issues'>): Record<string, MessageRef[]> {
  const out: Record<string, MessageRef[]> = Object.create(null)
  for (const issue of error.issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? (issue as { keys: string[] }).keys.map((k) => [...issue.path.map(String), k].join('.'))
        : [issue.path.map(String).join('.') || '_']
    for (const key of keys) (out[key] ??= []).push(issueMessage(issue))
  }
  return out
}
