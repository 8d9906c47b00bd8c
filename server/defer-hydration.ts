/**
 * Hydration after the first paint for page-cached pages (docs/decisions/012-hydrate-static-pages-after-load.md
 * and 013-hydrate-in-small-tasks.md).
 *
 * React Router's <Scripts> emits a modulepreload link for every chunk and an
 * inline module script whose static imports fetch them at high priority, in
 * competition with the stylesheet and the hero image. On the pages the page
 * cache serves (no forms, nothing personal) the HTML is complete without
 * JavaScript, so the chunks can wait: the preload links are dropped and the
 * module script is parked as an inert `text/x-deferred-module` script that a
 * small starter brings to life after the load event, or at once on the
 * visitor's first pointer, key, touch or focus.
 *
 * After the load event the starter preloads every chunk in parallel, then
 * evaluates them one `import()` per task, framework first, and only then
 * inserts the module script, which hydrates. Evaluated in one go the chunks
 * are one long task that blocks input on a slow phone; one chunk per task
 * keeps each short. On an early interaction it inserts the script at once.
 */

const modulePreloadLink = /<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g
const moduleScriptOpen = /<script nonce="([^"]*)" type="module" async="">/
const chunkUrl = /"(\/assets\/[^"]+\.js)"/g
const routeModuleImport = /import \* as route\d+ from "(\/assets\/[^"]+\.js)"/g
const entryModule = /"entry":\s*\{\s*"module":\s*"(\/assets\/[^"]+\.js)"/
/** The framework chunks (vite.config.ts names them): the largest, and everything else depends on them. */
const frameworkChunk = /^\/assets\/(react|react-dom|router)-[^/]+\.js$/

/** The `imports` list that follows `"module": "<url>"` in React Router's inline manifest. */
function importsOf(moduleScript: string, url: string): string[] {
	const start = moduleScript.indexOf(`"module": "${url}"`)
	if (start === -1) return []
	const list = /^[^[\]]*?"imports":\s*\[([^\]]*)\]/.exec(moduleScript.slice(start))
	return list ? [...list[1]!.matchAll(chunkUrl)].map((match) => match[1]!) : []
}

export const deferredModuleType = 'text/x-deferred-module'

/**
 * The chunks to evaluate before hydration, in an order where each is evaluated after its
 * dependencies: framework chunks, then shared chunks, then route modules. The client entry is
 * left out: evaluating it starts hydration, which the module script does once the rest is ready.
 */
export function stagedChunks(moduleScript: string): string[] {
	const entry = entryModule.exec(moduleScript)?.[1]
	if (!entry) return []
	const routes = [...new Set([...moduleScript.matchAll(routeModuleImport)].map((match) => match[1]!))]
	const shared = [...new Set([entry, ...routes].flatMap((url) => importsOf(moduleScript, url)))].filter((url) => url !== entry && !routes.includes(url))
	return [...shared.filter((url) => frameworkChunk.test(url)), ...shared.filter((url) => !frameworkChunk.test(url)), ...routes]
}

function starter(nonce: string, chunks: string[]): string {
	// Plain ES5 apart from import(), which every browser with module scripts has. `s.nonce` is
	// readable even though the attribute is hidden after parsing; import() inherits the starter's nonce.
	const code = [
		'(function(){var done=false,chunks=',
		JSON.stringify(chunks).replace(/</g, '\\u003c'),
		";function parked(){return document.getElementById('rr-deferred')}",
		"function go(){if(done)return;var s=parked();if(!s)return;done=true;var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m)}",
		// Each modulepreload link costs about a millisecond of main thread on a phone, so they go in batches.
		'function staged(){var s=parked();if(done||!s)return;var j=0;',
		"(function preload(){if(done)return;for(var end=Math.min(j+4,chunks.length);j<end;j++){var l=document.createElement('link');l.rel='modulepreload';l.href=chunks[j];l.nonce=s.nonce;document.head.appendChild(l)}if(j<chunks.length)setTimeout(preload,0)})();",
		'var i=0;(function next(){if(done)return;if(i>=chunks.length)return go();import(chunks[i++]).then(function(){setTimeout(next,0)},go)})()}',
		"function later(){setTimeout(staged,0)}if(document.readyState==='complete')later();else addEventListener('load',later);",
		"['pointerdown','keydown','touchstart','focusin'].forEach(function(t){addEventListener(t,go,{capture:true,passive:true})})})()",
	].join('')
	return `<script nonce="${nonce}">${code}</script>`
}

/** Rewrites a whole page; returns it unchanged when it does not carry React Router's module script. */
export function deferHydration(html: string): string {
	const open = moduleScriptOpen.exec(html)
	if (!open) return html
	const nonce = open[1]!
	const before = html.slice(0, open.index).replace(modulePreloadLink, '')
	const after = html.slice(open.index + open[0].length)
	const moduleScript = after.slice(0, after.indexOf('</script>'))
	return `${before}${starter(nonce, stagedChunks(moduleScript))}<script nonce="${nonce}" type="${deferredModuleType}" id="rr-deferred">${after}`
}
