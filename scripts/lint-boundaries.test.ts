import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

/**
 * The layer rules in eslint.config.js (docs/architecture.md, ADR 146) are only worth having if they
 * fire: lint a few lines that cross each boundary, as if they were files in that layer, and a few
 * that do not, to show the rules leave ordinary imports alone.
 */
const eslint = new ESLint()

async function restrictedImports(filePath: string, lines: string[]) {
	const code = [...lines, ''].join('\n')
	const [result] = await eslint.lintText(code, { filePath })
	const flagged = result!.messages
		.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports' || message.ruleId === 'no-restricted-imports')
		.map((message) => message.line)
	return [...new Set(flagged)]
}

describe('layer boundaries', () => {
	test("a feature's domain may not import React, React Router, server code, routes or components, of any feature", async () => {
		const lines = [
			"import { useState } from 'react'",
			"import { Link } from 'react-router'",
			"import { db } from '~/server/db/client.server.ts'",
			"import { loader } from '~/routes/site/home.tsx'",
			"import { Button } from '~/components/ui/button.tsx'",
			"import { createLead } from '~/features/leads/server/leads.server.ts'",
			"import { LeadStatusBadge } from '~/features/leads/components/badges.tsx'",
			"import { gatewayFor } from '~/features/payments/server/gateway.ts'",
			"import { formatINR } from '~/lib/money.ts'",
			"import { leadSearchText } from '~/features/leads/domain/lead.ts'",
			"import { canTransition } from './booking.ts'",
			'export const all = [useState, Link, db, loader, Button, createLead, LeadStatusBadge, gatewayFor, formatINR, leadSearchText, canTransition]',
		]
		expect(await restrictedImports('app/features/bookings/domain/probe.ts', lines)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
	})

	test('server code, in a feature or shared, may not import a route module', async () => {
		const lines = [
			"import { loader } from '~/routes/site/home.tsx'",
			"import { formatINR } from '~/lib/money.ts'",
			"import { createLead } from '~/features/leads/server/leads.server.ts'",
			"import { canTransition } from '~/features/bookings/domain/booking.ts'",
			'export const all = [loader, formatINR, createLead, canTransition]',
		]
		expect(await restrictedImports('app/features/bookings/server/probe.server.ts', lines)).toEqual([1])
		expect(await restrictedImports('app/server/seed/probe.server.ts', lines)).toEqual([1])
		expect(await restrictedImports('server/probe.ts', ["import { loader } from '../app/routes/site/home.tsx'", 'export const all = [loader]'])).toEqual([1])
	})

	test("a feature's server code takes the database first: it never imports the global db(), except the request guards", async () => {
		const lines = [
			"import { db } from '~/server/db/index.server.ts'",
			"import { closeDatabase } from '~/server/db/index.server.ts'",
			'export const all = [db, closeDatabase]',
		]
		expect(await restrictedImports('app/features/catalog/server/probe.server.ts', lines)).toEqual([1])
		expect(await restrictedImports('app/features/identity/server/auth.server.ts', lines)).toEqual([])
		expect(await restrictedImports('app/routes/site/probe.tsx', lines)).toEqual([])
	})

	test('a component, in a feature or shared, may import server code as types only', async () => {
		const lines = [
			"import { getEnv } from '~/server/env.server.ts'",
			"import { gatewayFor } from '~/features/payments/server/gateway.ts'",
			"import { createLead } from '~/features/leads/server/leads.server.ts'",
			"import type { Consent } from '~/server/consent.server.ts'",
			"import type { PaymentGateway } from '~/features/payments/server/gateway.ts'",
			"import { leadSearchText } from '~/features/leads/domain/lead.ts'",
			"import { Button } from '~/components/ui/button.tsx'",
			'export const all: [typeof getEnv, unknown, unknown, Consent | null, PaymentGateway | null, unknown, unknown] = [getEnv, gatewayFor, createLead, null, null, leadSearchText, Button]',
		]
		expect(await restrictedImports('app/features/payments/components/probe.tsx', lines)).toEqual([1, 2, 3])
		// Shared components and helpers import no feature at all (next test): the feature lines fire too.
		expect(await restrictedImports('app/components/probe.tsx', lines)).toEqual([1, 2, 3, 5, 6])
		expect(await restrictedImports('app/lib/probe.ts', lines)).toEqual([1, 2, 3, 5, 6])
	})

	test('shared code (app/lib, app/server, app/components) imports no feature, not even its types; the job list, the demo data and tests may', async () => {
		const lines = [
			"import { leadSearchText } from '~/features/leads/domain/lead.ts'",
			"import type { Lead } from '~/features/leads/domain/lead.ts'",
			"import { createLead } from '~/features/leads/server/leads.server.ts'",
			"import { formatINR } from '~/lib/money.ts'",
			"import { logger } from '~/server/logger.server.ts'",
			'export const all: [unknown, Lead | null, unknown, unknown, unknown] = [leadSearchText, null, createLead, formatINR, logger]',
		]
		expect(await restrictedImports('app/server/probe.server.ts', lines)).toEqual([1, 2, 3])
		expect(await restrictedImports('app/server/db/probe.server.ts', lines)).toEqual([1, 2, 3])
		expect(
			await restrictedImports(
				'app/lib/probe.ts',
				lines.slice(0, 4).concat('export const all: [unknown, Lead | null, unknown, unknown] = [leadSearchText, null, createLead, formatINR]'),
			),
		).toEqual([1, 2, 3])
		expect(
			await restrictedImports('app/components/probe.tsx', lines.slice(0, 2).concat('export const all: [unknown, Lead | null] = [leadSearchText, null]')),
		).toEqual([1, 2])
		expect(await restrictedImports('app/server/jobs/background.server.ts', lines)).toEqual([])
		expect(await restrictedImports('app/server/seed/probe.server.ts', lines)).toEqual([])
		expect(
			await restrictedImports('app/lib/probe.test.ts', lines.slice(0, 2).concat('export const all: [unknown, Lead | null] = [leadSearchText, null]')),
		).toEqual([])
	})

	test('inside a feature, a relative import stays in its folder', async () => {
		const lines = [
			"import { canTransition } from '../domain/booking.ts'",
			"import { leadSearchText } from '../../leads/domain/lead.ts'",
			"import { listComponents } from './components.server.ts'",
			"import { migrations } from '../../../../db/migrations/index.ts'",
			"import { canTransition as sameThing } from '~/features/bookings/domain/booking.ts'",
			'export const all = [canTransition, leadSearchText, listComponents, migrations, sameThing]',
		]
		expect(await restrictedImports('app/features/bookings/server/probe.server.ts', lines)).toEqual([1, 2])
		const component = [
			"import { leadSearchText } from '../../leads/domain/lead.ts'",
			"import { Panel } from './panel.tsx'",
			'export const all = [leadSearchText, Panel]',
		]
		expect(await restrictedImports('app/features/bookings/components/probe.tsx', component)).toEqual([1])
		expect(
			await restrictedImports('app/features/bookings/domain/probe.ts', ["import { formatINR } from '../../../lib/money.ts'", 'export const all = [formatINR]']),
		).toEqual([1])
	})

	test('a route module builds no query of its own; its tests may set data up', async () => {
		const lines = [
			"import { db } from '~/server/db/index.server.ts'",
			"import { listLeads } from '~/features/leads/server/desk.server.ts'",
			"export const read = () => db().selectFrom('leads').selectAll().execute()",
			"export const write = (trx: any) => trx.updateTable('leads').set({ name: 'x' }).execute()",
			'export const inOne = () => db().transaction().execute(async () => null)',
			"export const list = () => listLeads(db(), {} as never, 'staff-1')",
		]
		const routeRule = async (filePath: string) => {
			const [result] = await eslint.lintText([...lines, ''].join('\n'), { filePath })
			return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.line)
		}
		expect(await routeRule('app/routes/admin/probe.tsx')).toEqual([3, 4, 5])
		expect(await routeRule('app/routes/admin/probe.server.ts')).toEqual([3, 4, 5])
		expect(await routeRule('app/routes/admin/probe.test.ts')).toEqual([])
		expect(await routeRule('app/features/leads/server/probe.server.ts')).toEqual([])
	})
})
