// Draws stylised illustrated "photos" of the Andaman Islands as SVG and renders
// them to JPEG with sharp, so the demo site has imagery without stock photos.
// Deterministic: each scene gets its own PRNG seeded from its name.
// Usage: node scripts/generate-demo-images.mjs [outputDir]   (default public/images)
// Set ONLY=name1,name2 to re-render just those scenes while iterating.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

/** @typedef {[number, number]} Pt */
/** @typedef {Record<string, any>} Opts */
/** @typedef {string | [number, string] | [number, string, number]} Stop */

const W = 1600,
	H = 1000
/** Shared palette: emerald, teal, sand, coral. */
const C = {
	emerald: '#1f7a4d',
	emeraldD: '#0f4a35',
	leaf: '#2e8b57',
	leafL: '#5cb86f',
	teal: '#138a8a',
	turq: '#3fd0c9',
	turqL: '#9be9dd',
	sand: '#f6e7c6',
	coral: '#ff6f61',
	trunk: '#8d6c4a',
	trunkD: '#5d4630',
}

// ---------- core: PRNG, ids, gradients, filters ----------
/** mulberry32 PRNG. @param {number} a */
const mulberry32 = (a) => () => {
	a = (a + 0x6d2b79f5) | 0
	let t = Math.imul(a ^ (a >>> 15), 1 | a)
	t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
	return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
/** FNV-1a string hash, used as the per-scene seed. @param {string} s */
const hash = (s) => [...s].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261) >>> 0
let R = mulberry32(1),
	UID = 0
let DEFS = /** @type {string[]} */ ([]),
	blurs = /** @type {Map<number, string>} */ (new Map())
/** @param {string} name */
function reset(name) {
	R = mulberry32(hash(name))
	DEFS = []
	UID = 0
	blurs = new Map()
}
const rnd = (a = 0, b = 1) => a + (b - a) * R()
/** @template T @param {T[]} a @returns {T} */
const pick = (a) => /** @type {T} */ (a[Math.floor(R() * a.length)])
/** @param {number} n */
const f = (n) => Math.round(n * 10) / 10
/** @param {Pt[]} pts */
const P = (pts) => pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)},${f(y)}`).join('')
/** @param {Pt[]} pts @param {number} dx @param {number} dy @returns {Pt[]} */
const shift = (pts, dx, dy) => pts.map(([x, y]) => [x + dx, y + dy])
/** Join n generated strings. @param {number} n @param {(i: number) => string} fn */
const rep = (n, fn) => Array.from({ length: n }, (_, i) => fn(i)).join('')
/** Circle / ellipse as a sub-path, so many can share one <path>. @param {number} x @param {number} y @param {number} r */
const circ = (x, y, r, ry = r) => `M${f(x - r)},${f(y)}a${f(r)},${f(ry)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(ry)} 0 1,0 ${f(-2 * r)},0Z`
/** Add a <defs> entry and return its url(). @param {string} prefix @param {(id: string) => string} make */
function def(prefix, make) {
	const id = `${prefix}${++UID}`
	DEFS.push(make(id))
	return `url(#${id})`
}
/** @param {Stop[]} stops */
const stopsXml = (stops) =>
	stops
		.map((s, i) => {
			const [o, c, op = 1] = typeof s === 'string' ? [i / Math.max(1, stops.length - 1), s] : s
			return `<stop offset="${f(o * 1000) / 1000}" stop-color="${c}"${op < 1 ? ` stop-opacity="${op}"` : ''}/>`
		})
		.join('')
/** Linear gradient (vertical by default, bounding-box units). @param {Stop[]} stops */
const lin = (stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1) =>
	def('l', (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`)
/** @param {Stop[]} stops */
const rad = (stops, cx = 0.5, cy = 0.5, r = 0.5) =>
	def('r', (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}</radialGradient>`)
/** @param {string} d */
const clip = (d, rule = 'nonzero') => def('c', (id) => `<clipPath id="${id}"><path d="${d}" clip-rule="${rule}"/></clipPath>`)
/** Gaussian blur filter, shared per radius. @param {number} sd */
function blur(sd) {
	if (!blurs.has(sd))
		blurs.set(
			sd,
			def('b', (id) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`),
		)
	return blurs.get(sd) ?? ''
}
/** Soft film grain over the whole frame. */
const grain = (op = 0.07) =>
	`<rect width="${W}" height="${H}" opacity="${op}" filter="${def('n', (id) => `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.75" numOctaves="2" seed="3"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -1.4 1.05"/></filter>`)}"/>`
const vignette = (op = 0.3, col = '#001820') =>
	`<rect width="${W}" height="${H}" fill="${rad(
		[
			[0.55, col, 0],
			[1, col, op],
		],
		0.5,
		0.5,
		0.75,
	)}"/>`

// ---------- shapes & landscape helpers ----------
function noise1() {
	const a = rnd(0, 9),
		b = rnd(0, 9),
		c = rnd(0, 9)
	return (/** @type {number} */ x) => Math.sin(x * 1.3 + a) * 0.5 + Math.sin(x * 3.1 + b) * 0.3 + Math.sin(x * 7.7 + c) * 0.2
}
/** Wobbly polyline between two points. @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1 */
function wob(x0, y0, x1, y1, amp = 6, step = 16) {
	const n = Math.max(2, Math.round(Math.hypot(x1 - x0, y1 - y0) / step))
	const nz = noise1()
	const pts = /** @type {Pt[]} */ ([])
	for (let i = 0; i <= n; i++) pts.push([x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n + amp * nz((i / n) * 8)])
	return pts
}
/** Quadratic curve sampled to points, with a little wobble. @param {Pt} a @param {Pt} c @param {Pt} b */
function qcurve(a, c, b, amp = 4, n = 60) {
	const nz = noise1()
	const pts = /** @type {Pt[]} */ ([])
	for (let i = 0; i <= n; i++) {
		const t = i / n,
			u = 1 - t
		pts.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1] + amp * nz(t * 10)])
	}
	return pts
}
/** Rolling skyline from x0..x1 around height y. @param {number} y @param {number} amp @param {Opts} [o] */
function ridge(y, amp, { x0 = -20, x1 = W + 20, step = 10, freq = 1, tilt = 0 } = {}) {
	const nz = noise1()
	const pts = /** @type {Pt[]} */ ([])
	for (let x = x0; x <= x1 + step; x += step) pts.push([x, y - amp * (0.5 + 0.5 * nz((x / 240) * freq)) + tilt * ((x - x0) / (x1 - x0))])
	return pts
}
/** Fill the area under a line down to the bottom of the frame. @param {Pt[]} pts @param {string} fill */
const under = (pts, fill, extra = '') => `<path d="${P(pts)}L${pts.at(-1)?.[0] ?? W},${H + 20}L${pts[0]?.[0] ?? 0},${H + 20}Z" fill="${fill}" ${extra}/>`
/** Bumpy tree canopy along a line. @param {Pt[]} pts @param {number} r @param {string} fill */
function canopy(pts, r, fill, hi = '') {
	let d = '',
		d2 = ''
	for (const [x, y] of pts) {
		const rr = r * rnd(0.6, 1.1),
			cx = x + rnd(-r, r) * 0.4
		d += circ(cx, y + rr * 0.55, rr)
		if (hi && R() < 0.7) d2 += circ(cx - rr * 0.3, y + rr * 0.35, rr * 0.5)
	}
	return `<path d="${d}" fill="${fill}"/>` + (hi ? `<path d="${d2}" fill="${hi}" opacity=".45"/>` : '')
}
/** Island / hill silhouette. @param {number} cx @param {number} y @param {number} w @param {number} h @param {string} fill @param {Opts} [o] */
function island(cx, y, w, h, fill, { skew = 0, rough = 0.08, pow = 1.6, trees = 0, treeCol = '', hi = '', flat = 0 } = {}) {
	const nz = noise1()
	const pts = /** @type {Pt[]} */ ([])
	for (let i = 0; i <= 60; i++) {
		const u = i / 30 - 1
		const v = (u - skew) / (u < skew ? 1 + skew : 1 - skew)
		let k = Math.max(0, 1 - Math.pow(Math.abs(v), pow))
		if (flat) k = Math.min(k, 1 - flat) / (1 - flat)
		pts.push([cx + (u * w) / 2, y - h * k * (1 + rough * nz(i / 6)) + (i === 0 || i === 60 ? 2 : 0)])
	}
	let s = `<path d="${P(pts)}Z" fill="${fill}"/>`
	if (trees)
		s += canopy(
			pts.slice(3, -3).filter((_, i) => i % 1 === 0),
			trees,
			treeCol || fill,
			hi,
		)
	return s
}
/** @param {Stop[]} stops */ const sky = (stops) => `<rect width="${W}" height="${H}" fill="${lin(stops)}"/>`
/** @param {number} x @param {number} y @param {number} r */ const sun = (x, y, r, core = '#fffaf0', glow = '#ffe9b0', gr = 6) =>
	`<circle cx="${x}" cy="${y}" r="${r * gr}" fill="${rad([
		[0, glow, 0.85],
		[0.22, glow, 0.35],
		[1, glow, 0],
	])}"/><circle cx="${x}" cy="${y}" r="${r}" fill="${core}"/>`
/** @param {number} x @param {number} y @param {number} w @param {Opts} [o] */
function cloud(x, y, w, { col = '#ffffff', shade = '#d5e4ee', op = 0.95 } = {}) {
	const n = Math.max(4, Math.round(w / 45))
	let d = circ(x, y, w / 2, w * 0.06)
	for (let i = 0; i < n; i++) {
		const t = i / (n - 1),
			r = w * (0.08 + 0.13 * Math.sin(Math.PI * t)) * rnd(0.8, 1.25)
		d += circ(x + (t - 0.5) * w * 0.8, y - r * 0.55 * rnd(0.6, 1.1), r)
	}
	return `<path d="${d}" fill="${lin([
		[0, col],
		[0.55, col],
		[1, shade],
	])}" opacity="${op}" filter="${blur(1.2)}"/>`
}
/** @param {number} n @param {number} y0 @param {number} y1 @param {Opts} [o] */ function clouds(n, y0, y1, o = {}) {
	const s = rep(n, (i) => cloud(((i + rnd(0.1, 0.9)) / n) * W, rnd(y0, y1), rnd(160, 340), o))
	return s
}
/** Sea with perspective wave strokes. @param {number} y0 @param {Stop[]} stops @param {Opts} [o] */
function sea(y0, stops, { y1 = H, n = 170, col = '#ffffff', op = 0.3, amp = 2.5 } = {}) {
	const b = /** @type {string[][]} */ ([[], [], [], []])
	for (let i = 0; i < n; i++) {
		const t = Math.pow(R(), 1.4),
			y = y0 + 3 + (y1 - y0) * t,
			len = (12 + t * 150) * rnd(0.5, 1.3),
			x = rnd(-60, W)
		b[Math.min(3, Math.floor(t * 4))]?.push(`M${f(x)},${f(y)}q${f(len / 2)},${f(-amp * (0.5 + 2 * t))} ${f(len)},0`)
	}
	return (
		`<rect x="0" y="${y0}" width="${W}" height="${y1 - y0}" fill="${lin(stops)}"/>` +
		b.map((d, i) => `<path d="${d.join('')}" fill="none" stroke="${col}" stroke-width="${1 + i}" stroke-linecap="round" opacity="${op}"/>`).join('')
	)
}
/** Sun glitter on water. @param {number} x @param {number} y0 @param {number} y1 */
function glitter(x, y0, y1, col = '#fff6d8', n = 90, spread = 50) {
	let d = ''
	for (let i = 0; i < n; i++) {
		const t = R(),
			y = y0 + (y1 - y0) * t,
			w = spread * (0.3 + t * 1.6)
		d += `M${f(x + rnd(-w, w))},${f(y)}h${f((5 + t * 40) * rnd(0.4, 1))}`
	}
	return `<path d="${d}" stroke="${col}" stroke-width="2.5" stroke-linecap="round" opacity=".8"/>`
}
/** Sand beach below a shoreline, with shallow turquoise band and foam. @param {Pt[]} pts @param {Opts} [o] */
function beach(pts, { sand = ['#fdf3dc', '#efd9ae'], shallow = C.turqL, foam = '#ffffff', band = 70, wet = '#d9c295', top = 0 } = {}) {
	const up = shift(pts, 0, -band)
	return (
		`<g clip-path="${clip(`M0,${top}H${W}V${H}H0Z`)}"><path d="${P(pts)}${P([...up].reverse()).replace('M', 'L')}Z" fill="${shallow}" opacity=".7" filter="${blur(band / 4)}"/></g>` +
		under(pts, wet) +
		under(shift(pts, 0, 9), lin(sand)) +
		`<path d="${P(shift(up, 0, band * 0.6))}" fill="none" stroke="${foam}" stroke-width="2.5" stroke-dasharray="70 30 25 45" opacity=".55"/>` +
		`<path d="${P(pts)}" fill="none" stroke="${foam}" stroke-width="5" stroke-linecap="round" opacity=".9"/>`
	)
}
/** Speckle texture (sand, stone). @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1 @param {number} n @param {string} col */
function speckle(x0, y0, x1, y1, n, col, op = 0.25, r = 1.6) {
	const d = rep(n, () => circ(rnd(x0, x1), rnd(y0, y1), r * rnd(0.5, 1.2)))
	return `<path d="${d}" fill="${col}" opacity="${op}"/>`
}

