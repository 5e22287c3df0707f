import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, as far as a test needs it: every content stream inflated, each hex
 * string `<...>` decoded (pdf-lib writes standard-font text so) and each literal `(...)` kept.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    parts.push(content.replace(/<([0-9A-Fa-f]+)>/g, (_, hex: string) => Buffer.from(hex, 'hex').toString('latin1')));
  }
  return parts.join('\n');
}
