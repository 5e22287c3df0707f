/** The contact-us form: its limits and messages, shared by the form and the api. */

export const CONTACT_LIMITS = {
  name: 80,
  subject: 120,
  messageMin: 10,
  message: 5000,
  /** Messages accepted per sender email, and per client address, in one window. */
  perEmail: 3,
  perAddress: 10,
  windowMinutes: 60,
} as const;

export const contactMessages = {
  name: 'Please enter your name',
  nameTooLong: `Your name cannot exceed ${CONTACT_LIMITS.name} characters`,
  subject: 'Please enter a subject',
  subjectTooLong: `The subject cannot exceed ${CONTACT_LIMITS.subject} characters`,
  messageTooShort: `Please write your message (at least ${CONTACT_LIMITS.messageMin} characters)`,
  messageTooLong: `Your message cannot exceed ${CONTACT_LIMITS.message} characters`,
  tooMany: 'You have sent us several messages in the last hour. We will answer them soon; please try again later.',
  sent: 'Thank you! Your message has reached our support team. We usually answer within two business days.',
} as const;
