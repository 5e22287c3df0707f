import { atom, computed, type ReadableAtom } from 'nanostores';
import { wakeHeader } from '../lib/header-demand';
import { pendingFlowDialog } from './pending-flows';
import { restoreSession } from './session';
import { showToast } from './toast';

/** How a verification code came to be asked for: a full sign-up, or an easy (email only) one. */
export type SignupFlow = 'signup' | 'easy';

/**
 * The sign-in dialogs of spec section 2 and what each needs to open. `notice` says why it
 * opened (a guest prompt); `returnTo` is where a guest was going when asked to log in.
 */
export type AuthDialog =
  | { name: 'login'; email?: string; notice?: string; returnTo?: string }
  | { name: 'signup'; notice?: string }
  | { name: 'verify'; email: string; flow: SignupFlow; notice?: string; rewardMessage?: string; b2b?: B2BSignup }
  | { name: 'verified'; flow: SignupFlow }
  | { name: 'loginWithCode'; email?: string; returnTo?: string }
  | { name: 'forgotPassword'; email?: string }
  | { name: 'resetPassword'; email: string }
  | { name: 'easySignup'; email?: string }
  | { name: 'completeAccount' }
  | { name: 'changePassword' }
  | { name: 'workEmail' }
  | { name: 'workEmailCode'; workEmail: string; organizationName: string }
  | { name: 'selectSocial'; verb: SocialVerb }
  | ({ name: 'socialEmail' } & SocialEmailProof)
  | ({ name: 'socialEmailCode' } & SocialEmailProof & { email: string });

/** 'Log in with ...' or 'Sign up with ...'. */
export type SocialVerb = 'Log in' | 'Sign up';

/** A social sign-in waiting for an email the person proves (the provider vouched for none). */
export interface SocialEmailProof {
  /** The pending ticket from the auth redirect page. */
  ticket: string;
  providerLabel: string;
  /** Where the redirect page goes once signed in. */
  home: string;
  email?: string;
}

/**
 * The signup state of a sign-up from an organisation's landing (spec section 3: isB2B, orgName):
 * the email must be a work email there; verifying it leads into the organisation's flow.
 */
export interface B2BSignup {
  isB2B: true;
  orgName: string;
  /** The work-email domains that make a member ('acme.com'). */
  domains: string[];
  /** 'Use your @acme.com work email', under the email field. */
  emailHint: string;
}

/**
 * The B2B sign-up of the organisation landing this page is, if it is one (its
 * `data-b2b-signup`): the header's sign-up dialog there joins the organisation with a work email.
 */
export function landingSignup(): B2BSignup | null {
  try {
    const raw = globalThis.document?.querySelector<HTMLElement>('[data-b2b-signup]')?.dataset.b2bSignup;
    return raw ? (JSON.parse(raw) as B2BSignup) : null;
  } catch {
    return null;
  }
}

export type AuthDialogName = AuthDialog['name'];

/** What callers may open by name alone: the dialogs that need nothing to open. */
type AuthDialogAsked =
  | AuthDialog
  | 'login'
  | 'signup'
  | 'easySignup'
  | 'completeAccount'
  | 'changePassword'
  | 'workEmail';

/** One open dialog of the stack; `id` tells two openings of the same dialog apart. */
export interface OpenAuthDialog {
  id: number;
  dialog: AuthDialog;
  /** What had the focus when it opened (a header button, the field of the dialog below): it gets it back on close. */
  opener: Element | null;
}

/**
 * The open sign-in dialogs, bottom first (spec section 4: "Dialogs open and close
 * independently"): the verify dialog sits over the sign-up dialog, and closing it leaves the
 * sign-up as it was. Only the top one is in use; at most one of each name is open.
 */
const $stack = atom<readonly OpenAuthDialog[]>([]);
let lastId = 0;

export const $authDialogs: ReadableAtom<readonly OpenAuthDialog[]> = $stack;

/** The dialog on top (the one in use), or null when none is open. */
export const $authDialog: ReadableAtom<AuthDialog | null> = computed($stack, (stack) => stack.at(-1)?.dialog ?? null);

function asDialog(asked: AuthDialogAsked): AuthDialog {
  return typeof asked === 'string' ? { name: asked } : asked;
}

/**
 * The stack with `dialog` put on top of `below`. A dialog of the same name already open
 * gives way, with the ones over it: reopening it is going back to it.
 */
function withOnTop(below: readonly OpenAuthDialog[], dialog: AuthDialog, opener: Element | null): OpenAuthDialog[] {
  const same = below.findIndex((open) => open.dialog.name === dialog.name);
  if (same !== -1) return withOnTop(below.slice(0, same), dialog, below[same]?.opener ?? opener);
  lastId += 1;
  return [...below, { id: lastId, dialog, opener }];
}

function focused(): Element | null {
  return globalThis.document?.activeElement ?? null;
}

