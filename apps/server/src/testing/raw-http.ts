import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what a server wrote on one connection into its HTTP/1.1 responses (Content-Length bodies only). */
export function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4), 'utf8');
    responses.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: bodyBytes.subarray(0, length).toString('utf8'),
    });
    rest = bodyBytes.subarray(length).toString('utf8');
  }
  return responses;
}

/**
 * Writes raw bytes to a server (requests `app.inject` cannot make: malformed, oversized, without
 * Host) and resolves with everything it answered once it closes the connection, or once it has
 * answered `expected` responses.
 */
export function rawExchange(
  port: number,
  request: string,
  options: { expected?: number; socket?: (socket: net.Socket) => void } = {},
): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(request);
      options.socket?.(socket);
    });
    let received = '';
    const done = () => resolve(parseResponses(received));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (options.expected && parseResponses(received).length >= options.expected) {
        socket.destroy();
        done();
      }
    });
    // The server may reset a connection whose request it refused unread; what it answered counts.
    socket.on('error', (error: NodeJS.ErrnoException) => (received ? done() : reject(error)));
    socket.on('close', done);
  });
}
