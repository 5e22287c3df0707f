import type { SocialLoginData, SocialReturnPath } from '@yardly/shared/contract';
import {
  authMessages,
  SOCIAL_PROVIDERS,
  type SocialErrorCode,
  type SocialProvider,
  socialErrorMessages,
  socialTicketMessages,
} from '@yardly/shared/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock/clock';
import type { OAuthProviderConfig } from '../../config';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { CodeStore } from '../auth/codes';
import type { AuthService, ClientInfo } from '../auth/service';
import { findUserById, isAdmin } from '../auth/users';
import { accountFor, EmailProofNeeded } from './accounts';
import { digest, type FlowRow, oauthFlowStore } from './flows';
import { exchangeCode, fetchUserinfo, identityOf, verifyIdToken } from './id-token';
import type { ProviderDirectory, ProviderMetadata } from './provider-directory';
import { SignInError } from './sign-in-error';

export interface SocialDeps {
  db: Db;
  /** The api's public origin: the providers send the browser back to `${publicUrl}/oauth2/callback/{provider}`. */
  publicUrl: string;
  providers: Record<SocialProvider, OAuthProviderConfig | undefined>;
  directory: ProviderDirectory;
  auth: Pick<AuthService, 'loginData' | 'sendCode'>;
  codes: Pick<CodeStore, 'consume'>;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** What came back on the callback URL (all optional: anyone can call it with anything). */
export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  iss?: string;
}

const DEFAULT_RETURN_PATH: SocialReturnPath = '/oauth2/redirect';

