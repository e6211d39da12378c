import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './build/precompress'
import { preloadFont } from './build/preload-font'
import { stripChartDescriptions } from './build/strip-descriptions'
import { subsetFonts } from './build/subset-fonts'

const subsetFontsDir = fileURLToPath(new URL('./node_modules/.cache/subset-fonts', import.meta.url))
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [
    react(),
    stripChartDescriptions(),
    subsetFonts({ cssFile: fileURLToPath(new URL('./src/index.css', import.meta.url)), outDir: subsetFontsDir }),
    // Arabic is the default language: its regular face is the one the first screen needs
    preloadFont(/ibm-plex-sans-arabic-arabic-400-normal-[\w-]+\.woff2$/),
    precompress(),
  ],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname, 'subset-fonts': subsetFontsDir } },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // everything the first screen needs before any route loads (React, the router, i18n, the
        // charts, the shell) is one file: one request instead of a dozen small shared chunks
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // what screens ask of the router: in the start, for the public page and the app alike
            { name: 'boot', test: /src\/views\/shared\/router-ports\.ts$/, priority: 2 },
            // the admin app's router with what only it needs: one more file, never fetched by a public page
            { name: 'router', test: /node_modules\/react-router|src\/app\/router\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
})
