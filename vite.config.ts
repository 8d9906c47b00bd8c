import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { build as viteBuild, defineConfig, type Plugin } from 'vite'
import { lazyRouterDataStream } from './scripts/lazy-router-data-stream.ts'

const staticClientModule = 'virtual:static-client'
const clientAssetsDir = fileURLToPath(new URL('./build/client/assets', import.meta.url))

/**
 * app/static-client.ts, the one script of pages that ship no framework code (ADR 123), is built
 * on its own into one self-contained file once the client build is written: the static pages'
 * CSP trusts that file by its hash, and a hash does not extend to chunks it would import. The
 * server build learns its URL and hash from `virtual:static-client`. In development the URL is
 * null and those pages hydrate like any other.
 */
function staticClientEntry(): Plugin {
	let building = false
	return {
		name: 'static-client-entry',
		configResolved(config) {
			building = config.command === 'build'
		},
		async writeBundle() {
			if (!building || this.environment.name !== 'client') return
			await viteBuild({
				configFile: false,
				logLevel: 'warn',
				publicDir: false,
				build: {
					outDir: path.dirname(clientAssetsDir),
					emptyOutDir: false,
					modulePreload: false,
					rollupOptions: {
						input: { 'static-client': fileURLToPath(new URL('./app/static-client.ts', import.meta.url)) },
						output: { format: 'es', entryFileNames: 'assets/[name]-[hash].js' },
					},
				},
			})
		},
		resolveId(id) {
			return id === staticClientModule ? `\0${staticClientModule}` : undefined
		},
		load(id) {
			if (id !== `\0${staticClientModule}`) return undefined
			if (!building) return "export const staticClientUrl = null; export const staticClientIntegrity = ''"
			const file = fs.readdirSync(clientAssetsDir).find((name) => /^static-client-[\w-]+\.js$/.test(name))
			if (!file) throw new Error(`static-client: no static-client-*.js in ${path.relative(process.cwd(), clientAssetsDir)}; the client build must run first`)
			const integrity = `sha384-${crypto
				.createHash('sha384')
				.update(fs.readFileSync(path.join(clientAssetsDir, file)))
				.digest('base64')}`
			return `export const staticClientUrl = ${JSON.stringify(`/assets/${file}`)}; export const staticClientIntegrity = ${JSON.stringify(integrity)}`
		},
	}
}

/**
 * React Router's package exports only its development build, to Node and browsers alike, whatever
 * NODE_ENV says (remix-run/react-router#14102): there is no `production` condition for
 * `resolve.conditions` to pick, so a production server build swaps each `react-router` import the
 * bundler resolves into `dist/development/` for the same file in `dist/production/`, which the package
 * ships beside it (the two differ in `ENABLE_DEV_WARNINGS`). `npm run dev` keeps the development build
 * and its warnings; the browser keeps what the package gives it (its chunk is smaller that way, 126 KB
 * against 161 KB, and it already runs without the development checks). The build fails if the
 * production file is missing, so an upgrade that moves it cannot quietly ship the development build.
 */
function routerProductionBuildOnServer(): Plugin {
	return {
		name: 'router-production-build-on-server',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'ssr',
		enforce: 'pre',
		async resolveId(id, importer, options) {
			if (id !== 'react-router' && !id.startsWith('react-router/')) return undefined
			const resolved = await this.resolve(id, importer, { ...options, skipSelf: true })
			const development = `${path.sep}react-router${path.sep}dist${path.sep}development${path.sep}`
			if (!resolved || !resolved.id.includes(development)) return resolved
			const production = resolved.id.replace(development, `${path.sep}react-router${path.sep}dist${path.sep}production${path.sep}`)
			if (!fs.existsSync(production)) throw new Error(`router-production-build-on-server: ${production} is missing; see vite.config.ts`)
			return { ...resolved, id: production }
		},
	}
}

/** The router's data stream encoded only when read, in the production server build (scripts/lazy-router-data-stream.ts). */
function lazyRouterDataStreamOnServer(): Plugin {
	let rewritten = 0
	return {
		name: 'lazy-router-data-stream-on-server',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'ssr',
		transform(code, id) {
			if (!id.includes(`${path.sep}react-router${path.sep}dist${path.sep}`)) return undefined
			const lazy = lazyRouterDataStream(code)
			if (lazy === null) return undefined
			rewritten++
			return { code: lazy, map: null }
		},
		buildEnd(error) {
			if (!error && rewritten !== 1)
				throw new Error(`lazy-router-data-stream-on-server: rewrote React Router's document context ${rewritten} times, expected once; see vite.config.ts`)
		},
	}
}

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
							// No Radix group: the bundler adds a group's dependencies to it, and a `radix` group took
							// React's JSX runtime and React DOM's wrapper with it, so every hydrated page loaded all of
							// Radix (20 KiB gzip). Tooltips and dialogs now go with the pages that use them (ADR 123).
							if (
								/\/app\/(lib\/(dates|islands|money|seo|site|utils|errors|chunk-reload)\.ts|features\/catalog\/domain\/packages\.ts|features\/catalog\/components\/(faqs|package-card)\.tsx|components\/(breadcrumbs|error-page|prefetch|whatsapp-icon|nonce)\.tsx|components\/ui\/(button|img)\.tsx)$/.test(
									id,
								)
							)
								return 'site'
							return undefined
						},
					},
				},
			},
		},
		// The server build bundles our own server module (HTTP handler, start-up,
		// migrations, CLI) around React Router's build, so production runs plain JS.
		ssr: {
			// The router's production build inside the server bundle (routerProductionBuildOnServer),
			// with the one package that imports it, so there is one copy of the router and its contexts.
			resolve: { noExternal: ['react-router', '@react-router/node'] },
			build: { rollupOptions: { input: './server/app.ts' } },
		},
	},
	build: { assetsInlineLimit: 0 },
	plugins: [routerProductionBuildOnServer(), lazyRouterDataStreamOnServer(), tailwindcss(), reactRouter(), staticClientEntry()],
})
