import { defineCapability } from '../../http/capability';
import { registerFileRoutes } from './routes';

/** Stored photos and their sizes, under /svc/files/. */
export const filesCapability = defineCapability({
  name: 'files',
  routes: (app, { files }) => registerFileRoutes(app, files),
});
