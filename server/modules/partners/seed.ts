import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Seeder } from '../../lib/context'
import { approvalOf } from '../vendors/events'
import { vendorPayments, vendors } from '../vendors/schema'
import { partnerPayouts, partnerReferrals, partners } from './schema'
import { creditReferrer, postEntry } from './wallet'

const DAY = 86_400_000
const PEOPLE: [string, string][] = [
  ['سارة العتيبي', 'Sara Alotaibi'],
  ['محمد القحطاني', 'Mohammed Alqahtani'],
  ['نورة الشهري', 'Noura Alshehri'],
  ['خالد الدوسري', 'Khalid Aldosari'],
  ['ريم الغامدي', 'Reem Alghamdi'],
  ['فهد المطيري', 'Fahad Almutairi'],
  ['هيا الزهراني', 'Haya Alzahrani'],
  ['عبدالله الحربي', 'Abdullah Alharbi'],
  ['لمى السبيعي', 'Lama Alsubaie'],
  ['تركي العنزي', 'Turki Alanazi'],
  ['جود الشمري', 'Joud Alshammari'],
  ['ماجد البقمي', 'Majed Albaqami'],
]
const PERCENTAGES = [5, 7.5, 10, 12.5, 15, 8]
const DUE_MONTHS = [3, 6, 12, 6, 9, 12]

/**
 * Twelve demo partners (two inactive), demo vendors that registered with their codes, the credits
 * the demo vendors' successful payments earned them and vendor referrers (through the same rule an
 * approval runs, in the order the payments were made), and payouts from the larger wallets. Runs
 * only on a database without partners.
 */
export const partnersSeeder: Seeder = {
  name: 'partners',
  async run({ db, clock, log }) {
    const [existing] = await db.select({ n: count() }).from(partners)
    if ((existing?.n ?? 0) > 0) return 0
    const now = clock()
    return db.transaction(async (tx) => {
      const made = await tx
        .insert(partners)
        .values(
          PEOPLE.map(([ar, en], i) => {
            const joined = new Date(now.getTime() - (400 - i * 20) * DAY)
            return {
              fullName: i % 2 === 0 ? ar : en,
              email: `partner${i + 1}@example.com`,
              phone: `+9665${String(40_000_000 + i * 101).slice(0, 8)}`,
              secondPhone: i % 3 === 0 ? `+9665${String(60_000_000 + i * 77).slice(0, 8)}` : null,
              commercialRegistration: i % 2 === 0 ? String(2_050_000_000 + i) : null,
              taxNo: i % 4 === 0 ? `3${String(200_000_000_000 + i).padStart(13, '0')}3` : null,
              referralCode: `PARTNER${String(i + 1).padStart(2, '0')}`,
              referralPercentage: PERCENTAGES[i % PERCENTAGES.length]!,
              referralDueMonths: DUE_MONTHS[i % DUE_MONTHS.length]!,
              isActive: i !== 7 && i !== 11,
              createdAt: joined,
              updatedAt: joined,
            }
          }),
        )
        .returning({ id: partners.id })
      // every fourth demo vendor that no vendor referred registered with a partner's code
      const candidates = await tx
        .select({ id: vendors.id, createdAt: vendors.createdAt })
        .from(vendors)
        .where(isNull(vendors.referredByVendorId))
        .orderBy(asc(vendors.id))
      const referred = candidates.filter((_, i) => i % 4 === 2)
      if (referred.length > 0)
        await tx
          .insert(partnerReferrals)
          .values(referred.map((v, i) => ({ vendorId: v.id, partnerId: made[i % 10]!.id, createdAt: v.createdAt, updatedAt: v.createdAt })))
      // the credits of the demo vendors' successful payments, as their approvals would have made them
      const paid = await tx
        .select()
        .from(vendorPayments)
        .where(eq(vendorPayments.status, 'Success'))
        .orderBy(asc(vendorPayments.paidAt), asc(vendorPayments.id))
      for (const payment of paid) {
        await creditReferrer(tx, approvalOf(payment))
      }
      // the larger wallets were partly paid out last week
      const rich = await tx
        .select({ id: partners.id, balance: partners.balance })
        .from(partners)
        .where(
          and(
            inArray(
              partners.id,
              made.map((p) => p.id),
            ),
          ),
        )
        .orderBy(asc(partners.id))
      let payouts = 0
      for (const [i, partner] of rich.entries()) {
        if (partner.balance < 5_000) continue
        const amount = Math.floor((partner.balance * 0.4) / 100) * 100
        const day = new Date(now.getTime() - (7 + i) * DAY).toISOString().slice(0, 10)
        const [payout] = await tx
          .insert(partnerPayouts)
          .values({
            partnerId: partner.id,
            paymentNo: `TRF-${day.replace(/-/g, '')}-${i + 1}`,
            amount,
            paidOn: day,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: partnerPayouts.id })
        await postEntry(tx, { partnerId: partner.id, kind: 'payout', amount: -amount, date: day, payoutId: payout!.id, at: now })
        payouts += 1
      }
      log.info({ partners: made.length, referred: referred.length, payouts }, 'demo partners, referrals, credits and payouts created')
      return made.length + referred.length + payouts
    })
  },
}
