import { defineEvent } from '../../lib/events'

/** A visitor completed the public registration: a new vendor (in the completion's transaction). */
export type VendorRegistered = { vendorId: number; storeName: string; at: Date }

/** Other modules react to a registration here (the notifications module tells the admins). */
export const vendorRegistered = defineEvent<VendorRegistered>('registration.completed')