/** A same-site path plus its query: where the browser goes next. */
function toPage(path: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${path}?${query}`;
}

export function errorPage(path: string, code: SocialErrorCode): string {
  return toPage(path, { error: code, errorMessage: socialErrorMessages[code] });
}

/**
 * Social sign-in over OpenID Connect, the same for every provider: authorization code with
 * PKCE, state and nonce; the id_token checked against the issuer's keys; the account found by
 * (issuer, subject) or linked or made; then a one-time ticket for the return page.
 */
export function socialService(deps: SocialDeps) {
  const { db, providers, directory, auth, codes, log } = deps;
  const flows = oauthFlowStore(db, deps.clock);

  const offered = (name: string): { provider: SocialProvider; config: OAuthProviderConfig } | undefined => {
    const provider = SOCIAL_PROVIDERS.find((p) => p === name);
    const config = provider && providers[provider];
    return provider && config ? { provider, config } : undefined;
  };
  const callbackUrl = (provider: SocialProvider) => `${deps.publicUrl}/oauth2/callback/${provider}`;

  /** The browser goes back to its page with the error's code and text; the log gets the reason. */
  function failed(path: string, provider: string, error: unknown): string {
    const code = error instanceof SignInError ? error.code : 'server_error';
    if (code === 'server_error') log.error({ err: error, provider }, 'social sign-in failed');
    else log.info({ provider, code, reason: reasonOf(error) }, 'social sign-in refused');
    return errorPage(path, code);
  }

  async function metadataOf(provider: SocialProvider, config: OAuthProviderConfig): Promise<ProviderMetadata> {
    try {
      return await directory.metadata(config.issuer, config);
    } catch (error) {
      log.warn({ provider, reason: reasonOf(error) }, 'social sign-in: provider discovery failed');
      throw error instanceof SignInError ? error : new SignInError('provider_unavailable', String(error));
    }
  }

  return {
    /** The provider's authorization URL for a new flow, or the return page with an error. */
    async start(providerName: string, returnPath: SocialReturnPath, browser: string): Promise<string> {
      const chosen = offered(providerName);
      if (!chosen) return errorPage(returnPath, 'provider_not_offered');
      try {
        const meta = await metadataOf(chosen.provider, chosen.config);
        const flow = await flows.start({ provider: chosen.provider, returnPath, browser });
        const url = new URL(meta.authorizationEndpoint);
        const params = {
          response_type: 'code',
          client_id: chosen.config.clientId,
          redirect_uri: callbackUrl(chosen.provider),
          scope: chosen.config.scope,
          state: flow.state,
          nonce: flow.nonce,
          code_challenge: flow.codeChallenge,
          code_challenge_method: 'S256',
        };
        for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
        return url.toString();
      } catch (error) {
        return failed(returnPath, chosen.provider, error);
      }
    },

    /** Finish a flow on the provider's callback: the return page with a ticket, or with an error. */
    async finish(providerName: string, query: CallbackQuery, browser: string | undefined): Promise<string> {
      let flow: FlowRow | undefined;
      try {
        flow = query.state ? await flows.consume(providerName, query.state) : undefined;
        if (!flow) {
          const path = query.state ? await flows.returnPathOf(query.state) : undefined;
          log.info({ provider: providerName }, 'social sign-in: unknown, used or expired state');
          return errorPage(path ?? DEFAULT_RETURN_PATH, 'invalid_state');
        }
        const { userId, isNewUser } = await complete(flow, query, browser);
        const ticket = await flows.issueTicket(flow.id, userId, isNewUser);
        return toPage(flow.returnPath, { token: ticket, mode: isNewUser ? 'signup' : 'login' });
      } catch (error) {
        if (flow && error instanceof EmailProofNeeded) {
          const { emailVerified, ...identity } = error.identity;
          const ticket = await flows.issuePendingTicket(flow.id, identity);
          const params: Record<string, string> = { token: ticket, mode: 'verifyEmail', provider: flow.provider };
          if (identity.email) params.email = identity.email;
          return toPage(flow.returnPath, params);
        }
        return failed(flow?.returnPath ?? DEFAULT_RETURN_PATH, providerName, error);
      }
    },

    /** The provider vouched for no email: send a code to the one the person chose. */
    async sendEmailProof(ticket: string, email: string, client: ClientInfo): Promise<{ sent: true }> {
      if (!(await flows.pendingOf(ticket))) throw AppError.badRequest(socialTicketMessages.ticketInvalid, 'token');
      await auth.sendCode({
        email,
        purpose: 'social_email',
        payload: { ticket: digest(ticket) },
        address: client.address,
      });
      return { sent: true };
    },

    /** The chosen email proved by its code: the identity signs in with it, as if the provider had vouched. */
    async finishWithEmailProof(
      ticket: string,
      email: string,
      code: string,
      client: ClientInfo,
    ): Promise<SocialLoginData> {
      const pending = await flows.pendingOf(ticket);
      if (!pending) throw AppError.badRequest(socialTicketMessages.ticketInvalid, 'token');
      const used = await codes.consume(email, 'social_email', code);
      // A code sent for another sign-in (same address, another ticket) does not finish this one.
      if (used.payload?.ticket !== digest(ticket)) throw AppError.badRequest(authMessages.codeExpired, 'code');
      if (!(await flows.closePending(pending.flowId))) {
        throw AppError.badRequest(socialTicketMessages.ticketInvalid, 'token');
      }
      try {
        const { user, isNewUser } = await accountFor(db, { ...pending.identity, email, emailVerified: true });
        return { ...(await auth.loginData(user, client)), isNewUser };
      } catch (error) {
        if (error instanceof SignInError) throw new AppError(409, socialErrorMessages[error.code], { field: 'email' });
        throw error;
      }
    },

    /** Trade a ticket for the login data (a new login family). */
    async redeem(ticket: string, client: ClientInfo): Promise<SocialLoginData> {
      const redeemed = await flows.redeemTicket(ticket);
      const user = redeemed ? await findUserById(db, redeemed.userId) : undefined;
      if (!redeemed || !user) throw AppError.badRequest(socialTicketMessages.ticketInvalid, 'token');
      // Roles can change between the callback and this call.
      if (isAdmin(user)) throw new AppError(403, authMessages.adminNeedsPassword);
      return { ...(await auth.loginData(user, client)), isNewUser: redeemed.isNewUser };
    },
  };

  async function complete(
    flow: { provider: string; browserHash: string; codeVerifier: string; nonce: string },
    query: CallbackQuery,
    browser: string | undefined,
  ) {
    // Only the browser that started the flow may finish it (no signing someone into our account).
    if (!browser || digest(browser) !== flow.browserHash) {
      throw new SignInError('invalid_state', 'callback from another browser');
    }
    const chosen = offered(flow.provider);
    if (!chosen) throw new SignInError('provider_not_offered');
    if (query.error) {
      throw new SignInError(query.error === 'access_denied' ? 'access_denied' : 'provider_error', query.error);
    }
    if (!query.code) throw new SignInError('provider_error', 'callback without a code');
    const meta = await metadataOf(chosen.provider, chosen.config);
    // RFC 9207: a provider that names itself on the callback must be the one we sent the person to.
    if (query.iss !== undefined && query.iss !== meta.issuer) {
      throw new SignInError('provider_error', `callback iss ${query.iss} is not ${meta.issuer}`);
    }
    const tokens = await exchangeCode(meta, chosen.config, {
      code: query.code,
      redirectUri: callbackUrl(chosen.provider),
      codeVerifier: flow.codeVerifier,
    });
    let claims = await verifyIdToken(meta, chosen.config.clientId, tokens.idToken, flow.nonce);
    if (!claims.email && tokens.accessToken && meta.userinfoEndpoint) {
      const more = await fetchUserinfo(meta, tokens.accessToken, claims.sub);
      // The email and its verified flag come together, from one source.
      claims = {
        ...claims,
        email: more.email,
        email_verified: more.email_verified,
        given_name: claims.given_name ?? more.given_name,
        family_name: claims.family_name ?? more.family_name,
        name: claims.name ?? more.name,
      };
    }
    const { user, isNewUser } = await accountFor(db, identityOf(meta.issuer, claims, chosen.config.emailsVerified));
    return { userId: user.id, isNewUser };
  }
}

export type SocialService = ReturnType<typeof socialService>;

function reasonOf(error: unknown): string {
  return error instanceof SignInError ? (error.reason ?? error.code) : String(error);
}
