import { authCalls, credentialCalls, joinCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { usersResource } from './admin';
import { clientOf } from './request-context';

/** Signing up and in, tokens, a person's password and sign-in email; the console's people. */
export const authCapability = defineCapability({
  name: 'auth',
  calls: joinCalls(authCalls, credentialCalls),
  handlers: ({ auth }) => ({
    isUserExist: ({ body, request }) => auth.isUserExist(body.email, clientOf(request)),
    signup: ({ body, request }) => auth.signup(body, clientOf(request)),
    easySignup: ({ body, request }) => auth.easySignup(body.email, body, clientOf(request)),
    verifyEmail: ({ body, request }) => auth.verifyEmail(body.email, body.code, clientOf(request), body.signupTicket),
    resendVerification: ({ body, request }) =>
      auth.resendVerification(body.email, clientOf(request), body.signupTicket),
    login: ({ body, request }) => auth.login(body.email, body.password, clientOf(request)),
    loginWithCode: ({ body, request }) => auth.loginWithCode(body.email, clientOf(request)),
    verifyLoginCode: ({ body, request }) => auth.verifyLoginCode(body.email, body.code, clientOf(request)),
    forgotPassword: ({ body, request }) => auth.forgotPassword(body.email, clientOf(request)),
    setPassword: ({ body, request }) => auth.setPassword(body.email, body.code, body.password, clientOf(request)),
    refreshToken: ({ body, request }) => auth.refreshTokens(body.refreshToken, clientOf(request)),
    logout: ({ body }) => auth.logout(body.refreshToken),
    completeProgressiveSignup: ({ body, caller, request }) =>
      auth.completeProgressiveSignup(caller.userId, body, clientOf(request)),
    changePassword: ({ body, caller, request }) =>
      auth.changePassword(caller.userId, body.currentPassword, body.newPassword, clientOf(request)),
    updateEmail: ({ body, caller, request }) => auth.updateEmail(caller.userId, body.email, clientOf(request)),
    verifyUpdatableEmail: ({ body, caller, request }) =>
      auth.verifyUpdatableEmail(caller.userId, body.email, body.code, clientOf(request)),
    createPassword: ({ body, caller, request }) =>
      auth.createPassword(caller.userId, body.newPassword, clientOf(request)),
    verifyUser: ({ body, caller, request }) => auth.verifyUser(caller.userId, body.password, clientOf(request)),
  }),
  adminResources: ({ clock, auth }) => [usersResource({ clock, auth })],
});
