import { type ServerResponse, STATUS_CODES } from 'node:http';

/**
 * A page that sets its status (404, 502) keeps the reason phrase of the Response it started
 * from, so the status line read "404 OK": the phrase is always the status code's own.
 */
export function trueReasonPhrase(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    const phrase = STATUS_CODES[code];
    if (phrase) res.statusMessage = phrase;
    return writeHead(code, ...(typeof rest[0] === 'string' ? (phrase ? [phrase, ...rest.slice(1)] : rest) : rest));
  }) as ServerResponse['writeHead'];
}
