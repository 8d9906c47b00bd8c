/**
 * Hydration after the first paint for page-cached pages (docs/decisions/012-hydrate-static-pages-after-load.md).
 *
 * React Router's <Scripts> emits a modulepreload link for every chunk and an
 * inline module script whose static imports fetch them at high priority, in
 * competition with the stylesheet and the hero image. On the pages the page
 * cache serves (no forms, nothing personal) the HTML is complete without
 * JavaScript, so the chunks can wait: the preload links are dropped and the
 * module script is parked as an inert `text/x-deferred-module` script that a
 * small starter inserts as a real module after the load event, or at once on
 * the visitor's first pointer, key, touch or focus.
 */

const modulePreloadLink = /<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g
const moduleScriptOpen = /<script nonce="([^"]*)" type="module" async="">/

export const deferredModuleType = 'text/x-deferred-module'

function starter(nonce: string): string {
	// Plain ES5 so it runs anywhere; `s.nonce` is readable even though the attribute is hidden after parsing.
	const code = `(function(){var done=false;function go(){if(done)return;var s=document.getElementById('rr-deferred');if(!s)return;done=true;var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m)}function later(){setTimeout(go,0)}if(document.readyState==='complete')later();else addEventListener('load',later);['pointerdown','keydown','touchstart','focusin'].forEach(function(t){addEventListener(t,go,{capture:true,passive:true})})})()`
	return `<script nonce="${nonce}">${code}</script>`
}

/** Rewrites a whole page; returns it unchanged when it does not carry React Router's module script. */
export function deferHydration(html: string): string {
	const open = moduleScriptOpen.exec(html)
	if (!open) return html
	const nonce = open[1]!
	const before = html.slice(0, open.index).replace(modulePreloadLink, '')
	const after = html.slice(open.index + open[0].length)
	return `${before}${starter(nonce)}<script nonce="${nonce}" type="${deferredModuleType}" id="rr-deferred">${after}`
}
