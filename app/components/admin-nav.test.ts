import { expect, test } from 'vitest'
import { adminSections, isCurrentSection } from './admin-nav.tsx'

test('a section is current on its own page and the pages under it; the dashboard on itself only', () => {
	expect(isCurrentSection('/admin/leads', '/admin/leads')).toBe(true)
	expect(isCurrentSection('/admin/leads', '/admin/leads/')).toBe(true)
	expect(isCurrentSection('/admin/leads', '/admin/leads/abc')).toBe(true)
	expect(isCurrentSection('/admin/leads', '/Admin/Leads/new')).toBe(true)
	expect(isCurrentSection('/admin/leads', '/admin/leads-archive')).toBe(false)
	expect(isCurrentSection('/admin/leads', '/admin/ferry-leads')).toBe(false)
	expect(isCurrentSection('/admin', '/admin')).toBe(true)
	expect(isCurrentSection('/admin', '/admin/')).toBe(false)
	expect(isCurrentSection('/admin', '/admin/leads')).toBe(false)
})

test('on any admin page at most one section is current', () => {
	for (const pathname of ['/admin', '/admin/leads/x', '/admin/pending/y', '/admin/ferry-leads', '/admin/settings']) {
		expect(adminSections.filter((section) => isCurrentSection(section.to, pathname)).length).toBeLessThanOrEqual(1)
	}
})
