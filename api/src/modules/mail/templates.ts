import { CODE_TTL_MINUTES } from '@yardly/shared/rules';
import type { Mail } from './mailer';

/** Why a one-time code was mailed; each purpose has its own subject and wording. */
export type CodePurpose = 'verify_email' | 'login' | 'reset_password' | 'change_email' | 'work_email' | 'social_email';

const BRAND = 'Yardly';

interface CodeWording {
  subject: string;
  heading: string;
  /** What the code is for, one sentence. */
  intro: string;
  /** What happens if the reader ignores a mail they did not ask for. */
  ignore: string;
}

const WORDING: Record<CodePurpose, CodeWording> = {
  verify_email: {
    subject: `Your ${BRAND} verification code`,
    heading: 'Verify your email',
    intro: `Enter this code to verify your email and finish signing up for ${BRAND}:`,
    ignore: 'If you did not sign up, you can ignore this email; no account is made without the code.',
  },
  login: {
    subject: `Your ${BRAND} log-in code`,
    heading: `Log in to ${BRAND}`,
    intro: `Enter this code to log in to ${BRAND}:`,
    ignore: 'If you did not ask to log in, you can ignore this email; nobody can log in without the code.',
  },
  reset_password: {
    subject: `Reset your ${BRAND} password`,
    heading: 'Reset your password',
    intro: `Enter this code to set a new password for your ${BRAND} account:`,
    ignore: 'If you did not ask to reset your password, you can ignore this email; your password stays as it is.',
  },
  change_email: {
    subject: `Confirm your new ${BRAND} email`,
    heading: 'Confirm your new email',
    intro: `Enter this code to make this address the email of your ${BRAND} account:`,
    ignore: 'If you did not ask to change your email, you can ignore this email; your account keeps its address.',
  },
  work_email: {
    subject: `Verify your work email for ${BRAND}`,
    heading: 'Verify your work email',
    intro: `Enter this code to verify your work email on ${BRAND}:`,
    ignore: 'If you did not ask to verify this work email, you can ignore this email.',
  },
  social_email: {
    subject: `Your ${BRAND} sign-in code`,
    heading: 'Confirm your email',
    intro: `Enter this code to confirm this address and finish signing in to ${BRAND} with your social account:`,
    ignore: 'If you did not try to sign in, you can ignore this email; nothing happens without the code.',
  },
};

/**
 * A sign-up of an address whose earlier sign-up still waits (docs/decisions/0047): the mail says
 * so plainly, so an owner who did not start it knows to leave the code alone.
 */
const ANOTHER_SIGNUP: CodeWording = {
  subject: `Another ${BRAND} sign-up with your email`,
  heading: 'Someone started another sign-up with your email',
  intro: `Someone has just started another sign-up for ${BRAND} with this email address, while an earlier sign-up was still waiting for its code. Enter this code only on the page where you started this new sign-up:`,
  ignore:
    'If you did not start a second sign-up, ignore this email and do not share the code: the sign-up you started keeps its own code, and nobody can use your address or choose its password without a code from your mailbox.',
};

/** The mail carrying a one-time code: subject, a plain-text body and a simple HTML body. */
export function codeMail(
  purpose: CodePurpose,
  code: string,
  options: {
    nameFirst?: string;
    anotherSignup?: boolean;
    /** A page that uses the code itself (the email-update link, spec section 2). */
    link?: { url: string; label: string };
  } = {},
): Omit<Mail, 'to'> {
  const wording = options.anotherSignup && purpose === 'verify_email' ? ANOTHER_SIGNUP : WORDING[purpose];
  const greeting = greetingOf(options.nameFirst);
  const expiry = `This code expires in ${CODE_TTL_MINUTES} minutes.`;
  const signOff = `The ${BRAND} team`;

  const link = options.link;
  const text = [
    greeting,
    '',
    wording.intro,
    '',
    `    ${code}`,
    '',
    ...(link ? [`${link.label}: ${link.url}`, ''] : []),
    expiry,
    wording.ignore,
    '',
    signOff,
    '',
  ].join('\n');
  const linkHtml = link
    ? `<p style="margin: 0 0 16px; font-size: 16px; line-height: 1.5;"><a href="${escapeHtml(link.url)}" style="color: #15803d; font-weight: 700;">${escapeHtml(link.label)}</a></p>\n`
    : '';

  const html = mailHtml(
    wording.subject,
    `<h1 style="margin: 0 0 16px; font-size: 20px;">${escapeHtml(wording.heading)}</h1>
<p style="margin: 0 0 16px; font-size: 16px; line-height: 1.5;">${escapeHtml(greeting)}</p>
<p style="margin: 0 0 16px; font-size: 16px; line-height: 1.5;">${escapeHtml(wording.intro)}</p>
<p style="margin: 0 0 16px; padding: 16px; background: #f5f5f4; border-radius: 6px; text-align: center; font-family: 'Courier New', Courier, monospace; font-size: 32px; font-weight: 700; letter-spacing: 8px;">${escapeHtml(code)}</p>
${linkHtml}<p style="margin: 0 0 16px; font-size: 16px; line-height: 1.5;">${escapeHtml(expiry)}</p>
<p style="margin: 0 0 24px; font-size: 14px; line-height: 1.5; color: #57534e;">${escapeHtml(wording.ignore)}</p>
<p style="margin: 0; font-size: 14px; color: #57534e;">${escapeHtml(signOff)}</p>
`,
  );
  return { subject: wording.subject, text, html };
}

/** 'Hi Ann,' on one line, whatever the stored name holds ('Hi,' without one). */
export function greetingOf(nameFirst: string | null | undefined): string {
  const name = nameFirst?.replace(/\s+/g, ' ').trim();
  return name ? `Hi ${name},` : 'Hi,';
}

/** The HTML page every Yardly mail is: its title, the card with the brand line, then `body` (lines ending in a newline). */
export function mailHtml(title: string, body: string): string {
  const font = "font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin: 0; padding: 24px; background: #f5f5f4; ${font}; color: #1c1917;">
<div style="max-width: 480px; margin: 0 auto; padding: 32px; background: #ffffff; border-radius: 8px;">
<p style="margin: 0 0 24px; font-size: 22px; font-weight: 700; color: #15803d;">${BRAND}</p>
${body}</div>
</body>
</html>
`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
