import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Locale } from '../src/contract/common'
import { t } from './i18n'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
}

/** Sends one message. Implementations: the outbox (default), SMTP, or an in-memory one in tests. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

type MailLog = { info: (obj: object, msg: string) => void }

/**
 * The default transport: each message is one JSON file `outbox/<time>-<random>.json` holding
 * `{ to, subject, text, html, date }`. The time is ISO 8601 with `:` written as `-` (valid file names
 * everywhere, same sort order). Files are written then renamed, so a reader never sees half a file.
 * Only the recipient and subject are logged: the body holds a secret link.
 */
export function createOutboxMailer(dir: string, log?: MailLog): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true })
      const date = new Date().toISOString()
      const name = `${date.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`
      const file = join(dir, name)
      const body = JSON.stringify({ ...message, date }, null, 2)
      await writeFile(`${file}.tmp`, body, { mode: 0o600 })
      await rename(`${file}.tmp`, file)
      log?.info({ to: message.to, subject: message.subject, file: name }, 'mail written to the outbox')
    },
  }
}

/** Real SMTP through nodemailer (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465`). */
export function createSmtpMailer(smtpUrl: string, from: string, log?: MailLog): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
      log?.info({ to: message.to, subject: message.subject }, 'mail sent')
    },
  }
}

/** Keeps sent messages in memory (tests). */
export function createMemoryMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = []
  return {
    messages,
    async send(message) {
      messages.push(message)
    },
  }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** The password reset mail, in the recipient's language. */
export function resetPasswordMail(locale: Locale, to: string, name: string, link: string): MailMessage {
  const greeting = t(locale, 'mail.resetGreeting', { name })
  const body = t(locale, 'mail.resetBody')
  const ignore = t(locale, 'mail.resetIgnore')
  const dir = locale === 'ar' ? 'rtl' : 'ltr'
  return {
    to,
    subject: t(locale, 'mail.resetSubject'),
    text: `${greeting}\n\n${body}\n${link}\n\n${ignore}\n`,
    html:
      `<!doctype html><html lang="${locale}" dir="${dir}"><body>` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${escapeHtml(ignore)}</p></body></html>`,
  }
}

/**
 * Sends mail after the response: a slow or failing SMTP server must not slow down or fail a request
 * (nor reveal, by timing, that an account exists). `drain()` waits for what is in flight (tests, close).
 */
export class MailQueue {
  readonly #mailer: Mailer
  readonly #log: { error: (obj: object, msg: string) => void } | undefined
  readonly #pending = new Set<Promise<void>>()

  constructor(mailer: Mailer, log?: { error: (obj: object, msg: string) => void }) {
    this.#mailer = mailer
    this.#log = log
  }

  enqueue(message: MailMessage): void {
    this.enqueueComposed(async () => message)
  }

  /**
   * Runs `compose` after the current request has been answered, then sends the mail it gives (none
   * for null). What the mail needs written (a reset token) is written there, so a request that mails
   * and one that does not take the same time to answer.
   */
  enqueueComposed(compose: () => Promise<MailMessage | null>): void {
    let message: MailMessage | null = null
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(compose)
      .then((composed) => {
        message = composed
        return composed ? this.#mailer.send(composed) : undefined
      })
      .catch((error: unknown) => {
        this.#log?.error(
          { to: message?.to, subject: message?.subject, err: error instanceof Error ? error.message : String(error) },
          'mail could not be sent',
        )
      })
      .finally(() => this.#pending.delete(job))
    this.#pending.add(job)
  }

  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending])
  }
}
