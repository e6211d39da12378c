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

/** NUL and unpaired UTF-16 surrogates: no text field holds them, and PostgreSQL's text and JSON refuse them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
export const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/** Issues for every string (value or key) of `input` that holds unstorable characters, by path. */
function unstorableText(input: unknown): { code: 'custom'; message: string; path: PropertyKey[] }[] {
  const issues: { code: 'custom'; message: string; path: PropertyKey[] }[] = []
  const visit = (value: unknown, path: PropertyKey[], depth: number) => {
    if (typeof value === 'string') {
      if (unstorable(value)) issues.push({ code: 'custom', message: 'validation.characters', path })
    } else if (value && typeof value === 'object' && depth < 32) {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key))
          issues.push({ code: 'custom', message: 'validation.characters', path: [...path, key.replace(/[^\x20-\x7e]/gu, '?')] })
        else visit(item, [...path, key], depth + 1)
      }
    }
  }
  visit(input, [], 0)
  return issues
}

/**
 * Validates one part of a request (body, querystring, params) against its zod schema. Text holding
 * NUL bytes or lone surrogates is refused first, field by field. A missing body is validated as `{}`,
 * so each required field is reported by name instead of one error for the whole body.
 */
export function parseRequestPart(schema: $ZodType, data: unknown, part: string): { value: unknown } | { error: RequestValidationError } {
  const input = part === 'body' && (data === undefined || data === null) ? {} : data
  const unreadable = unstorableText(input)
  if (unreadable.length > 0) return { error: new RequestValidationError({ issues: unreadable } as unknown as z.ZodError, part) }
  // reportInput: the contract's issueMessage tells "missing" from "wrong type" by the issue's input.
  const result = safeParse(schema, input, { reportInput: true })
  if (result.error) return { error: new RequestValidationError(result.error as unknown as z.ZodError, part) }
  return { value: result.data }
}

/** Like fastify-type-provider-zod's `validatorCompiler`, but the field messages come from the contract's `issuesByField`. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) =>
    parseRequestPart(schema, data, httpPart ?? 'body')
