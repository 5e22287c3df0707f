import type { B2BMarketplaceRecord } from '@yardly/shared/contract';
import type { RaHttpClient } from '../http-client';

/** The logo types the photo pipeline reads (it checks the content too). */
export const LOGO_TYPES = 'image/png,image/jpeg';

/**
 * Uploads a B2B organisation's logo: `POST /svc/admin/b2b/{id}/logo`, multipart with one `photo`
 * field (the api stores it through the photo pipeline and audit-logs the change). The updated
 * record, or the api's refusal as an HttpError with its message.
 */
export async function uploadLogo(
  http: RaHttpClient,
  adminUrl: string,
  id: string,
  file: File,
): Promise<B2BMarketplaceRecord> {
  const body = new FormData();
  body.append('photo', file, file.name);
  const { json } = await http(`${adminUrl}/b2b/${encodeURIComponent(id)}/logo`, { method: 'POST', body });
  return json as B2BMarketplaceRecord;
}
