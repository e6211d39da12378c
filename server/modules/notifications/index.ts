import { contactReceived } from '../contact/events'
import { vendorRegistered } from '../registration/events'
import { paymentPending } from '../vendors/events'
import { defineServerModule } from '../../lib/modules'
import { notificationsRoutes } from './routes'
import { notify, runNotificationChecks, storeNameOf } from './service'

export default defineServerModule({
  name: 'notifications',
  description:
    'What needs an admin’s attention (new vendors, payments awaiting approval, contact messages, support issues, expiring subscriptions): list, unread count, mark read, and a live stream.',
  routes: notificationsRoutes,
  reactions: [
    vendorRegistered.on((tx, event, deps) =>
      notify(deps, tx, { kind: 'vendor_registered', ref: { id: event.vendorId }, names: { name: event.storeName }, at: event.at }).then(
        () => {},
      ),
    ),
    paymentPending.on(async (tx, event, deps) => {
      await notify(deps, tx, {
        kind: event.resubmitted ? 'payment_resubmitted' : 'payment_pending',
        ref: { id: event.paymentId, vendor_id: event.vendorId },
        names: { name: await storeNameOf(tx, event.vendorId) },
        at: event.at,
      })
    }),
    contactReceived.on((tx, event, deps) =>
      notify(deps, tx, { kind: 'contact_request', ref: { id: event.messageId }, names: { name: event.name }, at: event.at }).then(() => {}),
    ),
  ],
  housekeeping: runNotificationChecks,
})