// ---------- props: palms, rocks, boats, people, birds ----------
/** Coconut palm. @param {number} x @param {number} y @param {number} h @param {number} lean @param {Opts} [o] */
function palm(x, y, h, lean, { trunk = C.trunk, trunkD = C.trunkD, leaf = C.leaf, leafD = C.emeraldD, sil = '', n = 9 } = {}) {
	if (sil) trunk = trunkD = leaf = leafD = sil
	const tx = x + lean,
		ty = y - h,
		cx = x + lean * 0.1,
		cy = y - h * 0.55
	const bez = (/** @type {number} */ t) =>
		/** @type {Pt} */ ([(1 - t) ** 2 * x + 2 * (1 - t) * t * cx + t * t * tx, (1 - t) ** 2 * y + 2 * (1 - t) * t * cy + t * t * ty])
	const L = /** @type {Pt[]} */ ([])
	const Rt = /** @type {Pt[]} */ ([])
	let rings = ''
	for (let i = 0; i <= 24; i++) {
		const t = i / 24,
			[px, py] = bez(t),
			[qx, qy] = bez(t + 0.01)
		const l = Math.hypot(qx - px, qy - py),
			nx = -(qy - py) / l,
			ny = (qx - px) / l
		const w = (h * (0.045 - 0.022 * t)) / 2
		L.push([px + nx * w, py + ny * w])
		Rt.push([px - nx * w, py - ny * w])
		if (i % 2) rings += `M${f(px + nx * w)},${f(py + ny * w)}L${f(px - nx * w)},${f(py - ny * w + 2)}`
	}
	const sw = Math.max(1.5, h * 0.0075)
	const frond = (/** @type {number} */ a, /** @type {number} */ len, /** @type {string} */ col) => {
		const ex = tx + Math.cos(a) * len,
			ey = ty + Math.sin(a) * len * 0.8 + len * (0.2 + 0.35 * Math.abs(Math.cos(a)))
		const mx = tx + Math.cos(a) * len * 0.55,
			my = ty + Math.sin(a) * len * 0.55 - len * 0.18
		const q = (/** @type {number} */ t) => [(1 - t) ** 2 * tx + 2 * (1 - t) * t * mx + t * t * ex, (1 - t) ** 2 * ty + 2 * (1 - t) * t * my + t * t * ey]
		let d = ''
		for (let t = 0.05; t < 0.97; t += 0.032) {
			const [px = 0, py = 0] = q(t),
				[qx = 0, qy = 0] = q(t + 0.01)
			const l = Math.hypot(qx - px, qy - py),
				dx = (qx - px) / l,
				dy = (qy - py) / l
			const ll = len * 0.3 * Math.pow(Math.sin(Math.PI * Math.min(1, t * 1.05)), 0.7)
			for (const sg of [1, -1]) {
				let vx = -dy * sg * 0.7 + dx * 0.45,
					vy = dx * sg * 0.7 + dy * 0.45 + 0.95
				const vl = Math.hypot(vx, vy)
				vx /= vl
				vy /= vl
				d += `M${f(px)},${f(py)}q${f(vx * ll * 0.5)},${f(vy * ll * 0.5 - ll * 0.12)} ${f(vx * ll)},${f(vy * ll)}`
			}
		}
		return `<path d="M${f(tx)},${f(ty)}Q${f(mx)},${f(my)} ${f(ex)},${f(ey)}${d}" fill="none" stroke="${col}" stroke-width="${f(sw)}" stroke-linecap="round"/>`
	}
	let back = '',
		front = ''
	for (let i = 0; i < n; i++) {
		const a = -Math.PI / 2 + (i / (n - 1) - 0.5) * Math.PI * 1.85 + rnd(-0.12, 0.12)
		back += frond(a + 0.2, h * rnd(0.36, 0.44), leafD)
		if (i % 2 === 0 || R() < 0.4) front += frond(a, h * rnd(0.33, 0.42), leaf)
	}
	const r = h * 0.02
	const nuts = sil ? '' : `<path d="${circ(tx - r, ty + r * 1.2, r)}${circ(tx + r, ty + r * 1.4, r)}${circ(tx, ty + r * 2.4, r)}" fill="#6e4b26"/>`
	return (
		back +
		`<path d="${P([...L, ...Rt.reverse()])}Z" fill="${trunk}"/>` +
		(sil ? '' : `<path d="${rings}" stroke="${trunkD}" stroke-width="${f(sw * 0.6)}" opacity=".6"/>`) +
		nuts +
		front
	)
}
/** Boulder. @param {number} x @param {number} y @param {number} w @param {number} h @param {Opts} [o] */
function rock(x, y, w, h, { fill = '#6b6257', hi = '#9a9184', foam = '' } = {}) {
	const pts = /** @type {Pt[]} */ ([])
	const n = 9
	for (let i = 0; i <= n; i++) {
		const a = Math.PI * (1 - i / n)
		pts.push([x + ((Math.cos(a) * w) / 2) * rnd(0.85, 1.05), y - Math.sin(a) * h * rnd(0.75, 1.1)])
	}
	const top = pts.slice(2, n - 1).map(([px, py]) => /** @type {Pt} */ ([px - w * 0.04, py + h * 0.08]))
	return (
		`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w * 0.55)}" ry="${f(h * 0.08)}" fill="#000" opacity=".25"/>` +
		`<path d="${P(pts)}Z" fill="${fill}" stroke="${fill}" stroke-width="4" stroke-linejoin="round"/>` +
		`<path d="${P(top)}L${f(x)},${f(y - h * 0.35)}Z" fill="${hi}" opacity=".55"/>` +
		(foam
			? `<path d="M${f(x - w * 0.6)},${f(y)}q${f(w * 0.3)},-6 ${f(w * 0.6)},0t${f(w * 0.6)},0" stroke="${foam}" stroke-width="4" fill="none" opacity=".8"/>`
			: '')
	)
}
/** Longtail / dinghy boat. @param {number} x @param {number} y @param {number} s @param {Opts} [o] */
function boat(x, y, s, { hull = '#f6f1e7', stripe = C.teal, roof = C.coral, dir = 1, refl = true } = {}) {
	const g =
		`<path d="M-1,-.2L1.15,-.3Q1,.12 .72,.2L-.82,.2Q-1,.05 -1,-.2Z" fill="${hull}"/><path d="M-.98,-.08L1.08,-.16" stroke="${stripe}" stroke-width=".07"/>` +
		`<path d="M-.5,-.22V-.62M.4,-.26V-.66" stroke="#5a4634" stroke-width=".04"/><path d="M-.65,-.62L.6,-.7L.55,-.56L-.62,-.5Z" fill="${roof}"/>`
	return (
		`<g transform="translate(${f(x)},${f(y)}) scale(${f(dir * s)},${f(s)})">` +
		(refl ? `<g transform="translate(0,.42) scale(1,-.6)" opacity=".22">${g}</g>` : '') +
		g +
		'</g>'
	)
}
/** Seabirds. @param {number} n @param {number} x @param {number} y @param {number} spread */
function birds(n, x, y, spread, col = '#1b2530', s = 12) {
	let d = ''
	for (let i = 0; i < n; i++) {
		const bx = x + rnd(-spread, spread),
			by = y + rnd(-spread, spread) * 0.45,
			k = s * rnd(0.6, 1.2),
			fl = rnd(0.2, 0.6)
		d += `M${f(bx - k)},${f(by - k * fl)}q${f(k * 0.5)},${f(-k * 0.35)} ${f(k)},${f(k * fl)}q${f(k * 0.5)},${f(-k * (fl + 0.35))} ${f(k)},${f(-k * fl)}`
	}
	return `<path d="${d}" fill="none" stroke="${col}" stroke-width="${f(s / 5)}" stroke-linecap="round" stroke-linejoin="round"/>`
}

/** Broadleaf tree. @param {number} x @param {number} y @param {number} h @param {Opts} [o] */
function tree(x, y, h, { trunk = '#5e4b3c', leaf = C.emerald, hi = C.leafL, w = 0.5 } = {}) {
	const cx = x + rnd(-0.05, 0.05) * h,
		cy = y - h * 0.72
	let d = '',
		d2 = ''
	for (let i = 0; i < 14; i++) {
		const a = rnd(0, Math.PI * 2),
			k = Math.sqrt(R()),
			r = h * w * rnd(0.16, 0.26)
		const px = cx + Math.cos(a) * k * h * w * 0.38,
			py = cy + Math.sin(a) * k * h * 0.17
		d += circ(px, py, r)
		if (py < cy) d2 += circ(px - r * 0.25, py - r * 0.25, r * 0.6)
	}
	const tw = h * 0.035
	return (
		`<path d="M${f(x - tw)},${f(y)}Q${f(x - tw * 0.4)},${f(y - h * 0.4)} ${f(cx - tw * 0.4)},${f(cy)}L${f(cx + tw * 0.4)},${f(cy)}Q${f(x + tw * 0.4)},${f(y - h * 0.4)} ${f(x + tw)},${f(y)}Z` +
		`M${f(cx)},${f(y - h * 0.55)}l${f(-h * 0.12)},${f(-h * 0.1)}M${f(cx)},${f(y - h * 0.6)}l${f(h * 0.1)},${f(-h * 0.12)}" fill="${trunk}" stroke="${trunk}" stroke-width="${f(tw * 0.5)}"/>` +
		`<path d="${d}" fill="${leaf}"/>` +
		(hi ? `<path d="${d2}" fill="${hi}" opacity=".45"/>` : '')
	)
}
/** Natural rock arch standing at y. @param {number} x @param {number} y @param {number} w @param {number} h @param {Opts} [o] */
function arch(x, y, w, h, { fill = '#8b7d6b', dark = '#5b4f43', hi = '#c2b398', green = C.emerald, greenHi = C.leafL } = {}) {
	const L = x - w / 2,
		Rr = x + w / 2,
		hw = w * 0.26,
		hh = h * 0.6,
		hx = x + w * 0.03
	const outer = `M${f(L)},${f(y)}C${f(L - w * 0.05)},${f(y - h * 0.5)} ${f(L + w * 0.02)},${f(y - h * 0.95)} ${f(x - w * 0.2)},${f(y - h)}C${f(x)},${f(y - h * 1.06)} ${f(x + w * 0.25)},${f(y - h * 0.98)} ${f(Rr - w * 0.05)},${f(y - h * 0.8)}C${f(Rr + w * 0.04)},${f(y - h * 0.5)} ${f(Rr)},${f(y - h * 0.2)} ${f(Rr + w * 0.03)},${f(y)}Z`
	const hole = `M${f(hx - hw)},${f(y + 2)}C${f(hx - hw * 1.05)},${f(y - hh * 0.8)} ${f(hx - hw * 0.5)},${f(y - hh)} ${f(hx)},${f(y - hh)}C${f(hx + hw * 0.5)},${f(y - hh)} ${f(hx + hw * 1.05)},${f(y - hh * 0.8)} ${f(hx + hw)},${f(y + 2)}Z`
	const cl = clip(outer + hole, 'evenodd')
	let strata = ''
	for (let i = 1; i < 9; i++) strata += P(wob(L - 20, y - (h * i) / 9, Rr + 20, y - (h * i) / 9 + rnd(-15, 15), 6, 30))
	const top = qcurve([L + w * 0.06, y - h * 0.9], [x, y - h * 1.14], [Rr - w * 0.08, y - h * 0.78], 6, 22)
	return (
		`<path d="${outer}${hole}" fill-rule="evenodd" fill="${lin([hi, fill, dark], 0, 0, 1, 0.3)}"/>` +
		`<g clip-path="${cl}"><path d="${strata}" fill="none" stroke="${dark}" stroke-width="3" opacity=".35"/><path d="${hole}" fill="none" stroke="${dark}" stroke-width="26" opacity=".55" filter="${blur(6)}"/>` +
		`<path d="M${f(L - 20)},${f(y)}h${f(w + 40)}v-${f(h * 0.12)}h-${f(w + 40)}Z" fill="${dark}" opacity=".35"/></g>` +
		canopy(top, w * 0.055, green, greenHi)
	)
}
/** Simple figure, feet at (x,y). @param {number} x @param {number} y @param {number} h @param {Opts} [o] */
function person(x, y, h, { col = '#1b2530', skin = '', top = '', bottom = '', hair = '', pose = 'stand', dress = false, dir = 1 } = {}) {
	const sk = skin || col,
		tp = top || col,
		bt = bottom || col,
		hr = hair || col
	const arms =
		/** @type {Record<string, string>} */ ({
			stand: 'M-8,-76L-12,-48M8,-76L12,-48',
			wave: 'M-8,-76L-12,-48M8,-76L17,-104',
			hold: 'M-8,-76L-12,-48M8,-76L19,-52',
			walk: 'M-8,-76L-15,-52M8,-76L14,-50',
		})[pose] ?? ''
	const legs = pose === 'walk' ? 'M-3,-46L-10,-2M3,-46L8,-2' : 'M-4,-46L-5,-2M4,-46L5,-2'
	return (
		`<g transform="translate(${f(x)},${f(y)}) scale(${f((dir * h) / 100)},${f(h / 100)})" stroke-linecap="round" stroke-linejoin="round">` +
		`<path d="${legs}" stroke="${sk}" stroke-width="6.5"/><path d="${arms}" stroke="${sk}" stroke-width="5"/>` +
		`<path d="M-10,-80Q0,-85 10,-80L7.5,-47L-7.5,-47Z" fill="${tp}"/>` +
		(dress ? `<path d="M-7,-56L7,-56L14,-24L-14,-24Z" fill="${bt}"/>` : `<path d="M-8,-50L8,-50L8.5,-33L1,-33L0,-40L-1,-33L-8.5,-33Z" fill="${bt}"/>`) +
		`<circle cx="0" cy="-91" r="8.5" fill="${sk}"/><path d="M-9,-90A9,9 0 0,1 9,-92L8,-96Q0,-104 -8,-96Z" fill="${hr}"/></g>`
	)
}
/** Striped beach parasol, pole foot at (x,y). @param {number} x @param {number} y @param {number} h @param {string} col */
function parasol(x, y, h, col, col2 = '#ffffff', tilt = 0) {
	const r = h * 0.62,
		ty = y - h
	let dome = `M${f(x - r)},${f(ty + r * 0.1)}Q${f(x)},${f(ty - r * 0.85)} ${f(x + r)},${f(ty + r * 0.1)}`
	let wedges = ''
	for (let i = 5; i >= 0; i--) {
		const xi = x - r + (2 * r * i) / 6
		dome += `Q${f(xi + r / 6)},${f(ty + r * 0.24)} ${f(xi)},${f(ty + r * 0.1)}`
		if (i % 2) wedges += `M${f(x)},${f(ty - r * 0.5)}L${f(xi)},${f(ty + r * 0.4)}L${f(xi + r / 3)},${f(ty + r * 0.4)}Z`
	}
	return (
		`<ellipse cx="${f(x + r * 0.35)}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * 0.16)}" fill="#6b4f22" opacity=".16"/>` +
		`<g transform="rotate(${tilt} ${f(x)} ${f(y)})"><path d="M${f(x)},${f(y)}V${f(ty - r * 0.35)}" stroke="#7a6650" stroke-width="${f(h * 0.025)}"/>` +
		`<path d="${dome}Z" fill="${col}"/><path d="${wedges}" fill="${col2}" clip-path="${clip(dome + 'Z')}"/></g>`
	)
}
/** Beach towel. @param {number} x @param {number} y @param {number} w @param {string} col @param {string} col2 */
const towel = (x, y, w, col, col2, a = -8) =>
	`<g transform="rotate(${a} ${x} ${y})"><rect x="${x - w / 2}" y="${y - w * 0.22}" width="${w}" height="${w * 0.44}" fill="${col}"/><path d="M${x - w / 2},${y - w * 0.08}h${w}M${x - w / 2},${y + w * 0.08}h${w}" stroke="${col2}" stroke-width="${f(w * 0.06)}"/></g>`
