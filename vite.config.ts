import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The Fastify server (src/server/main.ts) the dev server forwards API, socket and upload calls to.
 * The Host header is kept (no changeOrigin) so the API sees the same origin as the page (its same-origin check).
 */
const apiTarget = 'http://localhost:5000';

/**
 * Modules kept out of the `common` chunk that the search and space pages load: what only the account
 * pages and forms use (reset password, verify email, unsubscribe) with their icons, and the checkbox
 * (Radix's, with its dependencies), which the space page does not show; the recurring series'
 * modules (features/booking-series), which come with the booking dialog and the profile; the image
 * upload, which only the listing wizard and the profile use; and the messages' people and times
 * (with date-fns' relative times and their locale), which the messages and profile pages use; and the
 * tabs (Radix's, with their dependencies), which only the profile and the operators' console show;
 * the static pages' titles and descriptions, which only those pages show; the certificate of
 * insurance's query and schema and the licence rules, which the profile, the booking dialog and the
 * space page's notices load when they are shown; the Report button and dialog, the console's
 * modules and their schemas (reports, overview, contact), which the pages load on demand; and saving
 * and geocoding a listing, which only the listing forms use; and the dialogs', the console's, the
 * messages', the bookings lists', the log in's and the payments' shared modules (and the state
 * outlines' topojson-client), which neither page uses before a tap; and the day of the stay's rules,
 * schemas and components (check-in, no-shows, the turnover checklist), which the profile and the
 * listing forms load; and the saved card, standing bookings and rescheduling, which only the profile shows.
 */
const NOT_COMMON =
  /[\\/]features[\\/]auth[\\/](api[\\/](email-verification|password-reset)|components[\\/](forgot-password-form|email-verification-notice|reset-password-form))|lucide-react.*[\\/](key-round|mail-check|mail-exclamation-point|mail-warning|mail-x|circle-check)\.|[\\/]components[\\/]ui[\\/]checkbox\.|[\\/]features[\\/]booking-series[\\/]|[\\/]lib[\\/]upload-image\.|[\\/]features[\\/]messages[\\/]lib[\\/]people\.|[\\/]components[\\/]ui[\\/]tabs\.|[\\/]shared[\\/]info-pages\.|[\\/]shared[\\/](schemas[\\/])?insurance\.|[\\/]components[\\/]licence-state-warning\.|[\\/]features[\\/]users[\\/]api[\\/]get-insurance-certificate\.|[\\/]features[\\/](reports|admin)[\\/]|[\\/]shared[\\/]schemas[\\/](reports|overview|contact)\.|lucide-react.*[\\/](flag|inbox)\.|[\\/]features[\\/]spaces[\\/]api[\\/](save-space|geocode-address)\.|[\\/]components[\\/]ui[\\/](states|use-return-focus|textarea|specialty-input)\.|[\\/]lib[\\/](public-config|live-events|people)\.|[\\/]shared[\\/]booking-lifecycle\.|[\\/]features[\\/]bookings[\\/](api[\\/]booking-calendar-file|components[\\/](booking-status-badge|add-to-calendar-link))\.|[\\/]features[\\/]messages[\\/](api[\\/]get-conversations?(-messages)?|components[\\/]hipaa-reminder)\.|[\\/]features[\\/]auth[\\/]api[\\/](login|use-start-session)\.|[\\/]features[\\/]payments[\\/]api[\\/]connect-account\.|[\\/]topojson-client[\\/]|[\\/]shared[\\/](stays|schemas[\\/](stays|turnover-checklist))\.|[\\/]features[\\/]stays[\\/]|lucide-react.*[\\/](user-x|clipboard-check)\.|[\\/]features[\\/](saved-cards|standing-bookings|reschedules)[\\/]|lucide-react.*[\\/](wallet|calendar-clock|credit-card)\./;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: the server reads it to preload each page's own chunks (src/server/pages/client-assets.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The password checker's dictionaries (about 1 MB, loaded when Sign up opens: src/shared/password.ts), one
            // chunk each rather than one of 1.2 MB: no chunk passes Vite's 500 kB warning, and they download side by side.
            {
              name: (id: string) =>
                /@zxcvbn-ts[\\/]language-\w+[\\/]dist[\\/](\w+)\.json\./.exec(id)?.[1]?.replace(/^/, 'passwords-') ?? null,
              debugName: 'passwords',
              priority: 1,
            },
            // Everything the entry loads, in one file rather than one per shared module (fewer requests
            // before the first paint).
            { name: 'app', tags: ['$initial'] },
            // Small modules that several pages share (icons, query hooks, UI bits), in one file: a page
            // loads its own chunk and this one, rather than a dozen tiny files.
            // Not what the search and space pages would load for nothing (NOT_COMMON; tests/unit/client-bundle.test.ts).
            {
              name: 'common',
              minShareCount: 2,
              maxModuleSize: 2048,
              test: (id: string) => /lucide-react|[\\/]src[\\/]/.test(id) && !NOT_COMMON.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
      '/uploads': { target: apiTarget },
    },
  },
});
