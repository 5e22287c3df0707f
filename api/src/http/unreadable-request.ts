import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What Node's parser refuses before Fastify sees a request (a 20 kB address, headers past
 * 16 kB, a malformed request line) is answered in the envelope too, not in Fastify's own body.
 */
export function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The address or the headers of this request are too long']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request could not be read'];
  const body = JSON.stringify({ code: status, msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