/** Seashell. @param {number} x @param {number} y @param {number} s */ function shell(x, y, s, col = '#f7d9c4') {
	const d = rep(7, (i) => `M${x},${y}l${f(Math.cos(-Math.PI * (0.1 + i * 0.133)) * s)},${f(Math.sin(-Math.PI * (0.1 + i * 0.133)) * s)}`)
	return `<path d="M${f(x - s)},${f(y - s * 0.3)}A${s},${s} 0 0,1 ${f(x + s)},${f(y - s * 0.3)}L${x},${y}Z" fill="${col}"/><path d="${d}" stroke="#c48f74" stroke-width="1.4"/>`
}
/** Footprint trail. @param {Pt[]} pts */ function footprints(pts, col = '#c9ad7c') {
	let d = ''
	pts.forEach(([x, y], i) => (d += circ(x + (i % 2 ? 9 : -9), y, 5 + y / 300, 2.5 + y / 600)))
	return `<path d="${d}" fill="${col}" opacity=".6"/>`
}

/** Brick pattern fill. */
function bricks(col = '#a0523d', mortar = '#caa184', k = 1) {
	const w = 34 * k,
		h = 13 * k
	return def(
		'p',
		(id) =>
			`<pattern id="${id}" width="${w}" height="${h * 2}" patternUnits="userSpaceOnUse"><rect width="${w}" height="${h * 2}" fill="${col}"/><path d="M0,${h}H${w}M0,${h * 2}H${w}M${w / 2},0V${h}M0,${h}V${h * 2}" stroke="${mortar}" stroke-width="${f(1.5 * k)}"/></pattern>`,
	)
}
/** Arched opening path (window / arcade). @param {number} x @param {number} y @param {number} w @param {number} h */
const archPath = (x, y, w, h) => `M${f(x - w / 2)},${f(y)}V${f(y - h + w / 2)}A${f(w / 2)},${f(w / 2)} 0 0,1 ${f(x + w / 2)},${f(y - h + w / 2)}V${f(y)}Z`
/** Roofless brick ruin with arched openings, feet at y. @param {number} x @param {number} y @param {number} w @param {number} h */
function ruin(x, y, w, h, n = 4) {
	const top = wob(x, y - h, x + w, y - h * 0.9, 14, 18).map(([px, py]) => /** @type {Pt} */ ([px, py + (R() < 0.3 ? rnd(0, h * 0.18) : 0)]))
	const holes = rep(n, (i) => archPath(x + (w * (i + 0.5)) / n, y - h * 0.1, (w / n) * 0.45, h * 0.55))
	const outer = `M${x},${y}${P(top).replace('M', 'L')}L${x + w},${y}Z`
	return (
		`<path d="${outer}${holes}" fill-rule="evenodd" fill="${bricks()}"/><path d="${outer}${holes}" fill-rule="evenodd" fill="${lin(
			[
				[0, '#2b1a12', 0],
				[0.6, '#2b1a12', 0.1],
				[1, '#2b1a12', 0.45],
			],
			0,
			0,
			0,
			1,
		)}"/>` +
		`<path d="${holes}" fill="none" stroke="#5a2d20" stroke-width="7"/>` +
		canopy(
			top.filter(() => R() < 0.35),
			12,
			'#4c8a3c',
		)
	)
}
/** Chital deer, hooves at y. @param {number} x @param {number} y @param {number} s */
function deer(x, y, s, col = '#8a5a32', dir = 1, stag = false) {
	const spots = rep(10, () => circ(rnd(-0.55, 0.5), rnd(-1.3, -1.0), 0.04))
	return (
		`<g transform="translate(${f(x)},${f(y)}) scale(${f(dir * s)},${f(s)})" stroke-linecap="round">` +
		`<path d="M-.55,-1L-.62,0M-.35,-1L-.28,0M.42,-1L.38,0M.6,-1L.7,0" stroke="${col}" stroke-width=".09"/>` +
		`<ellipse cx="0" cy="-1.12" rx=".75" ry=".3" fill="${col}"/><path d="M.45,-1.25L.85,-1.85L1.05,-1.78L.8,-1.02Z M.82,-1.95L1.38,-1.72L1.32,-1.62L.86,-1.68Z M.86,-1.9L.72,-2.08L.95,-1.95Z" fill="${col}"/>` +
		`<path d="M-.72,-1.25l-.14,.18" stroke="${col}" stroke-width=".08"/><path d="${spots}" fill="#f3e6cf" opacity=".8"/>` +
		(stag ? `<path d="M.92,-1.92l-.12,-.5l-.2,-.12M.86,-2.22l.16,-.14M.98,-1.92l.1,-.46l.2,-.1" stroke="${col}" stroke-width=".05" fill="none"/>` : '') +
		'</g>'
	)
}
/** Striped lighthouse, base at y. @param {number} x @param {number} y @param {number} h */ function lighthouse(x, y, h) {
	const b = h * 0.09,
		t = h * 0.055,
		tower = `M${f(x - b)},${f(y)}L${f(x - t)},${f(y - h)}L${f(x + t)},${f(y - h)}L${f(x + b)},${f(y)}Z`
	const bands = rep(4, (i) => `M${f(x - b * 2)},${f(y - (h * (2 * i + 1)) / 8)}h${f(b * 4)}v${f(-h / 8)}h${f(-b * 4)}Z`)
	return (
		`<circle cx="${x}" cy="${f(y - h * 1.12)}" r="${f(h * 0.5)}" fill="${rad([
			[0, '#fff6c8', 0.7],
			[1, '#fff6c8', 0],
		])}"/>` +
		`<path d="${tower}" fill="#f7f4ee"/><path d="${bands}" fill="#d8453b" clip-path="${clip(tower)}"/><path d="M${f(x)},${f(y)}L${f(x + t * 0.2)},${f(y - h)}L${f(x + t)},${f(y - h)}L${f(x + b)},${f(y)}Z" fill="#000" opacity=".12"/>` +
		`<rect x="${f(x - t * 1.5)}" y="${f(y - h - h * 0.03)}" width="${f(t * 3)}" height="${f(h * 0.03)}" fill="#333"/><rect x="${f(x - t * 0.8)}" y="${f(y - h * 1.15)}" width="${f(t * 1.6)}" height="${f(h * 0.12)}" fill="#ffe9a0" stroke="#333" stroke-width="3"/>` +
		`<path d="M${f(x - t)},${f(y - h * 1.15)}Q${x},${f(y - h * 1.3)} ${f(x + t)},${f(y - h * 1.15)}Z" fill="#d8453b"/>`
	)
}
/** Mangrove tree with prop roots, roots meet water at y. @param {number} x @param {number} y @param {number} h */
function mangrove(x, y, h, col = '#3b3328', leaf = '#1f5a3a', hi = '#3f8a55') {
	const ky = y - h * 0.3
	let roots = ''
	for (let i = 0; i < 7; i++) {
		const ex = x + (i - 3) * h * 0.09 + rnd(-8, 8)
		roots += `M${f(x + rnd(-5, 5))},${f(ky - rnd(0, h * 0.15))}Q${f((x + ex) / 2 + (ex - x) * 0.6)},${f(ky - h * 0.05)} ${f(ex)},${y}`
	}
	const d = rep(12, () => circ(x + rnd(-0.35, 0.35) * h, y - h * rnd(0.72, 0.95), h * rnd(0.12, 0.2)))
	return (
		`<path d="${roots}M${x},${f(ky)}L${f(x + rnd(-10, 10))},${f(y - h * 0.8)}" fill="none" stroke="${col}" stroke-width="${f(h * 0.018 + 1)}" stroke-linecap="round"/>` +
		`<path d="${d}" fill="${leaf}"/>` +
		(hi ? `<path d="${d}" fill="${hi}" opacity=".35" transform="translate(-4,-6) scale(1)"/>` : '')
	)
}
/** Ship (cargo or passenger), waterline at y. @param {number} x @param {number} y @param {number} s @param {Opts} [o] */
function ship(x, y, s, { hull = '#1f3b57', deck = '#f4f1ea', funnel = '#f2c14e', cargo = false, dir = 1 } = {}) {
	let box = ''
	if (cargo)
		for (let i = 0; i < 8; i++)
			box += `<rect x="${f(-0.2 + (i % 4) * 0.24)}" y="${i < 4 ? -0.32 : -0.44}" width=".22" height=".12" fill="${pick([C.coral, C.teal, '#f2c14e', '#2f6fb0'])}"/>`
	const g =
		`<path d="M-1,-.2L1.08,-.2L.92,.1L-.9,.1Z" fill="${hull}"/><path d="M-1,-.14H1.04" stroke="${C.coral}" stroke-width=".04"/>` +
		box +
		`<rect x="-.7" y="-.46" width="${cargo ? 0.42 : 1.2}" height=".26" fill="${deck}"/><rect x="-.65" y="-.6" width=".34" height=".14" fill="${deck}"/>` +
		`<path d="M-.66,-.35H${cargo ? -0.32 : 0.46}" stroke="#2a3a4a" stroke-width=".05" stroke-dasharray=".05 .04"/><rect x="-.55" y="-.78" width=".1" height=".18" fill="${funnel}"/>`
	return `<g transform="translate(${f(x)},${f(y)}) scale(${f(dir * s)},${f(s)})"><g transform="translate(0,.2) scale(1,-.5)" opacity=".2">${g}</g>${g}</g>`
}

// ---------- underwater helpers ----------
/** @param {number} x @param {number} y @param {number} s @param {string} col @param {Opts} [o] */
function fish(x, y, s, col, { dir = 1, fin = '', stripe = '', tall = 1 } = {}) {
	const fc = fin || col,
		t = tall
	return (
		`<g transform="translate(${f(x)},${f(y)}) scale(${f(dir * s)},${f(s)})">` +
		`<path d="M-.55,0L-1.05,-.38Q-.92,0 -1.05,.38Z M-.25,${-0.3 * t}Q0,${-0.68 * t} .35,${-0.34 * t}Z" fill="${fc}"/>` +
		`<path d="M1,0C.7,${-0.55 * t} -.35,${-0.5 * t} -.65,0C-.35,${0.5 * t} .7,${0.55 * t} 1,0Z" fill="${col}"/>` +
		(stripe ? `<path d="M.45,${-0.36 * t}v${0.72 * t}M-.05,${-0.4 * t}v${0.8 * t}" stroke="${stripe}" stroke-width=".13"/>` : '') +
		`<circle cx=".62" cy="-.08" r=".08" fill="#0d1a24"/></g>`
	)
}
/** @param {number} cx @param {number} cy @param {number} n @param {number} spread @param {number} s @param {string} col */
function school(cx, cy, n, spread, s, col, dir = 1, o = {}) {
	const g = rep(n, () => fish(cx + rnd(-spread, spread), cy + rnd(-spread, spread) * 0.5, s * rnd(0.8, 1.15), col, { dir, ...o }))
	return g
}
/** Light shafts from the surface. @param {number} n */ function rays(n, col = '#e8fffb', op = 0.2) {
	const g = lin([
		[0, col, op],
		[1, col, 0],
	])
	let d = ''
	for (let i = 0; i < n; i++) {
		const x = rnd(-100, W),
			w = rnd(25, 110),
			sk = rnd(120, 380)
		d += `M${f(x)},-10L${f(x + w)},-10L${f(x + w * 2.2 + sk)},${H}L${f(x + sk)},${H}Z`
	}
	return `<path d="${d}" fill="${g}" filter="${blur(10)}"/>`
}
/** @param {number} x @param {number} y @param {number} n */ function bubbles(x, y, n, spread = 25, h = 220) {
	let d = ''
	for (let i = 0; i < n; i++) {
		const t = R()
		d += circ(x + rnd(-spread, spread) * (0.3 + t), y - t * h, 2 + (1 - t * 0.5) * 6 * rnd(0.4, 1))
	}
	return `<path d="${d}" fill="#fff" fill-opacity=".15" stroke="#e9ffff" stroke-width="1.6" stroke-opacity=".75"/>`
}
/** Staghorn coral. @param {number} x @param {number} y @param {number} s @param {string} col @param {string} hi */
function branchCoral(x, y, s, col, hi, depth = 4) {
	let d = ''
	const grow = (/** @type {number} */ px, /** @type {number} */ py, /** @type {number} */ a, /** @type {number} */ l, /** @type {number} */ k) => {
		const ex = px + Math.cos(a) * l,
			ey = py + Math.sin(a) * l
		d += `M${f(px)},${f(py)}Q${f(px + Math.cos(a + rnd(-0.3, 0.3)) * l * 0.5)},${f(py + Math.sin(a) * l * 0.5)} ${f(ex)},${f(ey)}`
		if (k > 0) for (const sg of [-1, 1]) grow(ex, ey, a + sg * rnd(0.25, 0.6), l * rnd(0.62, 0.8), k - 1)
	}
	grow(x, y, -Math.PI / 2 + rnd(-0.2, 0.2), s, depth)
	return (
		`<path d="${d}" fill="none" stroke="${col}" stroke-width="${f(s * 0.17)}" stroke-linecap="round"/>` +
		`<path d="${d}" fill="none" stroke="${hi}" stroke-width="${f(s * 0.07)}" stroke-linecap="round" transform="translate(-2,-2)" opacity=".8"/>`
	)
}
/** Sea fan. @param {number} x @param {number} y @param {number} s @param {string} col */ function fanCoral(x, y, s, col) {
	let d = ''
	for (let i = 0; i < 16; i++) {
		const a = -Math.PI * (0.88 - (i / 15) * 0.76),
			l = s * rnd(0.8, 1.05)
		d += `M${f(x)},${f(y)}Q${f(x + Math.cos(a) * l * 0.4)},${f(y + Math.sin(a) * l * 0.7)} ${f(x + Math.cos(a) * l)},${f(y + Math.sin(a) * l)}`
	}
	for (const k of [0.45, 0.7, 0.9]) d += `M${f(x - s * k)},${f(y - s * k * 0.35)}Q${f(x)},${f(y - s * k * 1.3)} ${f(x + s * k)},${f(y - s * k * 0.35)}`
	return `<path d="${d}" fill="none" stroke="${col}" stroke-width="${f(s * 0.025 + 1)}" stroke-linecap="round" opacity=".9"/>`
}
/** Brain / boulder coral dome. @param {number} x @param {number} y @param {number} w @param {number} h @param {string} col @param {string} line */
function dome(x, y, w, h, col, line) {
	let d = ''
	for (let i = 1; i < 5; i++)
		d += `M${f(x - w * (0.5 - i * 0.08))},${f(y)}Q${f(x + rnd(-w, w) * 0.2)},${f(y - h * (0.3 + i * 0.16) * 2)} ${f(x + w * (0.5 - i * 0.08))},${f(y)}`
	return `<path d="M${f(x - w / 2)},${f(y)}A${f(w / 2)},${f(h)} 0 0,1 ${f(x + w / 2)},${f(y)}Z" fill="${rad(
		[
			[0, line],
			[0.35, col],
			[1, col],
		],
		0.35,
		0.3,
		0.8,
	)}"/><path d="${d}" fill="none" stroke="${line}" stroke-width="3" opacity=".5" clip-path="${clip(`M${f(x - w / 2)},${f(y)}A${f(w / 2)},${f(h)} 0 0,1 ${f(x + w / 2)},${f(y)}Z`)}"/>`
}
/** Tube sponges. @param {number} x @param {number} y @param {number} s @param {string} col @param {string} dark */
function tubes(x, y, s, col, dark) {
	let g = ''
	for (let i = 0; i < 4; i++) {
		const h = s * rnd(0.5, 1.1),
			w = s * 0.22,
			cx = x + (i - 1.5) * w * 1.05
		g += `<rect x="${f(cx - w / 2)}" y="${f(y - h)}" width="${f(w)}" height="${f(h + 4)}" rx="${f(w / 2.5)}" fill="${col}"/><ellipse cx="${f(cx)}" cy="${f(y - h + w * 0.25)}" rx="${f(w * 0.35)}" ry="${f(w * 0.14)}" fill="${dark}"/>`
	}
	return g
}
/** Swaying seaweed / anemone strands. @param {number} x @param {number} y @param {number} h @param {string} col */
function weed(x, y, h, col, n = 5, w = 6) {
	let d = ''
	for (let i = 0; i < n; i++) {
		const bx = x + rnd(-15, 15),
			hh = h * rnd(0.6, 1.1),
			sw = rnd(8, 20) * (R() < 0.5 ? -1 : 1)
		d += `M${f(bx)},${f(y)}C${f(bx + sw)},${f(y - hh * 0.3)} ${f(bx - sw)},${f(y - hh * 0.6)} ${f(bx + sw * 0.5)},${f(y - hh)}`
	}
	return `<path d="${d}" fill="none" stroke="${col}" stroke-width="${w}" stroke-linecap="round"/>`
}
/** Swimmer seen side-on: snorkeller (default) or scuba diver (tank). @param {number} x @param {number} y @param {number} s @param {Opts} [o] */
function swimmer(x, y, s, { dir = 1, suit = C.coral, skin = '#b97b55', tank = false, kit = '#ffd34d' } = {}) {
	return (
		`<g transform="translate(${f(x)},${f(y)}) scale(${f(dir * s)},${f(s)})" stroke-linecap="round" stroke-linejoin="round">` +
		`<path d="M-.42,0L-1.05,-.06M-.42,.07L-1.02,.18" stroke="${tank ? suit : skin}" stroke-width=".15" fill="none"/>` +
		`<path d="M-1.02,-.12L-1.5,-.26L-1.44,.04Z M-1,.1L-1.46,.14L-1.32,.4Z" fill="${kit}"/>` +
		`<ellipse cx="0" cy=".02" rx=".52" ry=".18" fill="${suit}"/>` +
		(tank
			? `<rect x="-.42" y="-.36" width=".64" height=".17" rx=".08" fill="#dfe3e6"/><path d="M.15,-.3Q.6,-.4 .84,.0" stroke="#222" stroke-width=".04" fill="none"/>`
			: '') +
		`<path d="M.3,.06L.66,.3L1.02,.3" stroke="${tank ? suit : skin}" stroke-width=".12" fill="none"/>` +
		`<circle cx=".68" cy="-.04" r=".16" fill="${skin}"/><path d="M.53,-.1A.16,.16 0 0,1 .8,-.18L.62,-.18Z" fill="#2a1a12"/>` +
		`<rect x=".73" y="-.13" width=".15" height=".11" rx=".03" fill="#b8f2ff" stroke="${kit}" stroke-width=".035"/>` +
		(tank ? '' : `<path d="M.6,-.15V-.62" stroke="${kit}" stroke-width=".065"/>`) +
		'</g>'
	)
}

