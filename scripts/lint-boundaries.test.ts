import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

/**
 * The layer rules in eslint.config.js (docs/architecture.md) are only worth having if they
 * fire: lint a few lines that cross each boundary, as if they were files in that layer.
 */
const eslint = new ESLint()

async function restrictedImports(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath })
	return result!.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.line)
}

describe('layer boundaries', () => {
	test('a domain module may not import React, server code or routes', async () => {
		const code = ["import { useState } from 'react'", "import { db } from '~/server/db/client.server.ts'", "import { loader } from '~/routes/site/home.tsx'", "import { formatInr } from '~/lib/money.ts'", 'export const all = [useState, db, loader, formatInr]', ''].join('\n')
		expect(await restrictedImports('app/features/bookings/domain/probe.ts', code)).toEqual([1, 2, 3])
	})

	test('server code may not import a route module', async () => {
		const code = ["import { loader } from '~/routes/site/home.tsx'", "import { formatInr } from '~/lib/money.ts'", 'export const all = [loader, formatInr]', ''].join('\n')
		expect(await restrictedImports('app/features/bookings/server/probe.server.ts', code)).toEqual([1])
	})

	test('a component may import server code as types only', async () => {
		const code = ["import { getEnv } from '~/server/env.server.ts'", "import type { Consent } from '~/server/consent.server.ts'", 'export const all: [typeof getEnv, Consent | null] = [getEnv, null]', ''].join('\n')
		expect(await restrictedImports('app/components/probe.tsx', code)).toEqual([1])
	})
})
