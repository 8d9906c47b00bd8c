import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
	environments: {
		// Framework code in its own chunks, so the hydration starter (server/defer-hydration.ts)
		// can evaluate it in separate tasks instead of one long one (ADR 013).
		client: {
			build: {
				rollupOptions: {
					output: {
						manualChunks(id) {
							if (/node_modules\/(react-dom|scheduler)\//.test(id)) return 'react-dom'
							if (/node_modules\/react\//.test(id)) return 'react'
							if (/node_modules\/react-router\//.test(id)) return 'router'
							// Icons and the small modules every public page uses: a few requests instead of twenty.
							if (/node_modules\/lucide-react\//.test(id)) return 'icons'
							if (/node_modules\/(radix-ui|@radix-ui|@floating-ui)\//.test(id)) return 'radix'
							if (/\/app\/(lib\/(dates|islands|money|seo|site|utils|errors|chunk-reload)\.ts|domain\/catalog\/packages\.ts|components\/(breadcrumbs|error-page|faqs|package-card|prefetch|whatsapp-icon|nonce)\.tsx|components\/ui\/(button|img)\.tsx)$/.test(id)) return 'site'
							return undefined
						},
					},
				},
			},
		},
		// The server build bundles our own server module (HTTP handler, start-up,
		// migrations, CLI) around React Router's build, so production runs plain JS.
		ssr: {
			build: { rollupOptions: { input: './server/app.ts' } },
		},
	},
	build: { assetsInlineLimit: 0 },
	plugins: [tailwindcss(), reactRouter()],
})
