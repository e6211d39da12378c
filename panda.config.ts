import { defineConfig } from '@pandacss/dev'

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  globalCss: {
    'html, body': {
      fontFamily: 'body',
      bg: 'bg.canvas',
      color: 'fg.default',
      lineHeight: '1.6',
      WebkitFontSmoothing: 'antialiased',
    },
    // the Arabic interface draws with the Arabic face first (the tokens layer would win over a
    // redefined --fonts-body here, so the family itself is set)
    'html[lang=ar], html[lang=ar] body': { fontFamily: 'arabic' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
  },
  theme: {
    extend: {
      tokens: {
        fonts: {
          latin: { value: "'Inter', 'IBM Plex Sans Arabic', system-ui, sans-serif" },
          // Latin letters in the Arabic interface (an email, a code) use the system face: an Arabic
          // page downloads no Latin font
          arabic: { value: "'IBM Plex Sans Arabic', system-ui, sans-serif" },
          body: { value: "'Inter', 'IBM Plex Sans Arabic', system-ui, sans-serif" },
        },
        colors: {
          primary: {
            50: { value: '#eef5ff' },
            100: { value: '#d9e8ff' },
            200: { value: '#bcd7ff' },
            300: { value: '#8ebdff' },
            400: { value: '#5997fd' },
            500: { value: '#3372f8' },
            600: { value: '#1d54ed' },
            700: { value: '#1541da' },
            800: { value: '#1836b0' },
            900: { value: '#1a338b' },
          },
        },
      },
      semanticTokens: {
        colors: {
          'bg.canvas': { value: '#f4f6fa' },
          'bg.surface': { value: '#ffffff' },
          'bg.subtle': { value: '{colors.gray.50}' },
          'bg.muted': { value: '{colors.gray.100}' },
          'fg.default': { value: '{colors.gray.900}' },
          'fg.muted': { value: '{colors.gray.600}' },
          'fg.subtle': { value: '{colors.gray.500}' },
          'border.default': { value: '{colors.gray.200}' },
          'border.strong': { value: '{colors.gray.300}' },
          'danger.fg': { value: '{colors.red.700}' },
          'danger.bg': { value: '{colors.red.50}' },
          'success.fg': { value: '{colors.green.700}' },
          'success.bg': { value: '{colors.green.50}' },
          'accent.default': { value: '{colors.primary.600}' },
          'accent.emphasized': { value: '{colors.primary.700}' },
        },
      },
    },
  },
})
