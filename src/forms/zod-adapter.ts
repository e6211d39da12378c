import { setIn } from 'final-form'
import type * as z from 'zod/mini'
import { type MessageRef } from '../contract/common'
import { issueMessage } from '../contract/validation'

export type Translate = (ref: MessageRef) => string

/**
 * Turns a zod schema of the contract into a final-form `validate` function, so the SPA checks
 * exactly what the server checks, with the messages of spec section 5.
 */
export function zodValidator<S extends z.ZodMiniType>(schema: S, translate: Translate) {
  return (values: unknown) => {
    const parsed = schema.safeParse(values, { reportInput: true })
    if (parsed.success) return {}
    let errors: object = {}
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.')
      if (!path || issue.code === 'unrecognized_keys') continue
      const current = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors)
      if (current === undefined) errors = setIn(errors, path, translate(issueMessage(issue)))
    }
    return errors
  }
}