/** Underwater backdrop: gradient water, bright surface, light shafts. @param {string[]} cols */
function underwater(cols, nRays = 9, rayOp = 0.2) {
	return (
		sky([
			[0, cols[0] ?? '#7fe3dc'],
			[0.12, cols[1] ?? '#35b9c6'],
			[0.55, cols[2] ?? '#137aa6'],
			[1, cols[3] ?? '#083b62'],
		]) +
		`<path d="${P(wob(-20, 80, W + 20, 80, 6))}L${W + 20},-10L-20,-10Z" fill="#c8fff6" opacity=".45"/>` +
		`<path d="${P(wob(-20, 60, W + 20, 60, 5, 40))}" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="40 30" opacity=".4"/>` +
		rays(nRays, '#e8fffb', rayOp)
	)
}
/** Sea floor with coral garden. @param {number} y @param {number} nDome @param {number} nBranch */
function reefBed(y, nDome, nBranch, sandCols = ['#86c7b4', '#3f8c8a']) {
	const parts = [under(ridge(y - 60, 120, { step: 14 }), '#1b6f88', 'opacity=".55"'), under(ridge(y, 90, { step: 12 }), lin(sandCols))]
	for (let i = 0; i < nDome; i++)
		parts.push(
			dome(((i + 0.5) * W) / nDome + rnd(-40, 40), y + 40 + rnd(0, 40), rnd(120, 190), rnd(60, 90), pick(['#c9a24a', '#a77fc2', '#d98560']), '#f2dd9c'),
		)
	for (let i = 0; i < nBranch; i++) parts.push(branchCoral(rnd(0, W), y + 80 + rnd(0, 80), rnd(50, 90), pick([C.coral, '#f49ac1', '#ffb14e']), '#ffe0cf'))
	parts.push(fanCoral(230, y + 40, 170, '#c0569a'), fanCoral(1380, y + 30, 190, '#8e5bd0'), tubes(1080, y + 110, 120, '#ff8c42', '#7a2c0c'))
	parts.push(weed(560, y + 140, 180, '#2f9e6a'), weed(1500, y + 160, 160, '#3bb273'))
	return parts.join('')
}
/** Helmet sea-walker standing on the floor at y. @param {number} x @param {number} y @param {number} s */
function helmetWalker(x, y, s) {
	return (
		`<g transform="translate(${f(x)},${f(y)}) scale(${f(s)})" stroke-linecap="round" stroke-linejoin="round">` +
		`<ellipse cx="0" cy="0" rx=".5" ry=".06" fill="#000" opacity=".2"/><path d="M-.12,-1L-.16,-.03M.12,-1L.2,-.03" stroke="#1d3a4a" stroke-width=".15"/>` +
		`<path d="M-.26,-1.9Q0,-1.98 .26,-1.9L.2,-.98L-.2,-.98Z" fill="#1d3a4a"/><path d="M-.24,-1.84L-.42,-1.35L-.3,-1.05M.24,-1.84L.44,-1.5L.62,-1.62" fill="none" stroke="#1d3a4a" stroke-width=".12"/>` +
		`<rect x="-.3" y="-2.02" width=".6" height=".14" rx=".05" fill="#b8862f"/><circle cx="0" cy="-2.28" r=".3" fill="${rad(
			[
				[0, '#f6d77a'],
				[0.6, '#c9962f'],
				[1, '#7a5a1a'],
			],
			0.35,
			0.3,
			0.7,
		)}"/>` +
		`<circle cx=".06" cy="-2.26" r=".17" fill="#bdf3ff" stroke="#7a5a1a" stroke-width=".04"/><circle cx=".08" cy="-2.26" r=".08" fill="#b97b55"/><path d="M.0,-2.58Q-.05,-2.9 -.1,-3.3" fill="none" stroke="#f2c14e" stroke-width=".05"/></g>`
	)
}
/** Sea turtle swimming. @param {number} x @param {number} y @param {number} s */ function turtle(x, y, s, dir = 1) {
	return (
		`<g transform="translate(${f(x)},${f(y)}) scale(${f(dir * s)},${f(s)})"><path d="M.2,.1Q.6,.5 .3,.7Q.1,.4 0,.2ZM.2,-.1Q.7,-.55 .3,-.75Q.1,-.4 0,-.2ZM-.45,.1L-.75,.35L-.5,.05ZM-.45,-.1L-.75,-.3L-.5,-.05Z" fill="#7fa86a"/>` +
		`<ellipse cx=".62" cy="0" rx=".2" ry=".13" fill="#8fb87a"/><circle cx=".7" cy="-.04" r=".03" fill="#111"/><ellipse cx="0" cy="0" rx=".55" ry=".36" fill="${rad(
			[
				[0, '#a88a4a'],
				[1, '#5a4a2a'],
			],
		)}"/>` +
		`<path d="M-.3,-.2L0,-.08L.3,-.2M-.3,.2L0,.08L.3,.2M0,-.08V.08M-.45,0H-.2M.2,0H.45" stroke="#3a2e1a" stroke-width=".03" fill="none"/></g>`
	)
}
/** Smoke / steam plume rising from (x,y) and drifting right. @param {number} x @param {number} y @param {number} h */
function plume(x, y, h, col = '#9a9aa0', drift = 300) {
	let d = ''
	for (let i = 0; i < 22; i++) {
		const t = i / 21
		d += circ(x + drift * t * t + rnd(-20, 20), y - h * t, 30 + 110 * t * rnd(0.7, 1.1))
	}
	return `<path d="${d}" fill="${col}" opacity=".75" filter="${blur(10)}"/><path d="${d}" fill="#fff" opacity=".18" transform="translate(-12,-14)" filter="${blur(14)}"/>`
}

/** Smooth closed blob path (islands, leaves, stains). @param {number} cx @param {number} cy @param {number} rx @param {number} ry */
function blob(cx, cy, rx, ry, jit = 0.25, n = 12, rot = 0) {
	const pts = /** @type {Pt[]} */ ([])
	for (let i = 0; i < n; i++) {
		const a = (i / n) * Math.PI * 2,
			k = 1 + rnd(-jit, jit),
			x = Math.cos(a) * rx * k,
			y = Math.sin(a) * ry * k
		pts.push([cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot)])
	}
	const at = (/** @type {number} */ i) => pts[(i + n) % n] ?? [0, 0]
	let d = `M${f(at(0)[0])},${f(at(0)[1])}`
	for (let i = 0; i < n; i++) {
		const [x0, y0] = at(i - 1),
			[x1, y1] = at(i),
			[x2, y2] = at(i + 1),
			[x3, y3] = at(i + 2)
		d += `C${f(x1 + (x2 - x0) / 6)},${f(y1 + (y2 - y0) / 6)} ${f(x2 - (x3 - x1) / 6)},${f(y2 - (y3 - y1) / 6)} ${f(x2)},${f(y2)}`
	}
	return d + 'Z'
}
/** Top-down wooden table of planks. */ function planks(c1 = '#8a5a3a', c2 = '#6e4529', n = 6) {
	let g = ''
	for (let i = 0; i < n; i++) {
		const y = (H / n) * i
		g += `<rect x="0" y="${f(y)}" width="${W}" height="${f(H / n)}" fill="${i % 2 ? c1 : c2}"/>`
		let grainD = ''
		for (let k = 0; k < 6; k++) grainD += P(wob(-20, y + rnd(8, H / n - 8), W + 20, y + rnd(8, H / n - 8), 5, 60))
		g += `<path d="${grainD}" fill="none" stroke="#3e2614" stroke-width="2" opacity=".25"/><path d="M0,${f(y)}H${W}" stroke="#2e1a0c" stroke-width="5" opacity=".6"/>`
	}
	return g
}
/** Fill pattern: stripes, zig, dots, checks. @param {string} type @param {string} c1 @param {string} c2 */
function patt(type, c1, c2, k = 24) {
	const shapes = {
		stripes: `<rect width="${k}" height="${k / 2}" fill="${c2}"/>`,
		zig: `<path d="M0,${k * 0.7}L${k / 2},${k * 0.3}L${k},${k * 0.7}" fill="none" stroke="${c2}" stroke-width="${k / 6}"/>`,
		dots: `<circle cx="${k / 2}" cy="${k / 2}" r="${k / 6}" fill="${c2}"/>`,
		checks: `<rect width="${k / 2}" height="${k / 2}" fill="${c2}"/><rect x="${k / 2}" y="${k / 2}" width="${k / 2}" height="${k / 2}" fill="${c2}"/>`,
	}
	return def(
		'p',
		(id) =>
			`<pattern id="${id}" width="${k}" height="${k}" patternUnits="userSpaceOnUse"><rect width="${k}" height="${k}" fill="${c1}"/>${shapes[/** @type {keyof typeof shapes} */ (type)] ?? ''}</pattern>`,
	)
}
/** Top-down bowl or plate with contents. @param {number} x @param {number} y @param {number} r @param {string} fill */
const bowl = (x, y, r, fill, rim = '#f4efe6', inner = 0.8) =>
	`<circle cx="${x + 10}" cy="${y + 14}" r="${r}" fill="#000" opacity=".28" filter="${blur(10)}"/><circle cx="${x}" cy="${y}" r="${r}" fill="${rim}"/><circle cx="${x}" cy="${y}" r="${f(r * inner)}" fill="${fill}"/><circle cx="${x}" cy="${y}" r="${f(r * inner)}" fill="${rad(
		[
			[0.6, '#000', 0],
			[1, '#000', 0.25],
		],
	)}"/>`
/** Large banana leaf seen from above. @param {number} x @param {number} y @param {number} len @param {number} rot */
function bananaLeaf(x, y, len, rot) {
	let veins = ''
	for (let t = -0.9; t <= 0.9; t += 0.06)
		veins += `M${f(t * len * 0.5)},0l${f(len * 0.08)},${f(-len * 0.19)}M${f(t * len * 0.5)},0l${f(len * 0.08)},${f(len * 0.19)}`
	const leaf = `M${-len / 2},0C${-len / 3},${-len * 0.26} ${len / 3},${-len * 0.26} ${len / 2},0C${len / 3},${len * 0.26} ${-len / 3},${len * 0.26} ${-len / 2},0Z`
	return `<g transform="translate(${x},${y}) rotate(${rot})"><path d="${leaf}" fill="${lin(['#4caf50', '#2e7d32', '#1b5e20'])}"/><path d="${veins}" stroke="#1b5e20" stroke-width="2" opacity=".35" clip-path="${clip(leaf)}"/><path d="M${-len / 2},0H${len / 2}" stroke="#c5e1a5" stroke-width="6"/></g>`
}
/** Stylised island seen from above: reef halo, sand rim, forest. @param {number} x @param {number} y @param {number} rx @param {number} ry */
function topIsland(x, y, rx, ry, rot = 0) {
	const d = blob(x, y, rx, ry, 0.3, 14, rot)
	return `<path d="${d}" fill="${C.turqL}" opacity=".8" filter="${blur(Math.max(6, rx * 0.15))}" transform="translate(${f(x * -0.15)},${f(y * -0.15)}) scale(1.15)"/><path d="${d}" fill="${C.sand}"/><path d="${d}" fill="${lin([C.leafL, C.emerald, C.emeraldD], 0, 0, 1, 1)}" transform="translate(${f(x * 0.1)},${f(y * 0.1)}) scale(.9)"/>`
}

