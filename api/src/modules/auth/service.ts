import { createHash, randomBytes } from 'node:crypto';
import type { LoginData } from '@yardly/shared/contract';
import { authMessages, emailDomain, limitMessages } from '@yardly/shared/rules';
import { and, eq, isNull } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/templates';
import type { AccessTokens } from './access-tokens';
import type { CodePurpose, CodeStore } from './codes';
import type { KnownDevices } from './known-devices';
import type { LimitsInForce } from './limits-in-force';
import type { LoginAttempt, LoginThrottle } from './login-throttle';
import { checkPassword, hashPassword } from './passwords';
import { minutesUntil, type RateLimits } from './rate-limits';
import type { RefreshTokenStore } from './refresh-tokens';
import {
  findUserByEmail,
  findUserById,
  isAdmin,
  isVerifiedProfessional,
  mayReceiveDonations,
  organisationOf,
  type UserRow,
} from './users';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  codes: CodeStore;
  access: AccessTokens;
  refresh: RefreshTokenStore;
  throttle: LoginThrottle;
  limits: RateLimits;
  /** The numbers the limits apply (limits-in-force.ts). */
  rules: LimitsInForce;
  devices: KnownDevices;
  clock: Clock;
  /** The donation flag: off, nobody may request donations (issue 21). */
  donationEnabled: boolean;
  /** The site's public origin, for the links mails carry. */
  publicUrl: string;
  /** What sign-up and log-in ask of other capabilities, passed in by the app. */
  ports: AuthPorts;
}

/**
 * What sign-up and log-in ask of the capabilities built on accounts (ADR 0062). The app passes
 * their functions in, so auth imports none of them (they import auth).
 */
export interface AuthPorts {
  /** Referrals: records the referral a sign-up names; the sign-up reward message to show, or null. */
  recordReferral(db: Db, userId: number, referralCode: string, address: string): Promise<string | null>;
  /** The organisation marketplace: the refnum of the B2B organisation a landing-page sign-up joins (else a 400). */
  b2bSignupOrganisation(db: Db, email: string, orgName: string | undefined): Promise<string>;
  /** Organisations: a proven work mailbox joins its domain's organisation; the person as it left them. */
  recordWorkEmail(tx: Db, userId: number, workEmail: string, domain: string, now: Date): Promise<{ user?: UserRow }>;
  /** The organisation marketplace a person is a member of, for the log-in answer; null for none. */
  marketplaceMembership(db: Db, userId: number): Promise<{ orgName: string; orgRefnum: string } | null>;
}

/**
 * A sign-up waiting with its verification code (docs/decisions/0047): the password and names it
 * chose, and the hash of the ticket its answer gave the browser that made it. Only that ticket,
 * with a code of this sign-up, makes the password and names the account's.
 */
interface PendingSignup {
  passwordHash: string;
  ticketHash: string;
}

