import { afterEach, describe, expect, it } from 'vitest';
import {
  $authDialog,
  $authDialogs,
  closeAuthDialog,
  closeAuthDialogs,
  closeOpenAuthDialog,
  dialogAskedBy,
  goBackToAuthDialog,
  legacyLinkDialog,
  openAuthDialog,
  promptGuest,
  returnPathAsked,
  switchAuthDialog,
} from './auth-dialog';
import { GUEST_PROMPTS } from './session';
import { $toast, dismissToast, runToastAction } from './toast';

const names = () => $authDialogs.get().map((open) => open.dialog.name);

describe('$authDialogs: the stack of open sign-in dialogs', () => {
  afterEach(() => {
    closeAuthDialogs();
    dismissToast();
  });

  it('stacks a dialog over the open one, and closing the top leaves the one below as it was', () => {
    openAuthDialog('signup');
    const signup = $authDialogs.get()[0];
    openAuthDialog({ name: 'verify', email: 'ann@example.com', flow: 'signup' });
    expect(names()).toEqual(['signup', 'verify']);
    expect($authDialog.get()).toEqual({ name: 'verify', email: 'ann@example.com', flow: 'signup' });

    closeAuthDialog();
    expect(names()).toEqual(['signup']);
    // The same opening (its fields kept), not a new one.
    expect($authDialogs.get()[0]).toBe(signup);
  });

  it('closes a named dialog wherever it is, leaving the others', () => {
    openAuthDialog('signup');
    openAuthDialog({ name: 'verify', email: 'ann@example.com', flow: 'signup' });
    closeAuthDialog('signup');
    expect(names()).toEqual(['verify']);
    closeAuthDialog('login');
    expect(names()).toEqual(['verify']);
  });

  it('ignores a late close from an opening that is gone (a frame closing after it was replaced)', () => {
    openAuthDialog('login');
    const first = $authDialogs.get()[0]?.id ?? 0;
    switchAuthDialog('signup');
    openAuthDialog('login');
    closeOpenAuthDialog(first);
    expect(names()).toEqual(['signup', 'login']);
  });

  it('switches the top dialog for another: closing that one goes back to what was below', () => {
    openAuthDialog('login');
    openAuthDialog({ name: 'forgotPassword', email: 'ann@example.com' });
    switchAuthDialog('signup');
    expect(names()).toEqual(['login', 'signup']);
    closeAuthDialog();
    expect(names()).toEqual(['login']);
  });

  it('keeps one of each: reopening a dialog below closes it and the ones over it, and opens it fresh on top', () => {
    openAuthDialog('signup');
    openAuthDialog({ name: 'verify', email: 'ann@example.com', flow: 'signup' });
    const signupId = $authDialogs.get()[0]?.id;
    openAuthDialog({ name: 'signup', notice: 'Again' });
    expect($authDialogs.get().map((open) => open.dialog)).toEqual([{ name: 'signup', notice: 'Again' }]);
    expect($authDialogs.get()[0]?.id).not.toBe(signupId);
  });

  it('goes back to a dialog below as it was left, or switches to it when it is not open', () => {
    openAuthDialog('login');
    const login = $authDialogs.get()[0];
    openAuthDialog({ name: 'loginWithCode', email: 'ann@example.com' });
    goBackToAuthDialog({ name: 'login' });
    expect($authDialogs.get()).toEqual([login]);

    closeAuthDialogs({ name: 'forgotPassword' });
    goBackToAuthDialog({ name: 'login', email: 'ann@example.com' });
    expect($authDialogs.get().map((open) => open.dialog)).toEqual([{ name: 'login', email: 'ann@example.com' }]);
  });

  it('closes the whole stack when a flow is over, opening the next dialog alone', () => {
    openAuthDialog('signup');
    openAuthDialog({ name: 'verify', email: 'ann@example.com', flow: 'signup' });
    closeAuthDialogs({ name: 'verified', flow: 'signup' });
    expect(names()).toEqual(['verified']);
    closeAuthDialogs();
    expect($authDialogs.get()).toEqual([]);
    expect($authDialog.get()).toBeNull();
  });

  it('reads ?q=login and ?q=signup, and nothing else', () => {
    expect(dialogAskedBy('?q=login')).toBe('login');
    expect(dialogAskedBy('?page=2&q=signup')).toBe('signup');
    expect(dialogAskedBy('?q=admin')).toBeNull();
    expect(dialogAskedBy('')).toBeNull();
  });

  it("prompts a guest with a toast whose 'Log in' opens the login dialog with the prompt", () => {
    promptGuest(GUEST_PROMPTS.favourite);
    const toast = $toast.get();
    expect(toast).toMatchObject({ kind: 'warning', message: 'Sign up or log in to save favourites' });
    expect(toast?.action?.label).toBe('Log in');
    expect($authDialog.get()).toBeNull();

    runToastAction(toast?.id ?? 0);
    expect($toast.get()).toBeNull();
    expect($authDialog.get()).toEqual({ name: 'login', notice: 'Sign up or log in to save favourites' });
  });
});

describe('returnPathAsked', () => {
  it('takes a path on this site', () => {
    expect(returnPathAsked('?q=login&next=/admin/')).toBe('/admin/');
    expect(returnPathAsked('?q=login&next=%2Fadmin%2F%23%2Fcategories')).toBe('/admin/#/categories');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      'admin',
    ]) {
      expect(returnPathAsked(`?q=login&next=${encodeURIComponent(next)}`), next).toBeUndefined();
    }
    expect(returnPathAsked('?q=login')).toBeUndefined();
  });
});

describe('legacyLinkDialog', () => {
  it('opens the dialog a legacy link was for, with its email', () => {
    expect(legacyLinkDialog('resetPassword', '?email=ann%40example.com')).toEqual({
      name: 'resetPassword',
      email: 'ann@example.com',
    });
    expect(legacyLinkDialog('verify', '?email=ann@example.com')).toEqual({
      name: 'verify',
      email: 'ann@example.com',
      flow: 'signup',
    });
  });

  it('starts again without an email: forgot password, or log in', () => {
    expect(legacyLinkDialog('resetPassword', '')).toEqual({ name: 'forgotPassword' });
    expect(legacyLinkDialog('verify', '?email=')).toEqual({ name: 'login' });
  });
});
