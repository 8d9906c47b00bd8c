import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
	environments: {
		// The server build bundles our own server module (HTTP handler, start-up,
		// migrations, CLI) around React Router's build, so production runs plain JS.
		ssr: {
			build: { rollupOptions: { input: './server/app.ts' } },
		},
	},
	build: { assetsInlineLimit: 0 },
	plugins: [tailwindcss(), reactRouter()],
})