// ---------- scenes ----------
const S = /** @type {Record<string, () => string>} */ ({})

S['hero-havelock-beach'] = () => {
	const hz = 430
	const shore = qcurve([200, 1020], [700, 640], [1620, 560], 5)
	const back = qcurve([900, 622], [1250, 560], [1620, 505], 3, 40)
	const top = back.map(([x, y], i) => /** @type {Pt} */ ([x, y - 10 - (i / 40) * 190 - rnd(0, 14)]))
	return [
		sky([
			[0, '#3e9ad4'],
			[0.3, '#8fcbea'],
			[0.43, '#f4ecd6'],
		]),
		sun(1180, 170, 42),
		clouds(5, 80, 300),
		island(380, hz, 560, 34, '#8ab8b8', { pow: 2.2 }),
		island(860, hz, 240, 20, '#9cc6c4', { pow: 2 }),
		sea(hz, [
			[0, '#2378b4'],
			[0.3, '#1597bd'],
			[0.65, '#27bfbf'],
			[1, '#6fe3d3'],
		]),
		glitter(1180, hz + 4, 620),
		beach(shore, { band: 90 }),
		speckle(700, 640, W, H, 500, '#b89b6a', 0.25),
		`<path d="${P(back)}${P([...top].reverse()).replace('M', 'L')}Z" fill="${lin([C.emerald, C.emeraldD])}"/>`,
		canopy(top, 26, C.emerald, C.leafL),
		palm(1020, 622, 200, -30, { leaf: '#2b7a4e' }),
		palm(1300, 585, 260, 40, { leaf: '#2b7a4e' }),
		boat(560, 700, 48, { dir: -1 }),
		`<ellipse cx="1180" cy="930" rx="420" ry="40" fill="#7a5c2f" opacity=".15" transform="rotate(-8 1180 930)"/>`,
		palm(1470, 1040, 830, -330),
		palm(1590, 1040, 640, -150, { n: 8 }),
	].join('')
}

S['kalapathar-beach'] = () => {
	const hz = 470
	const shore = wob(-20, 770, W + 20, 735, 10)
	const dark = { fill: '#26252b', hi: '#55545f' }
	return [
		sky([
			[0, '#4aa0d6'],
			[0.35, '#a9d9ee'],
			[0.47, '#f5efdc'],
		]),
		sun(300, 160, 38),
		clouds(4, 90, 280),
		island(1250, hz, 700, 60, '#6f9f98', { pow: 2.4, trees: 10, treeCol: '#6f9f98' }),
		sea(
			hz,
			[
				[0, '#1f6fa8'],
				[0.45, '#1a9fbd'],
				[1, '#4fd6cb'],
			],
			{ y1: 790 },
		),
		beach(shore, { band: 60 }),
		speckle(0, 760, W, H, 450, '#a88d60', 0.25),
		rock(760, 700, 150, 60, { ...dark, foam: '#fff' }),
		rock(880, 690, 90, 38, { ...dark, foam: '#fff' }),
		rock(1080, 660, 70, 26, { ...dark, foam: '#fff' }),
		rock(620, 720, 80, 30, { ...dark, foam: '#fff' }),
		rock(1180, 860, 420, 190, dark),
		rock(1420, 900, 330, 150, dark),
		rock(960, 900, 200, 80, dark),
		rock(180, 960, 360, 170, dark),
		`<path d="${P(qcurve([-20, 380], [420, 400], [600, 790], 10))}L-20,800Z" fill="${lin([C.emerald, C.emeraldD])}"/>`,
		canopy(qcurve([-20, 380], [420, 400], [590, 775], 10, 26), 38, C.emerald, C.leafL),
		tree(420, 800, 300, { w: 0.7 }),
		rock(520, 820, 180, 80, dark),
		palm(160, 800, 560, 260, { n: 10 }),
		palm(60, 820, 480, 140),
		palm(300, 790, 330, 200, { leaf: '#3a9a5e' }),
	].join('')
}

S['snorkeling'] = () =>
	[
		underwater(['#7fe3dc', '#35b9c6', '#137aa6', '#083b62']),
		reefBed(820, 7, 9),
		school(1150, 420, 28, 170, 16, '#ffd23f', -1, { fin: '#ffb000' }),
		school(420, 560, 14, 130, 20, '#3f7fe0', 1, { fin: '#f5c400' }),
		fish(800, 700, 30, '#ff7b1c', { stripe: '#fff', fin: '#ff7b1c' }),
		fish(930, 760, 24, '#ff7b1c', { stripe: '#fff', dir: -1 }),
		fish(300, 350, 44, '#2b6fd6', { fin: '#ffd23f', tall: 1.1 }),
		swimmer(820, 120, 150, { dir: -1 }),
		bubbles(720, 150, 14, 20, 80),
	].join('')

S['sea-walking'] = () =>
	[
		underwater(['#a6f0e6', '#55cfd0', '#1f97b8', '#0f6a92'], 12),
		`<path d="M520,-10Q800,110 1080,-10Z" fill="#0d3b4f" opacity=".8"/><path d="M800,60C760,200 880,320 850,470" fill="none" stroke="#f2c14e" stroke-width="7"/>`,
		reefBed(800, 5, 7, ['#b9e3cf', '#6fb8a8']),
		helmetWalker(850, 900, 170),
		school(380, 420, 18, 150, 18, '#ffd23f', 1, { fin: '#ffb000' }),
		fish(1180, 560, 40, '#2b6fd6', { fin: '#ffd23f', dir: -1 }),
		fish(1040, 700, 26, '#ff7b1c', { stripe: '#fff', dir: -1 }),
		bubbles(860, 560, 16, 14, 280),
	].join('')

S['scuba-diving'] = () =>
	[
		underwater(['#2fb1c4', '#137aa6', '#0a4f80', '#052a48'], 6, 0.14),
		reefBed(830, 6, 8, ['#5f9c98', '#244f5e']),
		turtle(1180, 380, 110, -1),
		swimmer(620, 520, 190, { tank: true, suit: '#1d2b3a', kit: '#ffd34d' }),
		bubbles(760, 480, 22, 30, 480),
		school(1000, 700, 24, 200, 14, '#cfe8ff', -1, { fin: '#9cc9ea' }),
		fish(300, 300, 40, '#ffd23f', { fin: '#222', stripe: '#222', tall: 1.3 }),
	].join('')

S['barren-island'] = () => {
	const hz = 600
	return [
		sky([
			[0, '#6a8fb0'],
			[0.4, '#c9c7c0'],
			[0.6, '#f0dcc0'],
		]),
		clouds(3, 80, 240, { shade: '#b8bcc4', op: 0.8 }),
		plume(820, 300, 300, '#8a8a92', 420),
		`<circle cx="800" cy="300" r="60" fill="#ff7a2a" opacity=".5" filter="${blur(20)}"/>`,
		island(
			800,
			hz,
			1000,
			320,
			lin([
				[0, '#4a3f3a'],
				[0.6, '#3a302c'],
				[1, '#2a2421'],
			]),
			{ pow: 1.25, flat: 0.1, rough: 0.03 },
		),
		`<path d="M790,290L760,420L780,520L740,600M815,295L850,420L830,600" fill="none" stroke="#ff8a3a" stroke-width="5" opacity=".6"/>`,
		island(800, hz + 2, 1100, 40, '#3f6a48', { pow: 4, trees: 10, treeCol: '#3f6a48', hi: '#5a8a5a' }),
		sea(hz, [
			[0, '#3a6f96'],
			[0.5, '#1f5f8a'],
			[1, '#134a70'],
		]),
		boat(1250, 800, 110, { roof: C.coral }),
		birds(4, 300, 300, 80, '#2a2f3a', 12),
	].join('')
}

S['bioluminescence'] = () => {
	const hz = 560,
		glowPath = `${P(wob(-20, hz + 60, W + 20, hz + 90, 14))}M760,800q140,-50 300,10M560,860q200,40 420,-20M980,760q100,30 260,-10`
	let stars = '',
		sparks = ''
	for (let i = 0; i < 120; i++) stars += circ(rnd(0, W), rnd(0, hz - 80), rnd(0.6, 1.8))
	for (let i = 0; i < 260; i++) sparks += circ(rnd(0, W), hz + 40 + rnd(0, 440) * R(), rnd(1, 3))
	const mg = rep(14, (i) => mangrove(i * 120 + rnd(-30, 30), hz + 20, rnd(180, 280), '#05090f', '#07101a', '#0c1c2a'))
	return [
		sky([
			[0, '#03060f'],
			[0.4, '#0a1a33'],
			[0.56, '#12345a'],
		]),
		`<path d="${stars}" fill="#e8f4ff"/>`,
		`<circle cx="1300" cy="140" r="40" fill="#f3f1e6"/><circle cx="1300" cy="140" r="160" fill="${rad([
			[0, '#cfe4ff', 0.35],
			[1, '#cfe4ff', 0],
		])}"/>`,
		under(ridge(hz - 30, 80), '#050b14'),
		mg,
		`<rect x="0" y="${hz + 20}" width="${W}" height="${H - hz}" fill="${lin(['#04121e', '#020810'])}"/>`,
		`<path d="${glowPath}" fill="none" stroke="#2cf0ff" stroke-width="26" opacity=".35" filter="${blur(14)}"/><path d="${glowPath}" fill="none" stroke="#9ffcff" stroke-width="4" opacity=".8"/>`,
		`<path d="${sparks}" fill="#5ff5ff" opacity=".7"/>`,
		`<path d="M620,805Q900,780 1120,805Q900,830 620,805Z" fill="#ffb347"/><path d="M620,805Q900,780 1120,805" fill="none" stroke="#c46a1a" stroke-width="4"/>`,
		person(880, 800, 90, { col: '#3a5878', pose: 'stand' }).replace(/M-4,-46L-5,-2M4,-46L5,-2/, ''),
		`<path d="M780,700L1000,880" stroke="#2a4058" stroke-width="6"/><ellipse cx="1000" cy="880" rx="40" ry="14" fill="#2cf0ff" opacity=".6" filter="${blur(8)}"/>`,
	].join('')
}

S['ferry'] = () => {
	const hz = 470,
		y = 690,
		x = 900
	const hullD = `M${x - 420},${y}L${x + 300},${y}L${x + 420},${y - 60}L${x - 400},${y - 60}Z`
	return [
		sky([
			[0, '#3f9ad6'],
			[0.35, '#a2d3ec'],
			[0.47, '#eef2e4'],
		]),
		sun(1300, 140, 36),
		clouds(5, 60, 260),
		island(350, hz, 700, 70, '#6f9f98', { pow: 2, trees: 12, treeCol: '#6f9f98' }),
		island(1350, hz, 500, 40, '#86b3ad', { pow: 2 }),
		sea(
			hz,
			[
				[0, '#1c6aa6'],
				[0.4, '#1690bd'],
				[1, '#1b7cab'],
			],
			{ n: 200 },
		),
		`<path d="M${x - 420},${y + 10}Q${x - 800},${y + 30} -20,${y + 120}V${y + 200}Q${x - 700},${y + 70} ${x - 400},${y + 20}Z" fill="#fff" opacity=".6" filter="${blur(6)}"/>`,
		`<path d="${hullD}" fill="#f4f6f8"/><path d="M${x - 410},${y - 20}L${x + 340},${y - 20}" stroke="${C.teal}" stroke-width="14"/><path d="M${x - 420},${y}L${x + 300},${y}" stroke="#1b2f45" stroke-width="10"/>`,
		`<path d="M${x - 360},${y - 60}L${x - 350},${y - 150}L${x + 180},${y - 150}L${x + 300},${y - 60}Z" fill="#ffffff"/><path d="M${x - 330},${y - 110}L${x + 200},${y - 110}L${x + 232},${y - 82}L${x - 330},${y - 82}Z" fill="#1b2f45"/>`,
		`<path d="M${x - 300},${y - 150}L${x - 290},${y - 200}L${x + 80},${y - 200}L${x + 140},${y - 150}Z" fill="#eef2f5"/><path d="M${x - 270},${y - 185}H${x + 70}" stroke="#1b2f45" stroke-width="14" stroke-dasharray="40 8"/>`,
		`<path d="M${x - 200},${y - 200}V${y - 250}M${x - 200},${y - 250}h40" stroke="#555" stroke-width="5"/><path d="M${x + 300},${y + 6}Q${x + 360},${y + 24} ${x + 440},${y + 4}" stroke="#fff" stroke-width="8" fill="none" opacity=".8"/>`,
		`<path d="M${x - 420},${y + 8}h720" stroke="#0e2233" stroke-width="16" opacity=".25" filter="${blur(6)}"/>`,
		birds(3, 1200, 300, 60, '#2a3a4a', 12),
	].join('')
}

S['monsoon-weather'] = () => {
	const hz = 560
	let rain = ''
	for (let i = 0; i < 420; i++) {
		const x = rnd(-200, W),
			y = rnd(-50, H),
			l = rnd(30, 70)
		rain += `M${f(x)},${f(y)}l${f(l * 0.35)},${f(l)}`
	}
	let caps = ''
	for (let i = 0; i < 60; i++) {
		const t = R(),
			x = rnd(0, W),
			y = hz + 10 + t * 420,
			w = 20 + t * 90
		caps += `M${f(x)},${f(y)}q${f(w / 2)},${f(-6 - t * 10)} ${f(w)},0`
	}
	return [
		sky([
			[0, '#2b333d'],
			[0.35, '#4f5b66'],
			[0.56, '#8a959c'],
		]),
		[0, 1, 2].map((k) => clouds(6, 40 + k * 110, 120 + k * 120, { col: ['#3d4650', '#56616b', '#6e7a84'][k], shade: '#262d35', op: 0.95 })).join(''),
		`<path d="M1080,120L1040,260L1090,250L1040,400" fill="none" stroke="#eaf2ff" stroke-width="5" opacity=".9"/><circle cx="1060" cy="260" r="120" fill="#cfe0ff" opacity=".15" filter="${blur(30)}"/>`,
		island(400, hz, 700, 60, '#4a5a58', { pow: 2 }),
		sea(
			hz,
			[
				[0, '#44565e'],
				[0.5, '#35515c'],
				[1, '#24404c'],
			],
			{ n: 220, op: 0.35 },
		),
		`<path d="${caps}" fill="none" stroke="#e8f0f0" stroke-width="5" stroke-linecap="round" opacity=".7"/>`,
		under(wob(-20, 900, 700, 960, 10), '#4a4438'),
		palm(180, 1000, 560, 220, { leaf: '#2a5a40', leafD: '#1a3a2a', trunk: '#5a4a3a' }),
		`<path d="${rain}" stroke="#dbe6ee" stroke-width="2" opacity=".45" stroke-linecap="round"/>`,
		`<rect width="${W}" height="${H}" fill="#8a9aa6" opacity=".12"/>`,
	].join('')
}

