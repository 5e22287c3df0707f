import { allCategoriesCall, categoriesCall, categoryPropertiesCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { registerCall } from '../../http/register-call';
import { categoryTree, propertiesFor } from './service';

export function registerCategoryRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, categoriesCall, async () =>
    (await categoryTree(db)).map(({ subCategories: _, ...summary }) => summary),
  );
  registerCall(app, allCategoriesCall, () => categoryTree(db));
  registerCall(app, categoryPropertiesCall, ({ query }) => propertiesFor(db, query.categoryRefnum));
}
