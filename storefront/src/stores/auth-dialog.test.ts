import { afterEach, describe, expect, it } from 'vitest';
import {
  $authDialog,
  closeAuthDialog,
  dialogAskedBy,
  legacyLinkDialog,
  openAuthDialog,
  promptGuest,
  returnPathAsked,
} from './auth-dialog';
import { GUEST_PROMPTS } from './session';
import { $toast, dismissToast, runToastAction } from './toast';

describe('$authDialog', () => {
  afterEach(() => {
    closeAuthDialog();
    dismissToast();
  });

  it('holds one dialog: opening another closes the first', () => {
    openAuthDialog('login');
    openAuthDialog({ name: 'verify', email: 'ann@example.com', flow: 'signup' });
    expect($authDialog.get()).toEqual({ name: 'verify', email: 'ann@example.com', flow: 'signup' });
  });

  it('closes only the named dialog when a name is given', () => {
    openAuthDialog('signup');
    // A dialog that was replaced reports its close late: the open one stays.
    closeAuthDialog('login');
    expect($authDialog.get()?.name).toBe('signup');
    closeAuthDialog('signup');
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
