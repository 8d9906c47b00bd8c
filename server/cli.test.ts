import { Readable, Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { optionValue, readPassword } from './cli.ts'

const sink = () =>
	new Writable({
		write(_chunk, _encoding, callback) {
			callback()
		},
	})

describe('create-owner command line', () => {
	test('reads --email in both spellings and refuses a missing value', () => {
		expect(optionValue(['--create-owner', '--email', 'a@b.in'], '--email')).toBe('a@b.in')
		expect(optionValue(['--create-owner', '--email=a@b.in'], '--email')).toBe('a@b.in')
		expect(optionValue(['--create-owner', '--email', '--name', 'x'], '--email')).toBeUndefined()
		expect(optionValue(['--create-owner'], '--email')).toBeUndefined()
	})

	test('takes the first line of piped input as the password, keeping spaces inside it', async () => {
		expect(await readPassword(Readable.from(['Owner pass#1\n', 'ignored\n']), sink())).toBe('Owner pass#1')
		expect(await readPassword(Readable.from(['windows#1\r\n']), sink())).toBe('windows#1')
		expect(await readPassword(Readable.from(['no-newline#1']), sink())).toBe('no-newline#1')
	})

	test('an empty pipe is an error that says what to do', async () => {
		await expect(readPassword(Readable.from(['']), sink())).rejects.toThrow(/No password on standard input/)
		await expect(readPassword(Readable.from(['\nsecond']), sink())).rejects.toThrow(/No password/)
	})
})
