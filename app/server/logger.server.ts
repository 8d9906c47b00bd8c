/**
 * A small structured logger: one JSON line per event on stdout/stderr, cheap
 * enough for the hot path (no formatting libraries, no sync file writes).
 */
type Fields = Record<string, unknown> & { msg: string }

function serialise(level: string, fields: Fields): string {
	const { error, ...rest } = fields
	const entry: Record<string, unknown> = { level, time: new Date().toISOString(), ...rest }
	if (error instanceof Error) entry.error = { name: error.name, message: error.message, stack: error.stack }
	else if (error !== undefined) entry.error = String(error)
	return JSON.stringify(entry)
}

const quiet = process.env.LOG_LEVEL === 'silent'

export const logger = {
	info(fields: Fields) {
		if (!quiet) process.stdout.write(`${serialise('info', fields)}\n`)
	},
	warn(fields: Fields) {
		if (!quiet) process.stderr.write(`${serialise('warn', fields)}\n`)
	},
	error(fields: Fields) {
		if (!quiet) process.stderr.write(`${serialise('error', fields)}\n`)
	},
}
