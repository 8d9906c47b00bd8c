import readline from 'node:readline'
import type { Readable, Writable } from 'node:stream'

/** `--name value` from the command line; undefined when absent or followed by another flag. */
export function optionValue(argv: readonly string[], name: string): string | undefined {
	const inline = argv.find((arg) => arg.startsWith(`${name}=`))
	if (inline) return inline.slice(name.length + 1)
	const index = argv.indexOf(name)
	const value = index === -1 ? undefined : argv[index + 1]
	return value && !value.startsWith('--') ? value : undefined
}

type Input = Readable & { isTTY?: boolean }

/** Reads everything piped in and returns the first line (`echo 'pw' | npm run create-owner -- --email …`). */
async function readFirstLine(input: Input): Promise<string> {
	const chunks: Buffer[] = []
	for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
	return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
}

/** Asks on a terminal without echoing what is typed. */
function askHidden(input: Input, output: Writable, question: string): Promise<string> {
	return new Promise((resolve) => {
		const rl = readline.createInterface({ input, output, terminal: true })
		// Print the question, swallow the echo of the answer.
		;(rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
			if (text.includes(question)) output.write(question)
		}
		rl.question(question, (answer) => {
			rl.close()
			output.write('\n')
			resolve(answer)
		})
	})
}

/**
 * The password for `create-owner`: asked twice on a terminal, else read from
 * standard input. Never taken from the command line (it would end up in the
 * shell history and the process list).
 */
export async function readPassword(input: Input = process.stdin, output: Writable = process.stderr): Promise<string> {
	if (input.isTTY) {
		const first = await askHidden(input, output, 'Password for the owner: ')
		const second = await askHidden(input, output, 'Type it again: ')
		if (first !== second) throw new Error('The two passwords are different. Nothing was changed.')
		return first
	}
	const password = await readFirstLine(input)
	if (!password) throw new Error('No password on standard input. Pipe one in, or run this in a terminal to be asked for it.')
	return password
}
