import { createHash, randomBytes } from 'node:crypto'
import { hash, parseOptions, verify, type Options } from '@node-rs/argon2'

/** A secret for a session or a reset link: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** Tokens are stored as their SHA-256 (hex): a database leak does not give usable tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')

/** argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane); argon2id is the library default. */
const PASSWORD_HASH_OPTIONS: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 }

export const hashPassword = (password: string): Promise<string> => hash(password, PASSWORD_HASH_OPTIONS)

let dummyHash: Promise<string> | undefined
/** A hash of nothing anyone knows, verified for unknown accounts so their answer takes as long. */
const getDummyHash = () => (dummyHash ??= hash(randomBytes(24).toString('base64url'), PASSWORD_HASH_OPTIONS))

/** Computes the dummy hash ahead of time, so the first unknown email is not slower than the rest. */
export async function warmUpPasswordHashing(): Promise<void> {
  await getDummyHash()
}

/**
 * Checks `password` against `storedHash`; with no stored hash (unknown account) it verifies a dummy
 * hash and answers false, so unknown and known accounts cost the same time.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await getDummyHash(), password).catch(() => false)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}

/** True when a stored hash was made with other parameters than today's (rehash it on sign-in). */
export function needsRehash(storedHash: string): boolean {
  try {
    const o = parseOptions(storedHash)
    return (
      o.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
      o.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
      o.parallelism !== PASSWORD_HASH_OPTIONS.parallelism ||
      o.algorithm !== 2
    )
  } catch {
    return false
  }
}

/** A strong generated password: 18 random bytes (base64url, 24 characters) plus a fixed mix of classes. */
export function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}aZ9!`
}
