/**
 * The production server entry. Vite bundles this file (with React Router's
 * server build, migrations and the CLI) into build/server/index.js, which
 * server/start.js runs. Nothing here is loaded in development.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createRequestHandler, RouterContextProvider } from 'react-router'
import * as build from 'virtual:react-router/server-build'
import { setBuildVersion } from '../app/server/build-info.server.ts'
import { closeDatabase, db, initDatabase } from '../app/server/db/index.server.ts'
import { env, parseEnv } from '../app/server/env.server.ts'
import { logger } from '../app/server/logger.server.ts'
import { setPublicDir } from '../app/server/paths.server.ts'
import { createOrPromoteOwner } from '../app/server/identity/accounts.server.ts'
import { currentPublicPagesGeneration, onPublicPagesChanged } from '../app/server/page-cache-signal.server.ts'
import { requestInfoContext, resolveClientAddress } from '../app/server/request-context.ts'
import { demoAccounts, isDatabaseEmpty, seedDemoData } from '../app/server/seed/index.server.ts'
import { defaultBodyLimits } from './body-limit.ts'
import { optionValue, readPassword } from './cli.ts'
import { createListener, type FetchHandler } from './http.ts'
import { PageCache } from './page-cache.ts'
import { createPageCacheLayer } from './page-cache-layer.ts'
import { indexStaticFiles } from './static-files.ts'

const buildRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const clientDir = path.join(buildRoot, 'client')

async function prepare() {
	const config = parseEnv()
	setPublicDir(clientDir)
	setBuildVersion(build.assets.version)
	await initDatabase(config.DATABASE_URL)
	return config
}

async function maybeSeed(force: boolean) {
	const config = env()
	const allowed = config.NODE_ENV !== 'production' || config.SEED_DEMO_DATA
	if (force && !allowed) throw new Error('Refusing to load demo data with NODE_ENV=production; set SEED_DEMO_DATA=true to insist.')
	if (!allowed) return
	if (force || (await isDatabaseEmpty(db()))) {
		const summary = await seedDemoData(db())
		logger.info({ msg: 'demo data loaded', ...summary })
		if (summary.accounts) {
			logger.info({ msg: 'demo sign-ins (local use only)', accounts: demoAccounts.map(({ email, password, role }) => ({ email, password, role })) })
		}
	}
}

async function serve() {
	const config = await prepare()
	await maybeSeed(false)
	const handle = createRequestHandler(build, config.NODE_ENV)
	const render: FetchHandler = (request, info) => {
		const context = new RouterContextProvider()
		context.set(requestInfoContext, {
			requestId: info.requestId,
			startedAt: Date.now(),
			nonce: info.nonce,
			clientAddress: resolveClientAddress(info.clientAddress, request.headers.get('x-forwarded-for'), config.TRUST_PROXY),
		})
		return handle(request, context)
	}
	const pageCache = new PageCache({ maxEntries: 2000, maxBodyBytes: 512 * 1024, ttlMs: 10 * 60 * 1000 })
	const cacheLayer = createPageCacheLayer(pageCache, render)
	onPublicPagesChanged((generation) => pageCache.invalidate(generation))
	// Other instances' changes arrive through the database within two seconds.
	const generationPoll = setInterval(async () => {
		try {
			const generation = await currentPublicPagesGeneration(db())
			if (generation !== pageCache.currentGeneration) pageCache.invalidate(generation)
		} catch (error) {
			logger.warn({ msg: 'page cache generation check failed', error })
		}
	}, 2000)
	generationPoll.unref()
	pageCache.invalidate(await currentPublicPagesGeneration(db()))

	const errorPageFile = path.join(clientDir, '500.html')
	const listener = createListener({
		handler: cacheLayer.handler,
		serveFromCache: cacheLayer.serveHit,
		staticFiles: indexStaticFiles(clientDir),
		production: config.NODE_ENV === 'production',
		logRequests: config.LOG_REQUESTS,
		bodyLimits: defaultBodyLimits,
		errorPageHtml: fs.existsSync(errorPageFile) ? fs.readFileSync(errorPageFile, 'utf8') : '<h1>500 Internal Server Error</h1>',
	})
	const server = http.createServer(listener)
	server.keepAliveTimeout = 65_000
	server.listen(config.PORT, config.HOST, () => {
		logger.info({ msg: `listening on http://localhost:${config.PORT}`, database: config.DATABASE_URL.startsWith('file:') ? 'sqlite' : 'postgres' })
	})

	// Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
	let stopping = false
	const shutdown = (signal: string) => {
		if (stopping) return
		stopping = true
		logger.info({ msg: `${signal} received, shutting down` })
		const force = setTimeout(() => process.exit(1), 10_000)
		force.unref()
		server.close(async () => {
			await closeDatabase()
			process.exit(0)
		})
		server.closeIdleConnections()
	}
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

/** For benchmarks: the request handler in-process, after the same start-up as the server. */
export async function createInProcessHandler() {
	const config = await prepare()
	await maybeSeed(false)
	const handle = createRequestHandler(build, config.NODE_ENV)
	return (request: Request) => {
		const context = new RouterContextProvider()
		context.set(requestInfoContext, { requestId: 'bench', startedAt: Date.now(), clientAddress: '127.0.0.1' })
		return handle(request, context)
	}
}

/**
 * `npm run create-owner -- --email you@example.com [--name "Your Name"]`:
 * creates the first owner, or promotes an existing account and sets its
 * password. The password comes from standard input or a terminal prompt.
 */
async function createOwner(argv: string[]) {
	const email = optionValue(argv, '--email')
	if (!email) throw new Error('Usage: npm run create-owner -- --email you@example.com [--name "Your Name"]  (the password is asked for, or read from standard input)')
	const password = await readPassword()
	await prepare()
	try {
		const { user, created } = await createOrPromoteOwner(db(), { email, password, displayName: optionValue(argv, '--name') })
		process.stdout.write(
			created
				? `Created owner ${user.email}. Sign in at /admin/login.\n`
				: `${user.email} is now an owner with the new password; every session it had was signed out.\n`,
		)
	} finally {
		await closeDatabase()
	}
}

/** Called by server/start.js with the command-line arguments. */
export async function main(argv: string[]) {
	if (argv.includes('--create-owner')) {
		await createOwner(argv)
		return
	}
	if (argv.includes('--seed-only')) {
		await prepare()
		await maybeSeed(true)
		await closeDatabase()
		return
	}
	await serve()
}