/** Opens a dialog over the open ones (the next step of a flow; closing it comes back here). */
export function openAuthDialog(asked: AuthDialogAsked): void {
  $stack.set(withOnTop($stack.get(), asDialog(asked), focused()));
  wakeHeader();
}

/** The top dialog gives way to another (log in instead of sign up): closing that one goes back below. */
export function switchAuthDialog(asked: AuthDialogAsked): void {
  const stack = $stack.get();
  // It takes the place, and the opener, of the one it replaces.
  $stack.set(withOnTop(stack.slice(0, -1), asDialog(asked), stack.at(-1)?.opener ?? focused()));
  wakeHeader();
}

/**
 * Back to a dialog of the flow: if it is open below, the ones over it close and it is as it was
 * left (its fields kept); if not, it takes the top one's place.
 */
export function goBackToAuthDialog(asked: AuthDialogAsked): void {
  const dialog = asDialog(asked);
  const stack = $stack.get();
  const below = stack.findIndex((open) => open.dialog.name === dialog.name);
  if (below !== -1 && below < stack.length - 1) $stack.set(stack.slice(0, below + 1));
  else switchAuthDialog(dialog);
}

/** A flow is over: every dialog closes, and `next`, if given, opens alone (verified after verify). */
export function closeAuthDialogs(next?: AuthDialogAsked): void {
  const stack = $stack.get();
  $stack.set(next ? withOnTop([], asDialog(next), stack[0]?.opener ?? focused()) : []);
  if (next) wakeHeader();
}

/** Closes the dialog on top, or the named one wherever it is; the others stay open. */
export function closeAuthDialog(name?: AuthDialogName): void {
  const stack = $stack.get();
  const closing = name === undefined ? stack.at(-1) : stack.find((open) => open.dialog.name === name);
  if (closing) closeOpenAuthDialog(closing.id);
}

/** Closes one opening of a dialog (its frame's close: Escape, the close button); a late call for one gone does nothing. */
export function closeOpenAuthDialog(id: number): void {
  const stack = $stack.get();
  if (stack.some((open) => open.id === id)) $stack.set(stack.filter((open) => open.id !== id));
}

/** `?q=login` and `?q=signup` (where the auth redirect page sends people): the dialog to open, if any. */
export function dialogAskedBy(search: string): 'login' | 'signup' | null {
  const q = new URLSearchParams(search).get('q');
  return q === 'login' || q === 'signup' ? q : null;
}

/**
 * `&next=<path>` beside `?q=login` (the console sends people here to log in): where to go
 * afterwards. Only a path on this site: never another origin (`//host`, `/\\host`, a scheme).
 */
export function returnPathAsked(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?![/\\])[^\s]*$/.test(next) ? next : undefined;
}

/**
 * Opens the dialog a `?q=` link asks for, once, for a guest (someone already signed in goes
 * straight on to `next`, or stays), and takes `q` and `next` out of the address so a reload
 * does not open it again.
 */
export async function openDialogAskedByUrl(): Promise<void> {
  const asked = dialogAskedBy(window.location.search);
  if (!asked) return;
  const returnTo = returnPathAsked(window.location.search);
  const url = new URL(window.location.href);
  url.searchParams.delete('q');
  url.searchParams.delete('next');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (await restoreSession()) {
    if (returnTo) window.location.assign(returnTo);
    return;
  }
  openAuthDialog(asked === 'login' ? { name: 'login', returnTo } : asked);
}

/**
 * At start (spec section 4): a flow left waiting on its code (pending-flows.ts) opens its
 * dialog again, unless another dialog is open: a guest's reset or sign-up, a signed-in
 * person's work-email update.
 */
export async function resumePendingFlow(): Promise<void> {
  const dialog = pendingFlowDialog((await restoreSession()) !== null);
  if (dialog && $stack.get().length === 0) openAuthDialog(dialog);
}

/**
 * A legacy password-reset or email-verification link (spec section 2) on the home page: its
 * dialog for the link's `email` (the reset code and new password; the sign-up's code), or,
 * without one, where the person starts again (forgot password; log in).
 */
export function legacyLinkDialog(kind: 'resetPassword' | 'verify', search: string): AuthDialog {
  const email = new URLSearchParams(search).get('email')?.trim();
  if (!email) return kind === 'resetPassword' ? { name: 'forgotPassword' } : { name: 'login' };
  return kind === 'resetPassword' ? { name: 'resetPassword', email } : { name: 'verify', email, flow: 'signup' };
}

export function openLegacyLinkDialog(kind: 'resetPassword' | 'verify', search: string): void {
  openAuthDialog(legacyLinkDialog(kind, search));
}

/**
 * A guest met something that needs an account (spec section 6): the prompt as a toast whose
 * 'Log in' opens the login dialog, so the page under it stays usable.
 */
export function promptGuest(prompt: string): void {
  showToast(prompt, 'warning', { label: 'Log in', run: () => openAuthDialog({ name: 'login', notice: prompt }) });
}
