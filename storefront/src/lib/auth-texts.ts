/**
 * The storefront's own wording around signing in (toasts, dialog leads). The spec gives no
 * texts for these; the rule and error texts stay in @yardly/shared/rules (authMessages).
 */
export const AUTH_TEXTS = {
  loggedOut: 'You are logged out',
  welcome: (nameFirst: string) => (nameFirst ? `Welcome, ${nameFirst}!` : 'Welcome!'),
  welcomeBack: (nameFirst: string) => (nameFirst ? `Welcome back, ${nameFirst}` : 'Welcome back'),
  codeSentTo: (email: string) => `We sent a 6-digit code to ${email}.`,
  codeResent: (email: string) => `We sent a new code to ${email}.`,
  passwordReset: 'Your new password is set: log in with it.',
  passwordChanged: 'Your password is changed. You are logged out on your other devices.',
  passwordSet: 'Your password is set: log in with it or with a code. You are logged out on your other devices.',
  accountComplete: 'Your account is complete',
} as const;

/** 'Hi, Ann' in the header; an easy sign-up account has no name yet. */
export function greeting(nameFirst: string): string {
  return nameFirst.trim() ? `Hi, ${nameFirst.trim()}` : 'Hi there';
}
