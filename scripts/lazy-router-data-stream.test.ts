import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { lazyRouterDataStream } from './lazy-router-data-stream.ts'

const productionDir = join(import.meta.dirname, '..', 'node_modules', 'react-router', 'dist', 'production')

/** The document context as React Router builds it, with the encoder counted. */
const routerShape = `
	let encoded = 0
	const encodeViaTurboStream = (data) => { encoded++; return { stream: data } }
	const state = { loaderData: { root: 1 } }
	const request = { signal: 'signal' }
	const build = { entry: { module: { streamTimeout: 5000 } } }
	const serverMode = 'production'
	let entryContext = {
		manifest: 'manifest',
		serverHandoffStream: encodeViaTurboStream(
			state,
			request.signal,
			build.entry.module.streamTimeout,
			serverMode
		),
		renderMeta: {},
	}
	return { entryContext, state, encoded: () => encoded }
`

function run(code: string) {
	return new Function(code)() as { entryContext: Record<string, unknown>; state: unknown; encoded: () => number }
}

test('the installed React Router is rewritten, once, in each production file that builds the document context', () => {
	const rewritten = readdirSync(productionDir)
		.filter((name) => /\.m?js$/.test(name))
		.map((name) => lazyRouterDataStream(readFileSync(join(productionDir, name), 'utf8')))
		.filter((code) => code !== null)
	// One CommonJS and one ES module build of the same server runtime.
	expect(rewritten.length).toBeGreaterThanOrEqual(1)
	for (const code of rewritten) expect(code.match(/get serverHandoffStream\(\)/g)).toHaveLength(1)
})

test('the data is encoded the first time the stream is read, once, and not before', () => {
	const eager = run(routerShape)
	expect(eager.encoded()).toBe(1)

	const lazy = run(lazyRouterDataStream(routerShape)!)
	expect(lazy.encoded()).toBe(0)
	const stream = lazy.entryContext.serverHandoffStream
	expect(stream).toEqual({ stream: lazy.state })
	expect(lazy.entryContext.serverHandoffStream).toBe(stream)
	expect(lazy.encoded()).toBe(1)
	// React Router's error path spreads the context into a new one: the stream is still there.
	expect({ ...lazy.entryContext }.serverHandoffStream).toBe(stream)
})

test('a context that hides the stream, as a static page renders with, never encodes it', () => {
	const lazy = run(lazyRouterDataStream(routerShape)!)
	const withoutDataStream = Object.create(lazy.entryContext, { serverHandoffStream: { value: undefined } })
	expect(withoutDataStream.serverHandoffStream).toBeUndefined()
	expect(withoutDataStream.manifest).toBe('manifest')
	expect(lazy.encoded()).toBe(0)
})

test('code without the context is left alone; a context in an unknown shape fails the build', () => {
	expect(lazyRouterDataStream('export const unrelated = 1')).toBeNull()
	expect(() => lazyRouterDataStream('x = { serverHandoffStream: encodeViaTurboStream(otherState, signal) }')).toThrow(/expected one eager/)
	expect(() => lazyRouterDataStream(routerShape + routerShape)).toThrow(/found 2/)
})
