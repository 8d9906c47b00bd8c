import { expect, test } from 'vitest'
import { likePattern, searchNeedles } from './search.ts'

test('phone-like searches also try their digits', () => {
	expect(searchNeedles('  Meera  Iyer ')).toEqual(['meera iyer'])
	expect(searchNeedles('098765 43210')).toEqual(['098765 43210', '9876543210'])
	expect(searchNeedles('2026-00042')).toEqual(['2026-00042', '202600042'])
	expect(searchNeedles('98765')).toEqual(['98765'])
	expect(searchNeedles('   ')).toEqual([])
})

test('LIKE wildcards in a search are taken literally', () => {
	expect(likePattern('50%_off')).toBe('%50\\%\\_off%')
})

test('control characters are spaces, so a NUL in a URL finds what the words around it find', () => {
	expect(searchNeedles('ab\u0000cd')).toEqual(['ab cd'])
	expect(searchNeedles('\u0000\u001f\u007f')).toEqual([])
	expect(searchNeedles('98765\u000043210')).toEqual(['98765 43210', '9876543210'])
})