S['andaman-food'] = () => {
	let rice = '',
		bits = ''
	for (let i = 0; i < 160; i++) rice += `M${f(560 + rnd(-150, 150) * Math.sqrt(R()))},${f(560 + rnd(-120, 120) * Math.sqrt(R()))}l6,2`
	for (let i = 0; i < 24; i++) bits += circ(980 + rnd(-110, 110), 430 + rnd(-110, 110), rnd(3, 7))
	return [
		planks(),
		bananaLeaf(760, 520, 1300, -12),
		`<path d="${blob(560, 560, 170, 140, 0.12)}" fill="#f8f6f0"/><path d="${rice}" stroke="#e2ddd0" stroke-width="3" stroke-linecap="round"/>`,
		bowl(980, 430, 170, '#e0662a', '#efe6d6'),
		`<path d="${blob(940, 400, 60, 30, 0.1, 10, 0.4)}${blob(1040, 470, 55, 28, 0.1, 10, -0.3)}" fill="#f3d9a8"/><path d="${bits}" fill="#3f8a2a"/><circle cx="960" cy="460" r="150" fill="${rad(
			[
				[0, '#fff', 0.25],
				[1, '#fff', 0],
			],
			0.3,
			0.3,
			0.4,
		)}"/>`,
		`<g transform="rotate(-18 700 820)"><path d="M520,820Q620,740 760,780L840,740L820,820L840,900L760,860Q620,900 520,820Z" fill="${lin(['#c9822a', '#8a4a1a'])}"/><path d="M580,790l20,60M630,780l20,70M680,785l20,65M730,795l15,50" stroke="#4a2410" stroke-width="7" opacity=".6"/><circle cx="560" cy="812" r="7" fill="#fff"/></g>`,
		bowl(1300, 700, 110, '#e8b93a'),
		bowl(1320, 330, 80, '#4f9a3a'),
		`<circle cx="312" cy="316" r="150" fill="#000" opacity=".3" filter="${blur(10)}"/><circle cx="300" cy="300" r="150" fill="#6b4423"/><path d="${[...Array(40).keys()].map((i) => `M${f(300 + Math.cos(i * 0.157) * 128)},${f(300 + Math.sin(i * 0.157) * 128)}l${f(Math.cos(i * 0.157 + 0.4) * 24)},${f(Math.sin(i * 0.157 + 0.4) * 24)}`).join('')}" stroke="#4a2c14" stroke-width="4"/><circle cx="300" cy="300" r="118" fill="#fbf7ee"/><circle cx="300" cy="300" r="92" fill="${rad(
			[
				[0, '#f4f8f0'],
				[1, '#d8e4d0'],
			],
		)}"/><path d="M330,220L250,420" stroke="#ff6f61" stroke-width="12" stroke-linecap="round"/>`,
		`<path d="${circ(300, 760, 70)}" fill="#a5c83a"/><path d="${circ(300, 760, 58)}" fill="#d8ec8a"/><path d="M300,702V818M242,760H358M259,719L341,801M341,719L259,801" stroke="#f2f8d8" stroke-width="4"/>`,
		`<path d="M1150,880q60,-30 120,10" fill="none" stroke="#d8261a" stroke-width="16" stroke-linecap="round"/><path d="M1270,890l18,-12" stroke="#3f8a2a" stroke-width="6"/><path d="M1180,930q60,-20 110,20" fill="none" stroke="#2f8a2a" stroke-width="14" stroke-linecap="round"/>`,
	].join('')
}

S['andaman-culture'] = () => {
	const cloths = [
		['zig', C.coral, '#ffd34d'],
		['stripes', C.teal, '#f4efe6'],
		['dots', '#8e3b8a', '#ffd34d'],
		['checks', '#2f6fb0', '#e9f1f7'],
		['zig', '#1f7a4d', C.coral],
		['stripes', '#ffb14e', '#8a2a1a'],
	]
	let hang = '',
		shells = ''
	cloths.forEach(([t, a, b], i) => {
		const x = 90 + i * 240,
			w = 200,
			h = rnd(330, 420)
		hang += `<path d="M${x},250L${x + w},250L${x + w - 6},${f(250 + h)}Q${x + w / 2},${f(260 + h)} ${x + 6},${f(250 + h)}Z" fill="${patt(t ?? 'zig', a ?? '#fff', b ?? '#000', 30 + i * 2)}"/><path d="M${x},250L${x + w},250L${x + w - 6},${f(250 + h)}L${x + 6},${f(250 + h)}Z" fill="${lin(
			[
				[0, '#000', 0.15],
				[0.5, '#000', 0],
				[1, '#000', 0.2],
			],
			0,
			0,
			1,
			0,
		)}"/>`
	})
	for (let i = 0; i < 12; i++)
		shells += shell(120 + i * 120 + rnd(-20, 20), 880 + rnd(-20, 30), rnd(22, 34), pick(['#f7d9c4', '#fff1e0', '#f4b8a0', '#e9c9a0']))
	let beads = ''
	for (let k = 0; k < 4; k++)
		for (let i = 0; i <= 30; i++) {
			const a = Math.PI * (i / 30),
				r = 70 + k * 10
			beads += `<circle cx="${f(900 + k * 150 + Math.cos(a) * r * 0.6)}" cy="${f(760 + Math.sin(a) * r * 0.5)}" r="6" fill="${pick([C.coral, C.turq, '#ffd34d', '#fff'])}"/>`
		}
	return [
		sky([
			[0, '#f6e3c4'],
			[1, '#d9b98c'],
		]),
		`<rect x="0" y="0" width="${W}" height="250" fill="${patt('stripes', C.coral, '#fff4e6', 120)}" transform="skewX(0)"/><path d="${[...Array(21).keys()].map((i) => `M${i * 80},250a40,30 0 0,0 80,0`).join('')}" fill="${C.coral}"/>`,
		`<path d="M0,250H${W}" stroke="#7a4a2a" stroke-width="12"/>`,
		hang,
		`<rect x="0" y="700" width="${W}" height="300" fill="${lin(['#a8723f', '#6e4529'])}"/><path d="M0,700H${W}" stroke="#4a2c16" stroke-width="10"/>`,
		beads,
		`<path d="M300,830C260,760 380,700 460,740C520,770 520,840 470,860C420,880 330,880 300,830Z" fill="${lin(['#fff3e6', '#f2b8a0'])}"/><path d="M330,820C360,780 420,770 460,800M300,830L250,850" stroke="#c48f74" stroke-width="5" fill="none"/>`,
		shells,
		`<ellipse cx="1420" cy="780" rx="110" ry="50" fill="#c8a060"/><path d="M1310,780Q1420,640 1530,780" fill="none" stroke="#8a6a30" stroke-width="10"/><path d="M1320,790h200M1330,770h180" stroke="#a07a40" stroke-width="4"/>`,
	].join('')
}

S['ltc-travel'] = () => {
	let isl = '',
		cl = ''
	;[
		[300, 640, 160, 70, 0.3],
		[760, 820, 110, 50, -0.2],
		[1180, 560, 220, 80, 0.6],
		[560, 380, 80, 40, 0],
		[1420, 880, 120, 60, 0.2],
		[1420, 250, 90, 40, 0.4],
		[150, 160, 100, 50, -0.3],
	].forEach(([x, y, rx, ry, r]) => (isl += topIsland(x ?? 0, y ?? 0, rx ?? 0, ry ?? 0, r)))
	for (let i = 0; i < 7; i++) {
		const x = rnd(0, W),
			y = rnd(0, H),
			d = blob(x, y, rnd(90, 200), rnd(40, 80), 0.35, 12)
		cl += `<path d="${d}" fill="#0a3050" opacity=".18" transform="translate(40,60)" filter="${blur(12)}"/><path d="${d}" fill="#fff" opacity=".85" filter="${blur(6)}"/>`
	}
	const plane =
		'M0,-260C16,-260 22,-230 22,-200L22,-40L260,60L260,92L22,40L18,200L80,250L80,270L0,255L-80,270L-80,250L-18,200L-22,40L-260,92L-260,60L-22,-40L-22,-200C-22,-230 -16,-260 0,-260Z'
	return [
		sky([
			[0, '#1c8fbf'],
			[1, '#0d5f94'],
		]),
		sea(
			0,
			[
				[0, '#1c8fbf', 0],
				[1, '#0d5f94', 0],
			],
			{ n: 160, op: 0.18 },
		),
		isl,
		cl,
		`<g transform="translate(980,470) rotate(-58)"><path d="${plane}" fill="#0a2a40" opacity=".25" transform="translate(-60,90) scale(.9)" filter="${blur(6)}"/><path d="${plane}" fill="${lin(['#ffffff', '#dfe6ec'], 0, 0, 1, 0)}"/><path d="M-22,-40L-260,60L-260,72L-22,-20ZM22,-40L260,60L260,72L22,-20Z" fill="${C.teal}" opacity=".7"/><path d="M-130,20l0,40M130,20l0,40" stroke="#8a98a4" stroke-width="22" stroke-linecap="round"/><path d="M-10,-235Q0,-245 10,-235L10,-222L-10,-222Z" fill="#234"/><path d="M-80,255L0,240L80,255" stroke="${C.coral}" stroke-width="8" fill="none"/></g>`,
	].join('')
}

S['what-to-wear'] = () => {
	const shadow = (/** @type {string} */ d) => `<path d="${d}" fill="#5a4020" opacity=".22" transform="translate(12,16)" filter="${blur(8)}"/>`
	const shirt = 'M760,300L860,260Q900,290 940,260L1040,300L1110,420L1040,450L1020,420L1020,700L780,700L780,420L760,450L690,420Z'
	const shorts = 'M1160,560L1420,560L1440,860L1320,860L1290,680L1260,860L1140,860Z'
	const flop = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ r) =>
		`<g transform="rotate(${r} ${x} ${y})"><path d="${circ(x, y, 55, 120)}" fill="#000" opacity=".2" transform="translate(10,14)" filter="${blur(6)}"/><path d="${circ(x, y, 55, 120)}" fill="${C.coral}"/><path d="M${x},${y - 70}L${x - 45},${y + 10}M${x},${y - 70}L${x + 45},${y + 10}" stroke="#f6efe2" stroke-width="12" stroke-linecap="round"/></g>`
	return [
		sky([
			[0, '#f5ecdc'],
			[1, '#ead9bd'],
		]),
		`<path d="${P(wob(-20, 120, W + 20, 160, 6, 40))}" stroke="#e0cba6" stroke-width="2" fill="none"/>`,
		shadow(circ(380, 330, 230)),
		`<circle cx="380" cy="330" r="230" fill="${rad([
			[0, '#e9c77e'],
			[1, '#c9a052'],
		])}"/><circle cx="380" cy="330" r="120" fill="#d9b46a"/><path d="${circ(380, 330, 122)}" fill="none" stroke="${C.teal}" stroke-width="20"/><path d="${[...Array(14).keys()].map((i) => `M${f(380 + Math.cos(i * 0.45) * 150)},${f(330 + Math.sin(i * 0.45) * 150)}L${f(380 + Math.cos(i * 0.45) * 225)},${f(330 + Math.sin(i * 0.45) * 225)}`).join('')}" stroke="#b88e42" stroke-width="3" opacity=".5"/>`,
		shadow(shirt),
		`<path d="${shirt}" fill="${patt('stripes', '#f6f8fa', '#bfe3ee', 30)}"/><path d="M860,260L900,330L940,260M900,330V700" stroke="#9ab8c4" stroke-width="4" fill="none"/>`,
		shadow(shorts),
		`<path d="${shorts}" fill="${C.teal}"/><path d="M1160,590H1425" stroke="#0e6a6a" stroke-width="6"/>`,
		`<g transform="translate(380,760) rotate(-8)"><path d="M-190,0a80,60 0 1,0 160,0a80,60 0 1,0 -160,0M30,0a80,60 0 1,0 160,0a80,60 0 1,0 -160,0" fill="#1d2b3a"/><path d="M-30,-10Q0,-30 30,-10" stroke="#1d2b3a" stroke-width="10" fill="none"/><path d="M-160,-20a40,20 0 0,1 60,-10M60,-20a40,20 0 0,1 60,-10" stroke="#6fa8c8" stroke-width="8" fill="none"/></g>`,
		flop(1380, 290, 18),
		flop(1500, 330, 28),
		`<g transform="rotate(20 700 860)"><rect x="660" y="760" width="80" height="200" rx="20" fill="#ffd34d"/><rect x="675" y="730" width="50" height="40" rx="8" fill="${C.coral}"/><path d="M670,840h60" stroke="#fff" stroke-width="10"/></g>`,
		shell(1000, 900, 30),
		shell(1080, 920, 20, '#f4b8a0'),
	].join('')
}

