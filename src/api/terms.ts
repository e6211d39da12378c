import { termsPath, type TermsBody, type TermsCondition } from '../contract/terms'
import { call, callWithMessage } from './client'

/** `GET admin-panal/terms-conditions`: the record, or null before the first save. */
export const fetchTerms = async () => (await call<{ terms_condition: TermsCondition | null }>(termsPath)).terms_condition

/** `POST admin-panal/terms-conditions`: upserts the record (with its `version` once it exists). */
export async function saveTerms(body: TermsBody) {
  const { message, result } = await callWithMessage<{ terms_condition: TermsCondition }>(termsPath, { method: 'POST', body })
  return { message, record: result.terms_condition }
}
