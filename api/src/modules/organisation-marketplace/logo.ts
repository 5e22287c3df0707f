import { authMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { organizations } from '../../db/schema/index';
import { AppError } from '../../errors';
import { writeAudit } from '../../http/console/audit';
import { requireAdmin } from '../../http/console/rest-adapter';
import type { FileStore } from '../files/file-store';
import { storePhoto, withPhotoUpload } from '../files/photo-upload';
import { b2bResource } from './b2b-admin';

const NO_RECORD = 'There is no such record in b2b';
/** The form fields a logo may arrive in. */
const LOGO_FIELDS: ReadonlySet<string> = new Set(['logo', 'photo', 'file']);

/**
 * `POST /svc/admin/b2b/{id}/logo` (multipart, one `logo`, `photo` or `file` field; ROLE_ADMIN by the role
 * matrix): a B2B organisation's logo for its landing page, through the photo pipeline (checked by
 * content, metadata stripped, re-encoded; the disk or the S3 store). The change is audited like
 * any console edit, the answer is the `b2b` record, and the logo it replaces is deleted once the
 * new one is in.
 */
export function registerLogoUpload(app: FastifyInstance, deps: { db: Db; files: FileStore }): void {
  const { db, files } = deps;
  app.post(
    '/svc/admin/b2b/:id/logo',
    { preHandler: (request) => requireAdmin(request, 'b2b', 'edit'), schema: { hide: true } },
    async (request) => {
      const actorId = request.caller?.userId;
      if (actorId === undefined) throw new AppError(401, authMessages.loginRequired);
      const id = b2bResource.parseId((request.params as { id: string }).id);
      if (id === null || !(await b2bResource.one(db, id))) throw AppError.notFound(NO_RECORD);
      const stored = await withPhotoUpload(
        request,
        (photo) => storePhoto(files, photo, 'organizations', String(id)),
        LOGO_FIELDS,
      );
      let replaced: string | null = null;
      const after = await db
        .transaction(async (tx) => {
          const [org] = await tx
            .select({ logoPath: organizations.logoPath })
            .from(organizations)
            .where(eq(organizations.refnum, String(id)))
            .for('update');
          const before = await b2bResource.one(tx, id);
          if (!org || !before) throw AppError.notFound(NO_RECORD);
          replaced = org.logoPath;
          await tx
            .update(organizations)
            .set({ logoPath: stored.key })
            .where(eq(organizations.refnum, String(id)));
          const record = await b2bResource.one(tx, id);
          await writeAudit(tx, {
            resource: 'b2b',
            actorId,
            recordId: String(id),
            action: 'update',
            before,
            after: record,
          });
          return record;
        })
        .catch(async (error: unknown) => {
          await files.delete(stored.key);
          throw error;
        });
      if (replaced) await files.delete(replaced);
      return b2bResource.record.parse(after);
    },
  );
}
