// The floor for any Node server: node's own http module writing a stored header list and a stored
// body, nothing else. The throughput bench runs it beside our server and nginx on the same
// responses, so "ours / floor" shows what our code costs and "floor / nginx" what Node itself does.
// Usage: node bench/node-floor.mjs <port> <folder written by the bench>
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

const [port, root] = [Number(process.argv[2]), process.argv[3]]
/** { "/path": { identity: [flat header list], br: [...] } }, as our server sent them. */
const headers = JSON.parse(fs.readFileSync(path.join(root, 'headers.json'), 'utf8'))
const responses = new Map()
for (const [pathname, byEncoding] of Object.entries(headers)) {
	const file = pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`
	responses.set(pathname, {
		identity: { headers: byEncoding.identity, body: fs.readFileSync(path.join(root, 'identity', file)) },
		br: { headers: byEncoding.br, body: fs.readFileSync(path.join(root, 'br', file)) },
	})
}
http
	.createServer((req, res) => {
		const response = responses.get(req.url)
		if (!response) {
			res.writeHead(404).end()
			return
		}
		const { headers: list, body } = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') ? response.br : response.identity
		res.writeHead(200, list)
		res.end(body)
	})
	.listen(port, '127.0.0.1')
