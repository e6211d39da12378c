import type { FastifySchemaCompiler } from 'fastify'
import type { z } from 'zod'
import { $ZodType, safeParse } from 'zod/v4/core'

/** A request part that failed its zod schema; the error handler turns it into a 422 with field errors. */
export class RequestValidationError extends Error {
  readonly zodError: z.ZodError
  readonly part: string
  constructor(zodError: z.ZodError, part: string) {
    super('Request validation failed')
    this.name = 'RequestValidationError'
    this.zodError = zodError
    this.part = part
  }
}

/**
 * Like fastify-type-provider-zod's `validatorCompiler`, but keeps the ZodError so the field messages
 * come from the contract's `issuesByField`. A missing body is validated as `{}`, so each required
 * field is reported by name instead of one error for the whole body.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data
    // reportInput: the contract's issueMessage tells "missing" from "wrong type" by the input.
    const result = safeParse(schema, input, { reportInput: true })
    if (result.error) {
      return { error: new RequestValidationError(result.error as unknown as z.ZodError, httpPart ?? 'body') }
    }
    return { value: result.data }
  }