/** A fresh sign-up ticket and the hash the database keeps of it. */
function newSignupTicket(): { ticket: string; ticketHash: string } {
  const ticket = randomBytes(32).toString('base64url');
  return { ticket, ticketHash: hashTicket(ticket) };
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A sign-up from an organisation's landing (issue 23): its refnum waits with the code; using the code proves the work mailbox. */
interface PendingB2B {
  orgRefnum?: string;
}

/** Where a request comes from, for limits and the refresh token's device. */
export interface ClientInfo {
  address: string;
  deviceId?: string;
}

/** A code to mail, and the address that asked when the call has no per-address limit of its own. */
export interface CodeRequest {
  email: string;
  purpose: CodePurpose;
  user?: UserRow;
  payload?: Record<string, string>;
  address?: string;
}

/** The email-update mail's link: its landing (spec section 2) confirms the change with the code. */
export function emailUpdateLink(publicUrl: string, email: string, code: string) {
  const query = new URLSearchParams({ email, code });
  return { url: `${publicUrl}/settings-email-update?${query}`, label: 'Confirm your new email' };
}

export function authService(deps: AuthDeps) {
  const { db, mailer, codes, access, refresh, throttle, limits, rules, devices, clock, ports } = deps;

  /**
   * Charges a code request to the email's budget for its purpose (each purpose its own, whoever
   * asks) and, when given, to the address's code mails. Either spent: a 429 saying when to come
   * back, and no code. Charged whether or not the email has an account, so the answers stay
   * alike for both. The email's budget spent (by its owner or by a stranger: issue 34), the
   * newest code mailed in the window keeps working until it opens again, and the answer says so:
   * the owner is never shut out of a code that reached their mailbox.
   */
  async function chargeCode({ email, purpose, address }: Pick<CodeRequest, 'email' | 'purpose' | 'address'>) {
    if (address) {
      await limits.spend(`code-mails:${address.toLowerCase()}`, rules.codeMailsPerAddress, limitMessages.tooManyCodes);
    }
    const budget = rules.codesPerEmailPerPurpose;
    const opensAt = await limits.take(`codes:${purpose}:${email.trim().toLowerCase()}`, budget);
    if (!opensAt) return;
    await codes.keepUntil(email, purpose, addMs(opensAt, -budget.windowMinutes * 60_000), opensAt);
    const minutes = minutesUntil(opensAt.getTime() - clock.now().getTime());
    throw new AppError(429, limitMessages.tooManyCodesForEmail(minutes));
  }

  async function mailCode({ email, purpose, user, payload }: CodeRequest) {
    const code = await codes.issue({ email, purpose, userId: user?.id, payload });
    // A second sign-up's mail says so, and greets nobody by the name it typed (0047).
    const anotherSignup = payload?.anotherSignup === '1';
    await mailer.send({
      to: email,
      ...codeMail(purpose, code, {
        nameFirst: anotherSignup ? undefined : user?.nameFirst || undefined,
        anotherSignup,
        link: purpose === 'change_email' ? emailUpdateLink(deps.publicUrl, email, code) : undefined,
      }),
    });
  }

  /** Mails a code within the budgets (a 429 that says so when there is none left). */
  async function sendCode(request: CodeRequest) {
    await chargeCode(request);
    await mailCode(request);
  }

  /**
   * The sign-ups of an email still waiting (newest first): each with the password it chose, kept
   * with its code until the code is used (a password counts only once the mailbox is proven).
   */
  async function waitingSignups(email: string): Promise<Record<string, string>[]> {
    return (await codes.waiting(email, 'verify_email')).filter((payload) => payload.passwordHash);
  }

  /** What a sign-up's code carries, to send again with a new one: the ticket's sign-up, else the newest. */
  async function pendingPayload(email: string, ticketHash?: string): Promise<Record<string, string> | undefined> {
    const waiting = await codes.waiting(email, 'verify_email');
    const payload = ticketHash ? waiting.find((p) => p.ticketHash === ticketHash) : waiting[0];
    return payload && Object.keys(payload).length > 0 ? payload : undefined;
  }

  async function pendingB2B(email: string): Promise<PendingB2B> {
    const orgRefnum = (await codes.pending(email, 'verify_email'))?.orgRefnum;
    return orgRefnum ? { orgRefnum } : {};
  }

  /**
   * The sign-up's mailbox proven: a sign-up from an organisation's landing also proves it as
   * the person's work email (the work-email verification's own path: organisation, welcome
   * credit), in the caller's transaction. The user row as it is now.
   */
  async function joinSignupOrganisation(tx: Db, user: UserRow, pending: PendingB2B): Promise<UserRow> {
    if (!pending.orgRefnum) return user;
    const joined = await ports.recordWorkEmail(tx, user.id, user.email, emailDomain(user.email), clock.now());
    return joined.user ?? user;
  }

  async function loginData(user: UserRow, client: ClientInfo): Promise<LoginData> {
    // Every way in (password, code, social, work email) ends here: a blocked person gets no tokens.
    if (user.blockedAt) throw new AppError(403, authMessages.accountBlocked);
    // This device proved itself: it may still try a password when the shared ceilings are reached.
    await devices.remember(user.id, client.deviceId);
    const issued = await refresh.start(user.id, client.deviceId);
    const organisation = await organisationOf(db, user);
    const companyStatus = organisation?.status ?? null;
    const marketplace = await ports.marketplaceMembership(db, user.id);
    return {
      token: await access.issue(user, issued.sessionId),
      refreshToken: issued.refreshToken,
      expirationTime: issued.expiresAt.toISOString(),
      userRefnum: user.refnum,
      userRoles: user.roles,
      nameFirst: user.nameFirst,
      email: user.email,
      isProgressive: user.isProgressive,
      isProfessionVerified: isVerifiedProfessional(user, companyStatus),
      companyStatus,
      zip: user.zip,
      isDonationRecipient: deps.donationEnabled && mayReceiveDonations(user, organisation),
      // Issue 23: the B2B organisation whose marketplace the person may enter (read now: leaving shows at once).
      orgName: marketplace?.orgName ?? null,
      orgRefnum: marketplace?.orgRefnum ?? null,
      isOrganizationB2B: marketplace !== null,
    };
  }

  /** Counts a sign-up (full or easy) against its address's hourly share. */
  async function spendSignup(client: ClientInfo) {
    await limits.spend(
      `signups:${client.address.toLowerCase()}`,
      rules.signupsPerAddress,
      limitMessages.tooManySignups,
    );
  }

  return {
    /** Fresh tokens and the login data for a user (a new session). */
    loginData,
    /** Every session of a user ends, their access tokens with them (a block); pass `tx` to end them in it. */
    endAllSessions: (userId: number, into?: Db) => refresh.revokeAllOf(userId, into),
    sendCode,

    async isUserExist(email: string, client: ClientInfo) {
      await limits.spend(
        `lookups:${client.address.toLowerCase()}`,
        rules.userLookupsPerAddress,
        limitMessages.tooManyLookups,
      );
      return { exists: Boolean(await findUserByEmail(db, email)) };
    },

    async signup(
      input: {
        email: string;
        password: string;
        nameFirst: string;
        nameLast: string;
        zip?: string;
        referralCode?: string;
        isB2B?: boolean;
        orgName?: string;
      },
      client: ClientInfo,
    ) {
      await spendSignup(client);
      const b2b: PendingB2B = input.isB2B
        ? { orgRefnum: await ports.b2bSignupOrganisation(db, input.email, input.orgName) }
        : {};
      const existing = await findUserByEmail(db, input.email);
      if (existing?.emailVerifiedAt) throw new AppError(409, authMessages.emailTaken, { field: 'email' });
      // Charged before anything is written: no code, no half-made sign-up.
      await chargeCode({ email: input.email, purpose: 'verify_email' });
      // Another sign-up of this address still waits: this one neither replaces it nor its code (0047).
      const anotherSignup = existing ? (await waitingSignups(input.email)).length > 0 : false;
      const { ticket, ticketHash } = newSignupTicket();
      const values = {
        email: input.email.trim(),
        nameFirst: input.nameFirst.trim(),
        nameLast: input.nameLast.trim(),
        passwordHash: null,
        zip: input.zip ?? null,
        isProgressive: false,
      };
      // The account gets no password until its mailbox is proven: the password (and, for an
      // address already waiting, the names) wait with this sign-up's code.
      const pending: PendingSignup & PendingB2B & Record<string, string> = {
        passwordHash: await hashPassword(input.password),
        ticketHash,
        nameFirst: values.nameFirst,
        nameLast: values.nameLast,
        ...(input.zip && { zip: input.zip }),
        ...(anotherSignup && { anotherSignup: '1' }),
        // A client without the ticket (an older one) finishes the first sign-up from its device only.
        deviceHash: hashTicket(client.deviceId ?? ''),
        ...b2b,
      };
      // An abandoned, never verified sign-up can be started again: only the mailbox owner can finish it.
      const [user] = existing
        ? anotherSignup
          ? [existing]
          : await db.update(users).set(values).where(eq(users.id, existing.id)).returning()
        : await db
            .insert(users)
            .values({ ...values, refnum: newRefnum('user') })
            .returning();
      if (!user) throw new Error('sign-up wrote no user');
      const signUpRewardMessage = input.referralCode
        ? await ports.recordReferral(db, user.id, input.referralCode, client.address)
        : null;
      await mailCode({ email: user.email, purpose: 'verify_email', user, payload: pending });
      return {
        userRefnum: user.refnum,
        nameFirst: values.nameFirst,
        email: user.email,
        verificationSent: true as const,
        ...(signUpRewardMessage && { signUpRewardMessage }),
        signupTicket: ticket,
      };
    },

    async easySignup(
      email: string,
      input: { referralCode?: string; isB2B?: boolean; orgName?: string },
      client: ClientInfo,
    ) {
      const { referralCode } = input;
      await spendSignup(client);
      const b2b: PendingB2B = input.isB2B
        ? { orgRefnum: await ports.b2bSignupOrganisation(db, email, input.orgName) }
        : {};
      if (await findUserByEmail(db, email)) throw new AppError(409, authMessages.emailTaken, { field: 'email' });
      await chargeCode({ email, purpose: 'verify_email' });
      const [user] = await db
        .insert(users)
        .values({ refnum: newRefnum('user'), email: email.trim(), nameFirst: '', nameLast: '', isProgressive: true })
        .returning();
      if (!user) throw new Error('easy sign-up wrote no user');
      const signUpRewardMessage = referralCode
        ? await ports.recordReferral(db, user.id, referralCode, client.address)
        : null;
      await mailCode({
        email: user.email,
        purpose: 'verify_email',
        user,
        payload: b2b.orgRefnum ? { ...b2b } : undefined,
      });
      return {
        email: user.email,
        verificationSent: true as const,
        ...(signUpRewardMessage && { signUpRewardMessage }),
      };
    },

    async verifyEmail(email: string, code: string, client: ClientInfo, signupTicket?: string) {
      const ticketHash = signupTicket ? hashTicket(signupTicket) : undefined;
      // Without a ticket (an older client) the first sign-up of the address counts, and only from
      // the device that made it: a later sign-up never replaces it, whichever code is entered.
      const first = ticketHash ? undefined : (await waitingSignups(email)).find((p) => !p.anotherSignup);
      // With a ticket only its sign-up's code is tried: another sign-up's code does not verify it.
      const used = await codes.consume(email, 'verify_email', code, { group: ticketHash, from: client.address });
      const user = await findUserByEmail(db, email);
      if (!user) throw AppError.badRequest(authMessages.codeExpired, 'code');
      // The sign-up's password and names count when its code comes with its ticket (the browser
      // that chose them), or as above without one; otherwise a code proves the mailbox but not
      // who chose the password (set one by reset, or log in with a code).
      const payload = used.payload ?? {};
      const signup = ticketHash
        ? payload.passwordHash && payload.ticketHash === ticketHash
          ? payload
          : undefined
        : first?.deviceHash === hashTicket(client.deviceId ?? '')
          ? first
          : undefined;
      const chosen = Boolean(signup?.passwordHash);
      const verified = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set(
            user.emailVerifiedAt
              ? {}
              : {
                  emailVerifiedAt: clock.now(),
                  passwordHash: chosen ? signup?.passwordHash : null,
                  ...(chosen &&
                    signup?.nameFirst && {
                      nameFirst: signup.nameFirst,
                      nameLast: signup.nameLast ?? '',
                      zip: signup.zip ?? null,
                    }),
                },
          )
          .where(eq(users.id, user.id))
          .returning();
        return joinSignupOrganisation(tx, row ?? user, { orgRefnum: payload.orgRefnum });
      });
      // The mailbox is proven: every other sign-up of it ends.
      await codes.revoke(email, 'verify_email');
      return loginData(verified, client);
    },

    async resendVerification(email: string, client: ClientInfo, signupTicket?: string) {
      await chargeCode({ email, purpose: 'verify_email', address: client.address });
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerifiedAt) {
        const payload = await pendingPayload(email, signupTicket ? hashTicket(signupTicket) : undefined);
        await mailCode({ email: user.email, purpose: 'verify_email', user, payload });
      }
      return { sent: true as const };
    },

    async login(email: string, password: string, client: ClientInfo) {
      const user = await findUserByEmail(db, email);
      const attempt: LoginAttempt = {
        email,
        address: client.address,
        knownDevice: user && (await devices.knownHash(user.id, client.deviceId)),
      };
      await throttle.assertOpen(attempt);
      // Not verified yet: the passwords to check are those waiting with the sign-ups' codes.
      let pending: Record<string, string> | undefined;
      if (user && !user.emailVerifiedAt) {
        for (const signup of await waitingSignups(email)) {
          if (await checkPassword(signup.passwordHash, password)) {
            pending = signup;
            break;
          }
        }
      }
      const hash = user?.emailVerifiedAt ? user.passwordHash : (pending?.passwordHash ?? user?.passwordHash);
      // The same answer, in about the same time, for an unknown email and a wrong password.
      if (!(await checkPassword(hash, password)) || !user) {
        await throttle.recordFailure(attempt);
        throw new AppError(401, authMessages.credentialsWrong);
      }
      await throttle.recordSuccess(attempt);
      if (!user.emailVerifiedAt) {
        // Only when a code went: past the budget, the 429 says none did. The code is that
        // sign-up's: the browser holding its ticket verifies it with its password.
        await sendCode({ email: user.email, purpose: 'verify_email', user, payload: pending });
        throw new AppError(403, authMessages.emailNotVerified);
      }
      return loginData(user, client);
    },

    async loginWithCode(email: string, client: ClientInfo) {
      await chargeCode({ email, purpose: 'login', address: client.address });
      const user = await findUserByEmail(db, email);
      // Admins log in with their password only; nobody learns whether the account exists.
      if (user && !isAdmin(user)) await mailCode({ email: user.email, purpose: 'login', user });
      return { sent: true as const };
    },

    async verifyLoginCode(email: string, code: string, client: ClientInfo) {
      const user = await findUserByEmail(db, email);
      if (user && isAdmin(user)) throw new AppError(403, authMessages.adminNeedsPassword);
      await codes.consume(email, 'login', code, { from: client.address });
      if (!user) throw AppError.badRequest(authMessages.codeExpired, 'code');
      // The code reached the mailbox: that verifies the address too, and ends any password nobody
      // proved (one an earlier sign-up of this address chose, perhaps not its owner's).
      if (!user.emailVerifiedAt) {
        const b2b = await pendingB2B(email);
        const verified = await db.transaction(async (tx) => {
          await tx.update(users).set({ emailVerifiedAt: clock.now(), passwordHash: null }).where(eq(users.id, user.id));
          return joinSignupOrganisation(tx, user, b2b);
        });
        await codes.revoke(email, 'verify_email');
        return loginData(verified, client);
      }
      return loginData(user, client);
    },

    async forgotPassword(email: string, client: ClientInfo) {
      await chargeCode({ email, purpose: 'reset_password', address: client.address });
      const user = await findUserByEmail(db, email);
      if (user) await mailCode({ email: user.email, purpose: 'reset_password', user });
      return { sent: true as const };
    },

    async setPassword(email: string, code: string, password: string, client?: ClientInfo) {
      await codes.consume(email, 'reset_password', code, { from: client?.address });
      const user = await findUserByEmail(db, email);
      if (!user) throw AppError.badRequest(authMessages.codeExpired, 'code');
      const passwordHash = await hashPassword(password);
      // Every session ends, its access tokens with it; the person logs in with the new password.
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? clock.now() })
          .where(eq(users.id, user.id));
        await refresh.revokeAllOf(user.id, tx);
      });
      return { success: true as const };
    },

    async refreshTokens(token: string, client: ClientInfo) {
      const rotation = await refresh.rotate(token, client.deviceId);
      const user = rotation.ok ? await findUserById(db, rotation.userId) : undefined;
      if (!rotation.ok || !user || user.blockedAt) throw new AppError(499, authMessages.sessionExpired);
      return {
        accessToken: await access.issue(user, rotation.issued.sessionId),
        refreshToken: rotation.issued.refreshToken,
        expirationTime: rotation.issued.expiresAt.toISOString(),
      };
    },

    async logout(token: string) {
      await refresh.revokeFamilyOf(token);
      return { success: true as const };
    },

    async completeProgressiveSignup(
      userId: number,
      input: { nameFirst: string; nameLast: string; password: string },
      client: ClientInfo,
    ) {
      const user = await findUserById(db, userId);
      if (!user?.isProgressive) throw AppError.conflict(authMessages.progressiveOnly);
      const [done] = await db
        .update(users)
        .set({
          nameFirst: input.nameFirst.trim(),
          nameLast: input.nameLast.trim(),
          passwordHash: await hashPassword(input.password),
          isProgressive: false,
        })
        .where(eq(users.id, userId))
        .returning();
      return loginData(done ?? user, client);
    },

    async changePassword(userId: number, current: string, next: string, client: ClientInfo) {
      const user = await findUserById(db, userId);
      if (!user || !(await checkPassword(user.passwordHash, current))) {
        throw AppError.badRequest(authMessages.currentPasswordWrong, 'currentPassword');
      }
      if (current === next) throw AppError.badRequest(authMessages.samePassword, 'newPassword');
      const passwordHash = await hashPassword(next);
      // Every session ends with the old password, this one too: the login data below is this device's new session.
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await refresh.revokeAllOf(userId, tx);
      });
      return loginData(user, client);
    },

    /** A first password for an account without one (an emailed code or a social sign-in made it). */
    async createPassword(userId: number, password: string, client: ClientInfo) {
      const passwordHash = await hashPassword(password);
      // Only while there is none: a second call (or a race) cannot replace a password without the current one.
      const [user] = await db.transaction(async (tx) => {
        const set = await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.id, userId), isNull(users.passwordHash)))
          .returning();
        if (set.length) await refresh.revokeAllOf(userId, tx);
        return set;
      });
      if (!user) throw AppError.conflict(authMessages.passwordAlreadySet);
      return loginData(user, client);
    },

    /** The signed-in person proves it is them with their password; a wrong one counts as a failed log-in. */
    async verifyUser(userId: number, password: string, client: ClientInfo) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(401, authMessages.loginRequired);
      if (!user.passwordHash) throw AppError.conflict(authMessages.noPasswordYet);
      const attempt: LoginAttempt = {
        email: user.email,
        address: client.address,
        knownDevice: await devices.knownHash(user.id, client.deviceId),
      };
      await throttle.assertOpen(attempt);
      if (!(await checkPassword(user.passwordHash, password))) {
        await throttle.recordFailure(attempt);
        throw AppError.badRequest(authMessages.currentPasswordWrong, 'password');
      }
      await throttle.recordSuccess(attempt);
      return { verified: true as const };
    },

    async updateEmail(userId: number, email: string, client: ClientInfo) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(401, authMessages.loginRequired);
      if (await findUserByEmail(db, email)) throw new AppError(409, authMessages.emailTaken, { field: 'email' });
      await sendCode({
        email: email.trim(),
        purpose: 'change_email',
        user,
        payload: { userRefnum: user.refnum },
        address: client.address,
      });
      return { sent: true as const };
    },

    async verifyUpdatableEmail(userId: number, email: string, code: string, client: ClientInfo) {
      const used = await codes.consume(email, 'change_email', code, { from: client.address });
      const user = await findUserById(db, userId);
      if (!user || used.userId !== userId) throw AppError.badRequest(authMessages.codeExpired, 'code');
      if (await findUserByEmail(db, email)) throw new AppError(409, authMessages.emailTaken, { field: 'email' });
      const [moved] = await db
        .update(users)
        .set({ email: email.trim(), emailVerifiedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning();
      return loginData(moved ?? user, client);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
