export type MessageTree = { [key: string]: unknown }

/**
 * One language's catalogue from its files: each file's top-level keys join the catalogue; a key
 * two files define is an error (a module would silently hide another's messages).
 */
export function mergeFiles(files: readonly { name: string; messages: MessageTree }[]): MessageTree {
  const out: MessageTree = {}
  const owner = new Map<string, string>()
  for (const { name, messages } of files) {
    for (const [key, value] of Object.entries(messages)) {
      const first = owner.get(key)
      if (first) throw new Error(`message key "${key}" is defined by both ${first} and ${name}`)
      owner.set(key, name)
      out[key] = value
    }
  }
  return out
}

/** A part of a language's catalogue from the files a glob found, merged in the order of their names. */
export const catalogueOf = (files: Record<string, MessageTree>): MessageTree =>
  mergeFiles(
    Object.keys(files)
      .sort()
      .map((name) => ({ name, messages: files[name] as MessageTree })),
  )
