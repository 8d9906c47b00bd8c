/**
 * CSV for every export (commission, hotel rates…): one place that writes a
 * cell, so every file is safe to open in a spreadsheet.
 *
 * A text cell starting with = + - @, a tab or a carriage return would be run
 * as a formula by Excel, LibreOffice or Google Sheets (CSV injection): it gets
 * a leading ' so it shows as typed. Numbers are written as numbers (-5 stays
 * -5). Cells with a comma, quote, line break or outer spaces are quoted, with
 * quotes doubled (RFC 4180). Lines end in CRLF.
 */
export function csvCell(value: string | number | null | undefined): string {
	let text = value === null || value === undefined ? '' : String(value)
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
	return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** A cell read back from one of our exports: the ' that `csvCell` put before a formula character is dropped again. */
export function csvCellText(cell: string): string {
	return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}

/** A CSV download: UTF-8 with a byte order mark (so spreadsheets read ₹ and names right), never cached, never sniffed. */
export function csvResponse(csv: string, filename: string): Response {
	return new Response(`\uFEFF${csv}`, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '-')}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

/** Minimal RFC 4180 parsing: quoted cells, doubled quotes, CRLF. Returns rows with their line numbers. */
export function parseCsv(input: string): Array<{ line: number; cells: string[] }> {
	const rows: Array<{ line: number; cells: string[] }> = []
	let cells: string[] = []
	let cell = ''
	let quoted = false
	let line = 1
	let rowLine = 1
	for (let index = 0; index < input.length; index++) {
		const char = input[index]!
		if (quoted) {
			if (char === '"' && input[index + 1] === '"') {
				cell += '"'
				index++
			} else if (char === '"') quoted = false
			else {
				if (char === '\n') line++
				cell += char
			}
		} else if (char === '"') quoted = true
		else if (char === ',') {
			cells.push(cell)
			cell = ''
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && input[index + 1] === '\n') index++
			cells.push(cell)
			if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells })
			cells = []
			cell = ''
			line++
			rowLine = line
		} else cell += char
	}
	cells.push(cell)
	if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells })
	return rows
}

/** Each problem of a refused CSV import is a message of its own: import-problem-0, import-problem-1, … (read back by `CsvImportForm`). */
export const importProblemPrefix = 'import-problem-'
