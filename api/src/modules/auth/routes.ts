import {
  changePasswordCall,
  completeProgressiveSignupCall,
  easySignupCall,
  forgotPasswordCall,
  isUserExistCall,
  loginCall,
  loginWithCodeCall,
  logoutCall,
  refreshTokenCall,
  resendVerificationCall,
  setPasswordCall,
  signupCall,
  updateEmailCall,
  verifyEmailCall,
  verifyLoginCodeCall,
  verifyUpdatableEmailCall,
} from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import { callerId, clientOf } from './request-context';
import type { AuthService } from './service';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  registerCall(app, isUserExistCall, ({ body }) => auth.isUserExist(body.email));
  registerCall(app, signupCall, ({ body }) => auth.signup(body));
  registerCall(app, easySignupCall, ({ body }) => auth.easySignup(body.email, body.referralCode));
  registerCall(app, verifyEmailCall, ({ body, request }) => auth.verifyEmail(body.email, body.code, clientOf(request)));
  registerCall(app, resendVerificationCall, ({ body }) => auth.resendVerification(body.email));
  registerCall(app, loginCall, ({ body, request }) => auth.login(body.email, body.password, clientOf(request)));
  registerCall(app, loginWithCodeCall, ({ body }) => auth.loginWithCode(body.email));
  registerCall(app, verifyLoginCodeCall, ({ body, request }) =>
    auth.verifyLoginCode(body.email, body.code, clientOf(request)),
  );
  registerCall(app, forgotPasswordCall, ({ body }) => auth.forgotPassword(body.email));
  registerCall(app, setPasswordCall, ({ body }) => auth.setPassword(body.email, body.code, body.password));
  registerCall(app, refreshTokenCall, ({ body, request }) => auth.refreshTokens(body.refreshToken, clientOf(request)));
  registerCall(app, logoutCall, ({ body }) => auth.logout(body.refreshToken));
  registerCall(app, completeProgressiveSignupCall, ({ body, request }) =>
    auth.completeProgressiveSignup(callerId(request), body, clientOf(request)),
  );
  registerCall(app, changePasswordCall, ({ body, request }) =>
    auth.changePassword(callerId(request), body.currentPassword, body.newPassword, clientOf(request)),
  );
  registerCall(app, updateEmailCall, ({ body, request }) => auth.updateEmail(callerId(request), body.email));
  registerCall(app, verifyUpdatableEmailCall, ({ body, request }) =>
    auth.verifyUpdatableEmail(callerId(request), body.email, body.code, clientOf(request)),
  );
}
