import net from 'node:net'

/**
 * Sends bytes to a server exactly as given (duplicate headers, methods fetch
 * refuses) and reads until the server closes: the status code and the body.
 * Send HTTP/1.0 or `Connection: close` so that it does.
 */
export function rawExchange(port: number, bytes: string): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1')
		let answer = ''
		socket.setEncoding('latin1')
		socket.on('data', (part: string) => (answer += part))
		socket.on('error', reject)
		socket.on('end', () => resolve({ status: Number(answer.slice(9, 12)), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }))
		socket.end(bytes)
	})
}
