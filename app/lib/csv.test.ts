import { expect, test } from 'vitest'
import { csvCell, csvCellText, csvResponse, toCsv } from './csv.ts'

test('CSV cells are escaped and formula-safe', () => {
	expect(csvCell('plain')).toBe('plain')
	expect(csvCell('a,b')).toBe('"a,b"')
	expect(csvCell('say "hi"')).toBe('"say ""hi"""')
	expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
	expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
	expect(csvCell('+91 98765')).toBe("'+91 98765")
	expect(csvCell('-2+3')).toBe("'-2+3")
	expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
	expect(csvCell('\t=1')).toBe("'\t=1")
	expect(csvCell('\r=1')).toBe(`"'\r=1"`)
	expect(csvCell(-5)).toBe('-5')
	expect(csvCell(null)).toBe('')
	expect(
		toCsv([
			['a', 'b'],
			[1, '=1'],
		]),
	).toBe("a,b\r\n1,'=1\r\n")
})

test('a guarded cell reads back as typed; other cells are left alone', () => {
	for (const text of ['=1+1', '+91 98765', '-x', '@me', 'plain', "'quoted"]) {
		const written = csvCell(text)
		const read = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written
		expect(csvCellText(read)).toBe(text)
	}
})

test('downloads are attachments, UTF-8 with a BOM, never cached or sniffed', async () => {
	const response = csvResponse('a,b\r\n', 'rates "neil".csv')
	expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
	expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="rates--neil-.csv"')
	expect(response.headers.get('Cache-Control')).toBe('private, no-store')
	expect(new Uint8Array(await response.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]))
})
