// jsdom has no CSS.escape, which Zag's combobox uses to find its items; a browser always has it.
// The polyfill follows the CSSOM's "serialize an identifier".
if (typeof globalThis.CSS?.escape !== 'function') {
  const escape = (value: string) => {
    let out = ''
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i)
      const char = value.charAt(i)
      if (code === 0) out += '\uFFFD'
      else if (
        (code >= 0x1 && code <= 0x1f) ||
        code === 0x7f ||
        (i === 0 && code >= 0x30 && code <= 0x39) ||
        (i === 1 && code >= 0x30 && code <= 0x39 && value.charCodeAt(0) === 0x2d)
      )
        out += `\\${code.toString(16)} `
      else if (i === 0 && char === '-' && value.length === 1) out += `\\${char}`
      else if (code >= 0x80 || char === '-' || char === '_' || /[0-9A-Za-z]/.test(char)) out += char
      else out += `\\${char}`
    }
    return out
  }
  Object.defineProperty(globalThis, 'CSS', { value: { ...(globalThis.CSS ?? {}), escape }, configurable: true, writable: true })
}
