import { referralCalls } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import { defineCapability } from '../../http/capability';
import { addressOfLink, NO_INVITES_PATH, noInvitesPage, refuseInvites } from './refusals';
import { referrerOf } from './service';

interface LinkQuery {
  Querystring: { e?: string; t?: string };
}

export const referralsCapability = defineCapability({
  name: 'referrals',
  calls: referralCalls,
  handlers: ({ db }) => ({
    referrer: ({ query }) => referrerOf(db, query.name),
  }),
  routes: (app, s) => {
    // An invitation's "stop all invitations" link (issue 34). A GET only asks (link scanners
    // open links); the POST, the page's button or a mail client's one-click unsubscribe
    // (RFC 8058, form-encoded body), stops them.
    void app.register(async (scope: FastifyInstance) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.get<LinkQuery>(NO_INVITES_PATH, { schema: { hide: true } }, async (request, reply) => {
        const address = addressOfLink(s.secret, request.query.e, request.query.t);
        return reply.type('text/html; charset=utf-8').send(noInvitesPage(address, false));
      });
      scope.post<LinkQuery>(NO_INVITES_PATH, { schema: { hide: true } }, async (request, reply) => {
        const address = addressOfLink(s.secret, request.query.e, request.query.t);
        await refuseInvites(s.db, address, s.clock.now());
        return reply.type('text/html; charset=utf-8').send(noInvitesPage(address, true));
      });
    });
  },
});
