import { createHash, randomUUID } from 'node:crypto'

/**
 * The payment gateway the registration charges cards through. A real provider implements this
 * interface; until one is configured the built-in sandbox answers, and says so (`sandbox: true`).
 * Card data passes through `charge` and is never stored: only `last4` and `brand` come back.
 */

/** @public what a gateway provider receives */
export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string; holderName: string }

/** @public what a gateway provider receives */
export type ChargeRequest = {
  /** Halalas, VAT included. */
  amount: number
  currency: 'SAR'
  card: CardDetails
  /** What the charge is for (shown on the provider's side). */
  description: string
  /** The same key twice charges once (the draft's id and attempt). */
  idempotencyKey: string
}

type CardFacts = { last4: string; brand: string }

/** @public A gateway's answer: paid, declined (with a catalogue key), or a 3-D Secure challenge to complete. */
export type ChargeResult =
  | ({ status: 'succeeded'; transactionId: string } & CardFacts)
  | ({ status: 'declined'; reasonKey: string } & CardFacts)
  | ({ status: 'challenge'; challengeId: string } & CardFacts)

export interface PaymentGateway {
  readonly name: string
  /** True for a gateway that moves no money (its answers are labelled sandbox). */
  readonly sandbox: boolean
  charge(request: ChargeRequest): Promise<ChargeResult>
  /** Completes a 3-D Secure challenge with the code the card holder typed. */
  completeChallenge(challengeId: string, code: string, card: CardFacts): Promise<ChargeResult>
}

/** The sandbox's test cards (documented for the SPA and the tests). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  challenge: '4000000000003220',
} as const
/** The 3-D Secure code the sandbox accepts. */
export const SANDBOX_3DS_CODE = '1234'

function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  return 'card'
}

/** The Luhn check digit holds. */
export function luhnValid(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return number.length >= 12 && sum % 10 === 0
}

const sandboxId = (prefix: string, key: string) => `${prefix}_sandbox_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`

/**
 * The built-in sandbox: deterministic by card number. 4242 4242 4242 4242 pays, 4000 0000 0000 0002
 * is declined (insufficient funds), 4000 0000 0000 3220 asks for a 3-D Secure code (1234 passes);
 * any other number is declined as unknown to the sandbox.
 */
export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',
  sandbox: true,
  charge(request) {
    const facts = { last4: request.card.number.slice(-4), brand: cardBrand(request.card.number) }
    switch (request.card.number) {
      case SANDBOX_CARDS.success:
        return Promise.resolve({ status: 'succeeded', transactionId: sandboxId('ch', request.idempotencyKey), ...facts })
      case SANDBOX_CARDS.decline:
        return Promise.resolve({ status: 'declined', reasonKey: 'registration.declines.insufficientFunds', ...facts })
      case SANDBOX_CARDS.challenge:
        return Promise.resolve({
          status: 'challenge',
          challengeId: sandboxId('3ds', `${request.idempotencyKey}:${randomUUID()}`),
          ...facts,
        })
      default:
        return Promise.resolve({ status: 'declined', reasonKey: 'registration.declines.unknownTestCard', ...facts })
    }
  },
  completeChallenge(challengeId, code, card) {
    if (code.trim() === SANDBOX_3DS_CODE)
      return Promise.resolve({ status: 'succeeded', transactionId: sandboxId('ch', challengeId), ...card })
    return Promise.resolve({ status: 'declined', reasonKey: 'registration.declines.challengeFailed', ...card })
  },
}