S['travel-planning'] = () => {
	const isl = [
		[700, 240, 50, 200, 0.1],
		[740, 520, 45, 110, 0.15],
		[770, 700, 60, 120, -0.1],
		[960, 640, 45, 25, 0.4],
		[1030, 760, 30, 18, 0.2],
		[660, 920, 55, 45, 0],
		[1180, 330, 25, 40, 0],
	]
	const route = 'M790,720C880,700 920,660 955,640C1000,700 1010,730 1030,760'
	const pin = (/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ c) =>
		`<path d="M${x},${y}c-8,-18 -22,-26 -22,-44a22,22 0 1,1 44,0c0,18 -14,26 -22,44Z" fill="${c}"/><circle cx="${x}" cy="${y - 44}" r="8" fill="#fff"/>`
	let grid = ''
	for (let i = 1; i < 8; i++) grid += `M${240 + i * 140},60V${H - 60}M240,${60 + i * 110}H1360`
	return [
		planks('#9a6a44', '#84583a'),
		`<rect x="250" y="70" width="1120" height="880" fill="#000" opacity=".3" filter="${blur(12)}"/><rect x="240" y="60" width="1120" height="880" fill="${lin(['#bfe6ec', '#8fcfdc'])}"/>`,
		`<path d="M613,60V940M986,60V940" stroke="#6aa6b4" stroke-width="3" opacity=".5"/><path d="${grid}" stroke="#fff" stroke-width="1.5" opacity=".45"/>`,
		isl
			.map(
				([x, y, rx, ry, r]) =>
					`<path d="${blob(x ?? 0, y ?? 0, rx ?? 0, ry ?? 0, 0.25, 14, r)}" fill="#f3e2b8" stroke="#d8c08a" stroke-width="3"/><path d="${blob(x ?? 0, y ?? 0, (rx ?? 0) * 0.75, (ry ?? 0) * 0.8, 0.2, 12, r)}" fill="#7cbf7a"/>`,
			)
			.join(''),
		`<path d="${route}" fill="none" stroke="${C.coral}" stroke-width="7" stroke-dasharray="18 12" stroke-linecap="round"/>`,
		pin(790, 720, C.coral),
		pin(955, 640, '#ffb14e'),
		pin(1030, 760, C.teal),
		`<g transform="translate(1180,800)"><circle r="70" fill="none" stroke="#2a4d6e" stroke-width="4"/><path d="M0,-90L14,0L0,90L-14,0Z" fill="#2a4d6e"/><path d="M0,-90L14,0L-14,0Z" fill="${C.coral}"/><path d="M-90,0L0,10L90,0L0,-10Z" fill="#2a4d6e" opacity=".7"/></g>`,
		`<g transform="rotate(-20 1460 760)"><rect x="1400" y="620" width="180" height="250" rx="10" fill="#1f5a3a"/><rect x="1400" y="620" width="24" height="250" fill="#174a2e"/><rect x="1440" y="900" width="20" height="150" fill="#ffd34d" transform="rotate(30 1450 900)"/></g>`,
		`<circle cx="140" cy="800" r="95" fill="#000" opacity=".3" filter="${blur(10)}"/><circle cx="130" cy="790" r="90" fill="#f4efe6"/><circle cx="130" cy="790" r="68" fill="#5a3420"/><path d="M220,790a30,30 0 0,1 40,30" stroke="#f4efe6" stroke-width="16" fill="none"/>`,
	].join('')
}

S['radhanagar-beach'] = () => {
	const hz = 450,
		shore = [/** @type {Pt} */ ([-20, 478]), ...qcurve([560, 476], [1000, 600], [1560, 1020], 5)]
	const edge = qcurve([-20, 760], [250, 530], [620, 470], 3, 40)
	const top = edge.map(([x, y], i) => /** @type {Pt} */ ([x, y - 25 - 720 * (1 - i / 40) ** 1.7]))
	let trees = ''
	for (let i = 13; i >= 0; i--) {
		const [x, y] = edge[Math.min(40, i * 3)] ?? [0, 0]
		trees += tree(x + rnd(-10, 10), y + 6, 60 + (1 - i / 13) ** 1.5 * 620, { leaf: i % 2 ? C.emerald : '#24704a', w: 0.5 })
	}
	const surf = [1, 2, 3].map((i) => P(shift(shore.slice(22), -20 * i, -40 * i))).join('')
	return [
		sky([
			[0, '#4f9fd3'],
			[0.3, '#a9d4e8'],
			[0.45, '#f7dfb0'],
		]),
		sun(1310, 250, 40, '#fff7e6', '#ffdca0', 7),
		clouds(4, 90, 260),
		island(900, hz, 520, 26, '#6f9f98', { pow: 2.2 }),
		sea(hz, [
			[0, '#236fa6'],
			[0.4, '#1e9ab8'],
			[1, '#49d1c6'],
		]),
		glitter(1310, hz + 4, 700, '#fff1cf', 110, 60),
		`<path d="${surf}" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="90 40 30 60" opacity=".5"/>`,
		beach(shore, { band: 80, top: hz + 2 }),
		speckle(0, 520, 1300, H, 450, '#b3965f', 0.25),
		`<path d="${P(edge)}${P([...top].reverse()).replace('M', 'L')}Z" fill="${lin(['#1d6844', C.emeraldD])}"/>`,
		canopy(top, 30, '#1d6844', C.leaf),
		trees,
		person(790, 560, 34, { top: C.coral, bottom: '#2a4d6e', skin: '#8a5a3c', hair: '#222', pose: 'walk' }),
		person(815, 562, 31, { top: '#fff', bottom: C.teal, skin: '#8a5a3c', hair: '#222', dress: true, pose: 'walk' }),
		person(1000, 700, 60, { top: '#ffd34d', bottom: '#333', skin: '#6e4630', hair: '#111', pose: 'wave', dir: -1 }),
		footprints(qcurve([1010, 1000], [930, 800], [1000, 720], 0, 14)),
	].join('')
}

S['neil-island'] = () => {
	const hz = 420,
		flat = wob(-20, 660, W + 20, 690, 8)
	let pools = '',
		stones = ''
	for (let i = 0; i < 14; i++) pools += circ(rnd(0, W), rnd(720, 980), rnd(40, 140), rnd(10, 34))
	for (let i = 0; i < 40; i++) stones += circ(rnd(0, W), rnd(700, 1000), rnd(4, 16), rnd(3, 8))
	return [
		sky([
			[0, '#3f98d4'],
			[0.3, '#96cfea'],
			[0.42, '#eef3e6'],
		]),
		sun(260, 150, 36),
		clouds(5, 70, 260),
		island(1350, hz, 420, 40, '#7fb0a8', { pow: 2, trees: 8 }),
		sea(hz, [
			[0, '#1e70aa'],
			[0.4, '#179fbe'],
			[1, '#6fe3d3'],
		]),
		`<path d="${P(shift(flat, 0, -40))}L${W + 20},${H}L-20,${H}Z" fill="${C.turqL}" opacity=".7" filter="${blur(14)}"/>`,
		under(flat, lin(['#a48f68', '#7d6b4c', '#5f5139'])),
		`<path d="${pools}" fill="${lin(['#8fe6dc', '#3cbfbd'])}" stroke="#d8f8f2" stroke-width="3"/>`,
		`<path d="${stones}" fill="#4e4333" opacity=".55"/>`,
		speckle(0, 690, W, H, 500, '#e6d3a8', 0.35, 2),
		arch(760, 700, 560, 360),
		branchCoral(300, 900, 40, '#d98560', '#ffd0b0', 3),
		branchCoral(1300, 950, 48, '#c0569a', '#f3b3d8', 3),
		tree(1560, 690, 330, { w: 0.6 }),
		palm(1480, 700, 380, -90),
	].join('')
}

S['laxmanpur-beach'] = () => {
	const hz = 540
	const shells = [0, 1, 2, 3, 4, 5, 6, 7].map(() => shell(rnd(100, 1500), rnd(820, 980), rnd(9, 18), pick(['#f7d9c4', '#fff1e0', '#f4b8a0']))).join('')
	return [
		sky([
			[0, '#34457f'],
			[0.25, '#8a5c8c'],
			[0.42, '#f08a5d'],
			[0.54, '#ffd79a'],
		]),
		sun(575, 505, 34, '#fff3d0', '#ffc070', 7),
		clouds(4, 120, 330, { col: '#f7a98a', shade: '#9b5a7a', op: 0.7 }),
		sea(
			hz,
			[
				[0, '#c0708a'],
				[0.3, '#5d5d94'],
				[1, '#2f4f7c'],
			],
			{ col: '#ffd9a8', op: 0.35 },
		),
		glitter(575, hz + 4, 760, '#ffd08a', 100, 40),
		beach(wob(-20, 780, W + 20, 760, 8), { sand: ['#f0c9a0', '#c98f6a'], shallow: '#e89a7e', wet: '#a87258', band: 40 }),
		arch(585, 700, 560, 420, { fill: '#5a3c36', dark: '#2e1f24', hi: '#8b5a48', green: '#1f3a30', greenHi: '#365a40' }),
		speckle(0, 780, W, H, 400, '#8a5a40', 0.3),
		shells,
		palm(1420, 800, 600, -160, { sil: '#2a1d2a' }),
		palm(1540, 820, 460, -40, { sil: '#2a1d2a' }),
		birds(5, 1100, 260, 120, '#2a1d2a', 14),
	].join('')
}

S['elephant-beach'] = () => {
	const hz = 430,
		shore = qcurve([-20, 740], [800, 700], [1620, 640], 5)
	const head = qcurve([980, 660], [1250, 300], [1620, 300], 10, 40)
	let fleet = ''
	;[
		['#f4f1ea', C.coral],
		['#ffd34d', C.teal],
		['#e9f1f7', '#2f6fb0'],
		['#f6f1e7', '#ff9b3d'],
	].forEach(([h, r], i) => (fleet += boat(280 + i * 230 + rnd(-30, 30), 650 + i * 4, 62 - i * 4, { hull: h, roof: r, dir: i % 2 ? 1 : -1 })))
	return [
		sky([
			[0, '#3b96d3'],
			[0.3, '#9bd2ec'],
			[0.43, '#f1f0df'],
		]),
		sun(420, 140, 34),
		clouds(5, 60, 250),
		sea(hz, [
			[0, '#1f6ea9'],
			[0.35, '#159dbf'],
			[1, '#5ee0cf'],
		]),
		beach(shore, { band: 110 }),
		`<path d="${P([...head, ...shore.filter(([x]) => x >= 980).reverse()])}Z" fill="${lin([C.emerald, C.emeraldD])}"/>`,
		canopy(head, 40, C.emerald, C.leafL),
		palm(1150, 660, 240, -30, { leaf: '#2b7a4e' }),
		fleet,
		`<circle cx="640" cy="690" r="7" fill="${C.coral}"/><path d="M643,688V668" stroke="#ffd34d" stroke-width="3"/><circle cx="820" cy="700" r="7" fill="#ffd34d"/><path d="M823,698V678" stroke="${C.coral}" stroke-width="3"/>`,
		speckle(0, 720, W, H, 500, '#b3965f', 0.25),
		`<path d="M180,930Q520,860 900,800M520,870L600,760M700,835L780,870M320,905L300,830" fill="none" stroke="#d9d2c7" stroke-width="26" stroke-linecap="round"/><path d="M190,925Q520,852 900,795" fill="none" stroke="#f3efe8" stroke-width="8" stroke-linecap="round" opacity=".8"/>`,
		palm(80, 1040, 700, 240),
	].join('')
}

S['family-trip'] = () => {
	const hz = 420,
		shore = wob(-20, 640, W + 20, 620, 10)
	const skin = ['#8a5a3c', '#b97b55', '#6e4630']
	return [
		sky([
			[0, '#45a0d8'],
			[0.3, '#a2d6ee'],
			[0.42, '#f3efdc'],
		]),
		sun(1350, 130, 38),
		clouds(4, 60, 240),
		island(300, hz, 500, 40, '#7fb0a8', { pow: 2.2 }),
		sea(hz, [
			[0, '#2173ac'],
			[0.45, '#1aa3c0'],
			[1, '#62dfd0'],
		]),
		beach(shore, { band: 60 }),
		speckle(0, 640, W, H, 500, '#b3965f', 0.25),
		towel(430, 850, 190, C.coral, '#fff'),
		towel(1050, 880, 200, C.teal, '#ffd34d', 6),
		parasol(520, 820, 260, C.coral),
		parasol(1180, 850, 280, C.teal, '#fdf6e3', 5),
		parasol(1480, 760, 220, '#ffc93c', '#fff', -4),
		`<path d="M760,900h90v-30h-12v-14h-12v14h-16v-30h-10v-10h-10v10h-10v30h-20Z" fill="#dcbf88"/><circle cx="920" cy="905" r="20" fill="#fff"/><path d="M920,885a20,20 0 0,1 20,20h-20ZM900,905a20,20 0 0,0 20,20v-20Z" fill="${C.coral}"/>`,
		person(600, 700, 110, { top: C.teal, bottom: '#234', skin: skin[0], hair: '#1b1b1b', pose: 'hold' }),
		person(660, 705, 62, { top: '#ffd34d', bottom: C.coral, skin: skin[1], hair: '#2a1a12', pose: 'wave' }),
		person(880, 690, 100, { top: '#fff', bottom: C.coral, skin: skin[1], hair: '#2a1a12', dress: true, pose: 'hold', dir: -1 }),
		person(820, 860, 58, { top: C.coral, bottom: '#2f6fb0', skin: skin[2], hair: '#111' }),
		palm(120, 1040, 620, 180),
	].join('')
}

S['honeymoon'] = () => {
	const hz = 560
	return [
		sky([
			[0, '#263a78'],
			[0.25, '#7a4d8c'],
			[0.42, '#e0707a'],
			[0.56, '#ffcf86'],
		]),
		sun(800, hz, 64, '#fff2c8', '#ffb36b', 7),
		clouds(4, 100, 320, { col: '#f59b8c', shade: '#7a4d8c', op: 0.6 }),
		sea(
			hz,
			[
				[0, '#d77a7a'],
				[0.25, '#7a5a8e'],
				[1, '#2c3a6c'],
			],
			{ col: '#ffd2a0', op: 0.3 },
		),
		glitter(800, hz + 3, 780, '#ffcf8a', 120, 50),
		beach(wob(-20, 790, W + 20, 770, 8), { sand: ['#b8777a', '#4a3040'], shallow: '#e79a8a', wet: '#8a5560', foam: '#ffe3d0', band: 40 }),
		footprints(qcurve([1000, 1000], [880, 880], [820, 830], 0, 14), '#2d1d2d'),
		person(770, 830, 190, { col: '#24162a', pose: 'hold' }),
		person(840, 832, 175, { col: '#24162a', pose: 'hold', dress: true, dir: -1 }),
		palm(100, 1040, 760, 240, { sil: '#1e1424', n: 10 }),
		palm(1540, 1040, 640, -200, { sil: '#1e1424' }),
		birds(4, 1150, 300, 100, '#2a1a2e', 15),
	].join('')
}

S['ross-island'] = () => {
	const lawn = wob(-20, 760, W + 20, 740, 8)
	const branch = qcurve([250, 360], [480, 250], [760, 420], 6, 24)
	const roots = branch
		.slice(4)
		.filter((_, i) => i % 2 === 0)
		.map(([x, y]) => P(wob(x, y, x + rnd(-70, 50), rnd(560, 770), 16, 20)))
		.join('')
	return [
		sky([
			[0, '#7fb8d8'],
			[0.5, '#d6e8e0'],
			[0.75, '#f1ecd8'],
		]),
		under(ridge(560, 120, { step: 12 }), '#2f6f4e'),
		canopy(ridge(520, 80, { step: 30 }), 40, '#2f6f4e', '#4f9a62'),
		ruin(330, 770, 620, 380, 4),
		ruin(980, 770, 380, 260, 3),
		tree(250, 770, 720, { w: 0.9, trunk: '#6d5f52' }),
		`<path d="${P(branch)}" fill="none" stroke="#6d5f52" stroke-width="22" stroke-linecap="round"/><path d="${roots}" fill="none" stroke="#7d6e60" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><path d="${roots}" fill="none" stroke="#b0a190" stroke-width="2" opacity=".6"/>`,
		under(lawn, lin(['#6fa84e', '#3f7a34'])),
		speckle(0, 760, W, H, 300, '#2f5f28', 0.4, 2.5),
		deer(1180, 900, 70, '#8a5a32', -1, true),
		deer(1330, 880, 58, '#93623a', 1),
		deer(1450, 930, 44, '#93623a', -1),
		tree(1540, 780, 520, { w: 0.8 }),
	].join('')
}

