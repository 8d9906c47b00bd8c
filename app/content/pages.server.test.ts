import { describe, expect, test } from 'vitest'
import { declaredRoutes } from '#tests/support/routes.ts'
import { clockShifted } from '#tests/support/clock.ts'
import { detectTopics, factConflicts, plainText, reviewProblems } from '~/features/travel-facts/domain/content-checks.ts'
import { factValues } from '~/features/travel-facts/domain/facts.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { allContentPages, parsePage, withFacts } from './pages.server.ts'

const declared = new Set(declaredRoutes().map((route) => route.path))
/** Pages other issues build; a link to them is expected, but must be one of docs/product.md#screens's routes. */
const specRoutes = new Set(['/builder', '/quote', '/book-now', '/instant-tour-packages', '/add-package', '/test-packages'])

describe('editorial pages', () => {
	const pages = allContentPages()

	test('every page of docs/product.md#screens has its Markdown, and every Markdown page has a route', () => {
		const paths = pages.map((page) => page.path)
		for (const path of paths) expect(declared, `${path} has no route in app/routes.ts`).toContain(path)
		expect(paths).toEqual(
			expect.arrayContaining(['/activities/snorkeling', '/destinations/neil-island', '/cellular-jail', '/bioluminescence-in-andaman', '/travel-guide']),
		)
		expect(pages.length).toBeGreaterThanOrEqual(28)
	})

	test('guides and destination pages are substantial (600+ words) and answer questions', () => {
		for (const page of pages.filter((p) => p.kind !== 'info' && !['/travel-guide', '/destinations', '/activities'].includes(p.path))) {
			expect(page.wordCount, `${page.path} is too short`).toBeGreaterThanOrEqual(600)
			expect(page.faqs.length, `${page.path} has no FAQs`).toBeGreaterThanOrEqual(3)
		}
	})

	test('every internal link points to a declared route or a SPEC route', () => {
		for (const page of pages) {
			const links = [...page.html.matchAll(/href="(\/[^"#?]*)/g)].map((match) => match[1]!)
			for (const link of [...links, ...page.related, ...(page.cta ? [page.cta.href] : [])]) {
				const path = link.replace(/\/$/, '') || '/'
				const ok = declared.has(path) || specRoutes.has(path) || path.startsWith('/packages')
				expect(ok, `${page.path} links to ${link}, which does not exist`).toBe(true)
			}
		}
	})

	test('both island names appear where travellers search for either', () => {
		const text = (path: string) => pages.find((page) => page.path === path)!.html
		expect(text('/destinations/swaraj-dweep')).toMatch(/Havelock/)
		expect(text('/destinations/neil-island')).toMatch(/Shaheed Dweep/)
		expect(text('/destinations/sri-vijaya-puram')).toMatch(/Port Blair/)
	})

	test('bad front matter is refused with the file and field named', () => {
		expect(() => parsePage('---\ntitle: "x"\n---\nbody', '/bad')).toThrow(/\/bad: invalid front matter: title/)
		expect(() => parsePage('no front matter', '/bad')).toThrow(/missing front matter/)
	})

	test('headings get anchors and tables stay scrollable', () => {
		const page = parsePage(
			'---\ntitle: "A title long enough"\ndescription: "A description that is long enough to pass the minimum length check of fifty."\nh1: "Heading"\nkind: guide\nhero: "/images/ferry.jpg"\nheroAlt: "A ferry at sea"\nupdated: "2026-11-01"\nreviewed: "2026-11-01"\n---\n## Getting there\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
			'/x',
		)
		expect(page.headings).toEqual([{ id: 'getting-there', text: 'Getting there' }])
		expect(page.html).toContain('<th scope="col">a</th>')
		// The scroller is keyboard-focusable and named after its heading.
		expect(page.html).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Getting there (table)"><table>')
	})

	test.skipIf(clockShifted)('every page says when it was checked; pages with time-sensitive facts list sources and were checked within a year', () => {
		const problems = pages.flatMap((page) => reviewProblems(page, todayInIndia()))
		expect(problems).toEqual([])
	})

	test('a page that carries permits, LTC, ferry rules, timings, fares or closures declares it (and so needs sources)', () => {
		for (const page of pages) {
			const source = [page.html, ...page.faqs.flatMap((faq) => [faq.q, faq.a])].join('\n')
			const missing = detectTopics(plainText(source)).filter((topic) => !page.topics.includes(topic))
			expect(missing, `${page.path} should list ${missing.join(', ')} in topics:`).toEqual([])
		}
	})

	test('repeated facts agree: reporting time, sailing times, Jolly Buoy season, flying after diving', () => {
		for (const settings of [{ ferryReportingMinutes: 60 }, { ferryReportingMinutes: 90 }]) {
			const values = factValues(settings)
			for (const page of pages.map((raw) => withFacts(raw, values))) {
				const text = [plainText(page.html), ...page.faqs.flatMap((faq) => [faq.q, faq.a])].join('\n')
				expect(factConflicts(text, values), page.path).toEqual([])
				expect(text, `${page.path} still shows a token`).not.toMatch(/\{\{/)
			}
		}
	})

	test('fact tokens: a page with an unknown one is refused; known ones follow the settings', () => {
		const front =
			'---\ntitle: "A title long enough"\ndescription: "A description that is long enough to pass the minimum length check of fifty."\nh1: "Heading"\nkind: info\nhero: "/images/ferry.jpg"\nheroAlt: "A ferry at sea"\nupdated: "2026-11-01"\nreviewed: "2026-11-01"\n---\n'
		expect(() => parsePage(`${front}Be there {{ferry.reportingMinuts}} minutes early.`, '/typo')).toThrow(
			/\/typo: unknown travel fact \{\{ferry.reportingMinuts\}\}/,
		)
		const page = parsePage(`${front}Be there {{ferry.reporting.fallback}} early.`, '/ok')
		expect(withFacts(page, factValues({ ferryReportingMinutes: 75 })).html).toContain('Be there 75 minutes early.')
		expect(() => parsePage(front.replace('reviewed: "2026-11-01"\n', ''), '/no-review')).toThrow(/\/no-review: invalid front matter: reviewed/)
		expect(() =>
			parsePage(
				front.replace('reviewed: "2026-11-01"\n', 'reviewed: "2026-11-01"\nsources:\n  - title: "Somewhere"\n    url: "not a url"\n    as_of: "2026-11-01"\n'),
				'/bad-source',
			),
		).toThrow(/sources.0.url/)
	})
})
