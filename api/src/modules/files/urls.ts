/** The public URL of a stored file (served by GET /svc/files/*). */
export function fileUrl(key: string): string {
  return `/svc/files/${key}`;
}