S['north-bay'] = () => {
	const hz = 520,
		hill = qcurve([560, hz], [1000, 130], [1620, 300], 14, 50)
	return [
		sky([
			[0, '#3c98d6'],
			[0.35, '#9fd2ec'],
			[0.52, '#eef2e2'],
		]),
		sun(240, 150, 34),
		clouds(5, 60, 240),
		island(300, hz, 600, 40, '#86b3ad', { pow: 2 }),
		sea(hz, [
			[0, '#1f6ea9'],
			[0.35, '#159dbf'],
			[1, '#3fcfc6'],
		]),
		`<path d="${P(hill)}L1620,${hz + 6}L560,${hz + 6}Z" fill="${lin([C.emerald, C.emeraldD])}"/>`,
		canopy(hill.slice(2, 40), 36, C.emerald, C.leafL),
		lighthouse(1010, 310, 210),
		canopy(qcurve([680, 470], [1000, 400], [1620, 460], 10, 30), 40, '#256b45', C.leaf),
		`<path d="M560,${hz + 6}L1620,${hz + 6}" stroke="#2a3a30" stroke-width="10" opacity=".5"/>`,
		`<path d="M560,${hz}Q1100,${hz + 40} 1620,${hz + 10}V${hz + 60}Q1100,${hz + 70} 560,${hz}Z" fill="${C.turqL}" opacity=".6" filter="${blur(10)}"/>`,
		`<path d="${circ(450, 780, 260, 60)}${circ(1200, 860, 300, 50)}" fill="${C.turq}" opacity=".35" filter="${blur(20)}"/>`,
		boat(820, 640, 70, { roof: '#2f6fb0' }),
		boat(560, 760, 100, { hull: '#ffd34d', roof: C.coral, dir: -1 }),
		boat(1250, 600, 40, { roof: C.coral }),
		school(1280, 900, 6, 60, 14, '#ffd23f', -1),
	].join('')
}

S['baratang-caves'] = () => {
	const hz = 560,
		cave = `M-20,-20H${W + 20}V${H + 20}H-20Z M220,${H + 20}C180,600 260,250 560,160C800,90 1050,130 1250,260C1450,400 1430,700 1380,${H + 20}Z`
	let drips = '',
		mounds = ''
	for (let i = 0; i < 26; i++) {
		const x = rnd(0, W),
			top = i < 18 ? rnd(80, 260) : rnd(-20, 60),
			l = rnd(60, 260),
			w = rnd(14, 40)
		drips += `M${f(x - w)},${f(top - 60)}L${f(x + w)},${f(top - 60)}Q${f(x + w * 0.3)},${f(top + l * 0.6)} ${f(x)},${f(top + l)}Q${f(x - w * 0.3)},${f(top + l * 0.6)} ${f(x - w)},${f(top - 60)}Z`
	}
	for (let i = 0; i < 8; i++) {
		const x = pick([rnd(0, 300), rnd(1300, W)]),
			l = rnd(80, 240),
			w = rnd(20, 45)
		mounds += `M${f(x - w)},${H + 10}Q${f(x - w * 0.2)},${f(H - l * 0.6)} ${f(x)},${f(H - l)}Q${f(x + w * 0.2)},${f(H - l * 0.6)} ${f(x + w)},${H + 10}Z`
	}
	const rockFill = lin(
		[
			[0, '#8a7a66'],
			[0.5, '#5b4d40'],
			[1, '#2e251e'],
		],
		0,
		0,
		1,
		1,
	)
	const mg = rep(9, (i) => mangrove(250 + i * 130 + rnd(-30, 30), hz + 20 + rnd(0, 20), rnd(170, 260)))
	return [
		sky([
			[0, '#bfe3e8'],
			[0.56, '#f3f0d8'],
		]),
		under(ridge(hz - 60, 90), '#4a7a5a'),
		sea(
			hz,
			[
				[0, '#4f7f6a'],
				[1, '#2a5a4a'],
			],
			{ n: 80, op: 0.25 },
		),
		mg,
		`<path d="M700,${hz + 160}q120,-6 240,0l-30,22h-190Z" fill="#3a2d22"/><path d="M760,${hz + 160}v-40h120v40" fill="none" stroke="#d9573b" stroke-width="6"/><path d="M745,${hz + 122}h150" stroke="#d9573b" stroke-width="10"/>`,
		`<path d="${cave}" fill-rule="evenodd" fill="${rockFill}"/>`,
		`<g clip-path="${clip(cave, 'evenodd')}"><path d="${P(wob(200, 500, 1400, 520, 40, 40))}" fill="none" stroke="#a89478" stroke-width="18" opacity=".25"/></g>`,
		`<path d="${drips}" fill="${lin([
			[0, '#6e5f4e'],
			[1, '#c9b79a'],
		])}"/>`,
		`<path d="${mounds}" fill="${lin([
			[0, '#c9b79a'],
			[1, '#4e4034'],
		])}"/>`,
		`<path d="${cave}" fill-rule="evenodd" fill="none" stroke="#f1e6c8" stroke-width="14" opacity=".25" filter="${blur(8)}"/>`,
	].join('')
}

S['port-blair'] = () => {
	const hz = 500,
		hills = ridge(hz - 40, 200, { step: 10, freq: 0.8 })
	let town = ''
	for (let i = 0; i < 120; i++) {
		const x = rnd(0, W),
			[, hy] = hills[Math.max(0, Math.min(hills.length - 1, Math.round((x + 20) / 10)))] ?? [0, hz]
		const y = rnd(hy + 30, hz + 4),
			w = rnd(14, 30),
			h = rnd(10, 22)
		town += `<rect x="${f(x)}" y="${f(y - h)}" width="${f(w)}" height="${f(h)}" fill="${pick(['#f4efe4', '#f2c6a0', '#e7e0cf', '#f7d98a', '#cfe3ea'])}"/><path d="M${f(x - 2)},${f(y - h)}l${f(w / 2 + 2)},-6l${f(w / 2 + 2)},6Z" fill="${pick(['#b4563f', '#7f4a3a', '#4f6d7a'])}"/>`
	}
	return [
		sky([
			[0, '#5aa5d6'],
			[0.35, '#b6dced'],
			[0.5, '#f2ecd8'],
		]),
		clouds(5, 60, 230),
		under(ridge(hz - 150, 120, { step: 12 }), '#7fa898'),
		under(hills, lin(['#3f8a5a', '#2a6b45'])),
		canopy(
			hills.filter((_, i) => i % 3 === 0),
			20,
			'#3f8a5a',
			C.leafL,
		),
		town,
		sea(hz, [
			[0, '#2a79a8'],
			[0.5, '#1e8fb0'],
			[1, '#156f95'],
		]),
		`<path d="M0,${hz + 70}H520V${hz + 90}H0Z" fill="#8c8c8c"/><path d="M0,${hz + 90}H520" stroke="#555" stroke-width="4"/><path d="M40,${hz + 70}V${hz - 40}L140,${hz - 40}M120,${hz - 40}V${hz + 10}" stroke="#e0a03a" stroke-width="6" fill="none"/>`,
		ship(360, hz + 130, 170, { cargo: true }),
		ship(1100, hz + 60, 120, { hull: '#f4f1ea', deck: '#ffffff', funnel: C.coral, dir: -1 }),
		ship(1400, hz + 30, 70, { hull: '#2f6fb0', dir: -1 }),
		boat(800, hz + 300, 80, { roof: '#ffd34d' }),
		birds(6, 800, 150, 140, '#34424e', 12),
	].join('')
}

S['cellular-jail'] = () => {
	const gy = 770,
		tx = 800
	/** @param {number} x0 @param {number} x1 @param {number} top0 @param {number} top1 @param {number} n */
	const wing = (x0, x1, top0, top1, n) => {
		let arches = ''
		for (let k = 0; k < 3; k++)
			for (let j = 0; j < n; j++) {
				const t = (j + 0.5) / n,
					x = x0 + (x1 - x0) * t,
					top = top0 + (top1 - top0) * t,
					sh = (gy - top) / 3
				arches += archPath(x, top + sh * (k + 1) - sh * 0.1, (Math.abs(x1 - x0) / n) * 0.55, sh * 0.7)
			}
		return (
			`<path d="M${x0},${gy}L${x0},${top0}L${x1},${top1}L${x1},${gy}Z" fill="${lin(['#c98a5e', '#8f5236'])}"/><path d="${arches}" fill="${lin(['#ffd27a', '#e7923f'])}"/>` +
			`<path d="M${x0},${top0 - 8}L${x1},${top1 - 8}L${x1},${top1}L${x0},${top0}Z" fill="#6b3a28"/>`
		)
	}
	return [
		sky([
			[0, '#1b2552'],
			[0.35, '#5a3f7c'],
			[0.62, '#e07a62'],
			[0.78, '#ffc27a'],
		]),
		`<path d="${circ(300, 120, 2)}${circ(600, 80, 1.5)}${circ(1200, 140, 2)}${circ(1400, 60, 1.5)}${circ(950, 40, 1.5)}" fill="#fff"/>`,
		under(ridge(700, 60), '#3a2c4a'),
		wing(tx - 80, 80, 470, 540, 11),
		wing(tx + 80, 1520, 470, 540, 11),
		`<rect x="${tx - 90}" y="330" width="180" height="${gy - 330}" fill="${lin(['#d69a6a', '#95563a'], 0, 0, 1, 0)}"/>`,
		[0, 1, 2, 3].map((k) => `<path d="${archPath(tx - 40, 420 + k * 88, 40, 64)}${archPath(tx + 40, 420 + k * 88, 40, 64)}" fill="#ffd27a"/>`).join(''),
		`<path d="M${tx - 110},330L${tx + 110},330L${tx + 70},270L${tx - 70},270Z" fill="#6b3a28"/><rect x="${tx - 50}" y="215" width="100" height="55" fill="#c98a5e"/><path d="${archPath(tx, 268, 30, 46)}" fill="#ffd27a"/><path d="M${tx - 70},215L${tx},150L${tx + 70},215Z" fill="#6b3a28"/>`,
		`<path d="M${tx},150V112" stroke="#333" stroke-width="3"/><path d="M${tx},112h34l-6,9l6,9h-34Z" fill="#ff9933"/>`,
		under(wob(-20, gy, W + 20, gy, 3), lin(['#2f5a3a', '#15301f'])),
		`<path d="M0,${gy + 40}H${W}" stroke="#0c1a12" stroke-width="6"/><path d="${[...Array(40).keys()].map((i) => `M${i * 40 + 10},${gy + 40}v-34`).join('')}" stroke="#0c1a12" stroke-width="4"/>`,
		palm(120, 1000, 520, 60, { sil: '#0e1a14' }),
		palm(1480, 1000, 560, -80, { sil: '#0e1a14' }),
	].join('')
}

S['chidiya-tapu'] = () => {
	const hz = 600
	return [
		sky([
			[0, '#2c3a78'],
			[0.3, '#9a5a8a'],
			[0.5, '#f08a5d'],
			[0.6, '#ffd08a'],
		]),
		sun(760, 560, 52, '#fff3cf', '#ffb36b', 7),
		clouds(3, 160, 360, { col: '#f7a98a', shade: '#8a4f7a', op: 0.6 }),
		island(300, hz, 700, 120, '#6a4a6e', { pow: 1.8, trees: 14, skew: -0.3 }),
		island(1300, hz, 900, 220, '#4a3356', { pow: 1.5, trees: 18, skew: 0.2 }),
		sea(
			hz,
			[
				[0, '#e08a6a'],
				[0.3, '#7a5a8e'],
				[1, '#2a2f5c'],
			],
			{ col: '#ffd2a0', op: 0.3 },
		),
		glitter(760, hz + 3, 800, '#ffcf8a', 120, 40),
		under([...qcurve([980, H], [1160, 700], [1620, 680], 10)], '#22182a'),
		canopy(qcurve([1000, 980], [1180, 700], [1620, 670], 10, 34), 40, '#22182a'),
		tree(1250, 740, 300, { trunk: '#22182a', leaf: '#22182a', hi: '', w: 0.7 }),
		palm(1420, 720, 380, -60, { sil: '#22182a' }),
		palm(1530, 700, 300, 40, { sil: '#22182a' }),
		rock(180, 1010, 420, 150, { fill: '#2a1d2e', hi: '#4a3348' }),
		rock(430, 1010, 200, 70, { fill: '#2a1d2e', hi: '#4a3348' }),
		birds(9, 560, 260, 160, '#231a2e', 16),
		birds(5, 1100, 200, 90, '#231a2e', 11),
	].join('')
}

// @@SCENES_END

const NAMES = [
	'hero-havelock-beach',
	'radhanagar-beach',
	'neil-island',
	'ross-island',
	'north-bay',
	'baratang-caves',
	'port-blair',
	'cellular-jail',
	'snorkeling',
	'sea-walking',
	'scuba-diving',
	'barren-island',
	'bioluminescence',
	'andaman-food',
	'andaman-culture',
	'ferry',
	'family-trip',
	'honeymoon',
	'ltc-travel',
	'monsoon-weather',
	'what-to-wear',
	'elephant-beach',
	'kalapathar-beach',
	'laxmanpur-beach',
	'travel-planning',
	'chidiya-tapu',
]

const outDir = process.argv[2] ?? 'public/images'
await fs.mkdir(outDir, { recursive: true })
const only = process.env.ONLY?.split(',')
for (const name of NAMES) {
	const draw = S[name]
	if (!draw || (only && !only.includes(name))) continue
	reset(name)
	const body = draw() + grain() + vignette()
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${DEFS.join('')}</defs>${body}</svg>`
	const file = path.join(outDir, `${name}.jpg`)
	await sharp(Buffer.from(svg)).jpeg({ quality: 78, progressive: true, mozjpeg: true }).toFile(file)
	const { size } = await fs.stat(file)
	console.log(`${file}  ${(size / 1024).toFixed(0)} KB`)
}
