import { defineEvent } from '../../lib/events'

/** A message of the public contact form was stored (in its transaction). */
export type ContactReceived = { messageId: number; name: string; at: Date }

/** Other modules react to a new message here (the notifications module tells the admins). */
export const contactReceived = defineEvent<ContactReceived>('contact.received')
