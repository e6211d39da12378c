import { referralGroupsPaths } from '../contract/referral-code-groups'
import { callWithMessage } from './client'

/** `PUT referral-code-groups/{id}/vendors`: the vendors of these referral codes move into the group. */
export const addGroupVendors = (groupId: number, codes: string[]) =>
  callWithMessage<{ moved: number }>(referralGroupsPaths.vendors(groupId), { method: 'PUT', body: { referral_codes: codes } })
