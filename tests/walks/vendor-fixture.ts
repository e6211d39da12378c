import type { Vendor } from '../../src/contract/vendors'

/** The vendor the payment walks open (Oud House on package 2), with what a walk needs changed. */
export const walkVendor = (id: number, changes: Partial<Vendor> = {}): Vendor => ({
  id,
  store_name: 'Oud House',
  company_name: 'Oud House Trading',
  commercial_registration: '1010101010',
  commercial_registration_expiry: null,
  phone: '+966500000001',
  email: 'oud@example.com',
  description: null,
  status: 'pending',
  package_id: 2,
  package_name: 'Growth yearly',
  subscription_expires_at: null,
  subdomain: 'oud-house',
  tax_no: null,
  marketplaces: [],
  utm_source: null,
  referral_code: 'ABCD2345',
  referred_by: null,
  version: 1,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  ...changes,
})
