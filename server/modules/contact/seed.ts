import { contactMessages } from './schema'
import type { Seeder } from '../../lib/context'

const DEMO = [
  {
    name: 'محمد العتيبي',
    email: 'mohammed@example.com',
    phone: '0501234567',
    subject: 'استفسار عن الباقات',
    message: 'ما الفرق بين الباقة القياسية والنخبة؟',
    read: true,
  },
  {
    name: 'Sarah Johnson',
    email: 'sarah.j@example.com',
    phone: null,
    subject: 'Partnership',
    message: 'We would like to discuss a partnership with your platform.',
    read: true,
  },
  {
    name: 'نورة القحطاني',
    email: 'noura@example.com',
    phone: '0559876543',
    subject: 'مشكلة في الدفع',
    message: 'تمت عملية الدفع ولم يتم تفعيل الاشتراك.',
    read: false,
  },
  {
    name: 'Omar Haddad',
    email: 'omar.h@example.com',
    phone: '+966512345678',
    subject: 'Shipping companies',
    message: 'Which shipping companies do you support in Jeddah?',
    read: false,
  },
  {
    name: 'خالد الشهري',
    email: 'khaled@example.com',
    phone: null,
    subject: 'طلب ميزة',
    message: 'نرجو إضافة تقارير أسبوعية للمبيعات.',
    read: false,
  },
  {
    name: 'Lina Aziz',
    email: 'lina@example.com',
    phone: null,
    subject: 'Account',
    message: 'I cannot sign in to my vendor account.',
    read: true,
  },
]

/** Demo contact messages (some read); only when there are none yet. */
export const contactSeeder: Seeder = {
  name: 'contact',
  async run({ db, clock, log }) {
    const [any] = await db.select({ id: contactMessages.id }).from(contactMessages).limit(1)
    if (any) return 0
    const now = clock().getTime()
    await db.insert(contactMessages).values(
      DEMO.map((m, index) => {
        const at = new Date(now - (DEMO.length - index) * 3_600_000)
        return {
          name: m.name,
          email: m.email,
          phone: m.phone,
          subject: m.subject,
          message: m.message,
          isRead: m.read,
          createdAt: at,
          updatedAt: at,
        }
      }),
    )
    log.info({ created: DEMO.length }, 'demo contact messages created')
    return DEMO.length
  },
}
