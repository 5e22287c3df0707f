import { z } from 'zod';
import { donationMessages } from '../rules/donation';
import { DONATION_MAX_PHOTOS, DONATION_NOTE_MAX, DONATION_STATES, donationProcess } from '../rules/donation-process';
import { addressSchemaOut, saveAddressBodySchema } from './account';
import { defineCall } from './call';
import { actionsOf, isoDateTimeSchema, pageFields, pageOf, refnumSchema, successSchema } from './common';
import { listingCardSchema } from './listings';

/**
 * Donations (issue 21; spec sections 2, 3, 5, 7-9). Every call and console resource here exists
 * only with the donation flag on (`PUBLIC_DONATION_ENABLED=true`); off, each path is a 404.
 * The donor is the listing's seller; the recipient a member of a VERIFIED charity (LoginData's
 * `isDonationRecipient`). `donar` is spelt as the spec spells it.
 */

export const donationStateSchema = z.enum(DONATION_STATES);

/** A photo documenting the handover: `resourcePath` names it in the picture calls. */
export const donationPictureSchema = z.object({
  resourcePath: z.string(),
  url: z.string(),
  /** Who added it. */
  userRefnum: refnumSchema,
  createdAt: isoDateTimeSchema,
});
export type DonationPicture = z.infer<typeof donationPictureSchema>;

/**
 * A donation order as its donor, its recipient or an admin sees it. `pickupAddress` is the
 * donor's chosen address: shown to the donor, the recipient and the console once confirmed.
 */
export const donationOrderSchema = z.object({
  donationOrderId: refnumSchema,
  listingRefnum: refnumSchema,
  listingTitle: z.string(),
  listingPictureUrl: z.string().nullable(),
  /** The item's zip: the pickup address must be there. */
  itemZip: z.string(),
  donarRefnum: refnumSchema,
  donarName: z.string(),
  recipientRefnum: refnumSchema,
  recipientName: z.string(),
  organizationName: z.string(),
  /** The caller's part in it. */
  role: z.enum(['donor', 'recipient', 'admin']),
  state: donationStateSchema,
  /** The state as a person reads it ('Pickup address confirmed'). */
  stateLabel: z.string(),
  pickupAddress: addressSchemaOut.nullable(),
  /** The donor and the recipient's conversation (My Messages). */
  conversationId: refnumSchema,
  /** `/myquest/messages/{listing}_{seller}_{buyer}`: where the donor goes once confirmed. */
  messagesPath: z.string(),
  /** Saved photos, oldest first (at most 4). */
  pictures: z.array(donationPictureSchema),
  /** The donation events the caller may take now (donation-process.ts). */
  actions: actionsOf(donationProcess),
  /** When a requested donation lapses unless the donor confirms (7 days); null once confirmed. */
  confirmBy: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  confirmedAt: isoDateTimeSchema.nullable(),
  pickedUpAt: isoDateTimeSchema.nullable(),
  receivedAt: isoDateTimeSchema.nullable(),
  cancelledAt: isoDateTimeSchema.nullable(),
});
export type DonationOrder = z.infer<typeof donationOrderSchema>;

const donationOrderIdBody = z.object({ donationOrderId: refnumSchema });

export const donationListingsCall = defineCall({
  method: 'GET',
  path: '/listing/donations',
  auth: 'required',
  summary:
    'Donation listings on offer near a zip, nearest first (recipients only: a member of a verified charity); others 403',
  query: z.object({
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, donationMessages.nearZipInvalid),
    /** Miles around the zip (default 25). */
    d: z.coerce.number().int().min(1).max(500).default(25),
    ...pageFields(),
  }),
  response: pageOf(listingCardSchema.extend({ distanceMiles: z.number().nullable() })),
});

export const placeDonationOrderCall = defineCall({
  method: 'POST',
  path: '/donations/placeOrder',
  auth: 'required',
  summary:
    'A recipient requests a donation listing: it is held for them, the donor is asked to confirm a pickup address, and they share a conversation. Not a recipient 403, own item 403, already requested 409',
  body: z.object({ listingRefnum: refnumSchema }),
  response: z.object({ donationOrderId: refnumSchema, conversationId: refnumSchema }),
});

export const donationOrderCall = defineCall({
  method: 'GET',
  path: '/donations',
  auth: 'required',
  summary:
    'The donation order of a listing (the open one, else the latest), for its donor, its recipient or an admin; null when there is none the caller may see (nothing requested yet is no error: the item page asks on every view)',
  query: z.object({ listingRefnum: refnumSchema }),
  response: donationOrderSchema.nullable(),
});

/** The confirmation payload (spec section 3). Errors are answered as `errors: [{field, message}]`. */
export const confirmDonationBodySchema = z.object({
  listingRefnum: refnumSchema,
  donarRefnum: refnumSchema,
  recipientRefnum: refnumSchema,
  donarAddressId: refnumSchema,
});
export type ConfirmDonationBody = z.infer<typeof confirmDonationBodySchema>;

export const confirmDonationCall = defineCall({
  method: 'POST',
  path: '/donations/confirm',
  auth: 'required',
  summary:
    "The donor confirms a pickup address of theirs at the item's zip ('Please select an address at zip code {zip}' otherwise); a representative follows up within 2-3 business days",
  body: confirmDonationBodySchema,
  response: donationOrderSchema,
});

export const pickupAddressCall = defineCall({
  method: 'POST',
  path: '/donations/pickupAddress',
  auth: 'required',
  summary:
    "The donation page's 'Add pickup address': saved among the donor's addresses; refused (409) when they already have 4",
  body: saveAddressBodySchema,
  response: addressSchemaOut,
});

export const donationPickedUpCall = defineCall({
  method: 'POST',
  path: '/donations/picked-up',
  auth: 'required',
  summary: 'The recipient records that the donation was picked up',
  body: donationOrderIdBody,
  response: donationOrderSchema,
});

export const donationReceivedCall = defineCall({
  method: 'POST',
  path: '/donations/received',
  auth: 'required',
  summary:
    "The recipient records that the donation arrived: the item shows 'Donated' and the donor is mailed a receipt",
  body: donationOrderIdBody,
  response: donationOrderSchema,
});

export const cancelDonationCall = defineCall({
  method: 'POST',
  path: '/donations/cancel',
  auth: 'required',
  summary: 'The donor or the recipient cancels a donation not yet picked up: the item is on offer again',
  body: donationOrderIdBody,
  response: donationOrderSchema,
});

/** multipart/form-data with one file field (`photo` or `file`): JPG or PNG, at most 10 MB. */
export const donationPictureCall = defineCall({
  method: 'POST',
  path: '/donations/picture',
  auth: 'required',
  upload: 'photo',
  summary:
    'The donor or the recipient uploads a photo of the handover (kept unsaved until `picture/save`); `messageRef` names the conversation line it goes with, when any',
  query: z.object({ donationOrderId: refnumSchema, messageRef: z.string().max(64).optional() }),
  response: z.object({ resourcePath: z.string(), url: z.string() }),
});

const pictureSaveFields = z.object({ resourcePath: z.string().min(1).max(200), donationOrderId: refnumSchema });

export const saveDonationPictureCall = defineCall({
  method: 'POST',
  path: '/donations/picture/save',
  auth: 'required',
  summary: `Saves an uploaded photo on the donation order (at most ${DONATION_MAX_PHOTOS}); the fields come in the query or the body`,
  query: pictureSaveFields.partial(),
  body: pictureSaveFields.partial().nullish(),
  response: donationOrderSchema,
});

export const deleteDonationPictureCall = defineCall({
  method: 'DELETE',
  path: '/donations/picture',
  auth: 'required',
  summary: 'Deletes a photo its uploader added to a donation order',
  query: z.object({ resourcePath: z.string().min(1).max(200) }),
  response: successSchema,
});

export const donationCalls = {
  listings: donationListingsCall,
  placeOrder: placeDonationOrderCall,
  order: donationOrderCall,
  confirm: confirmDonationCall,
  addPickupAddress: pickupAddressCall,
  pickedUp: donationPickedUpCall,
  received: donationReceivedCall,
  cancel: cancelDonationCall,
  uploadPicture: donationPictureCall,
  savePicture: saveDonationPictureCall,
  deletePicture: deleteDonationPictureCall,
} as const;

// ---- The console (`/svc/admin/donations`; spec sections 2 and 6) ----

/**
 * A donation order in the console's queue: `id` is the donationOrderId. ROLE_ADMIN and
 * ROLE_LIMITED_ADMIN read it (`/donation`); only ROLE_ADMIN changes it (`/donation/process-donations`).
 */
export const adminDonationRecordSchema = z.object({
  id: refnumSchema,
  state: donationStateSchema,
  stateLabel: z.string(),
  listingRefnum: refnumSchema,
  listingTitle: z.string(),
  itemZip: z.string(),
  donorEmail: z.string(),
  donorName: z.string(),
  recipientEmail: z.string(),
  recipientName: z.string(),
  organizationName: z.string(),
  pickupAddress: addressSchemaOut.nullable(),
  pictures: z.array(donationPictureSchema),
  /** No representative contact within 2-3 business days of the confirmed pickup. */
  overdue: z.boolean(),
  /** When a representative should have contacted the donor by; null until the pickup is confirmed. */
  contactBy: isoDateTimeSchema.nullable(),
  contactedAt: isoDateTimeSchema.nullable(),
  contactNotes: z.array(z.object({ note: z.string(), by: z.string(), at: isoDateTimeSchema })),
  /** The donation events the console may take now. */
  actions: actionsOf(donationProcess),
  history: z.array(
    z.object({ event: z.string(), state: z.string(), at: isoDateTimeSchema, by: z.string().nullable() }),
  ),
  /** Days since it was requested (the queue's age column). */
  ageDays: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminDonationRecord = z.infer<typeof adminDonationRecordSchema>;

/**
 * What ROLE_ADMIN sends to change a donation (react-admin's update, `PUT /svc/admin/donations/{id}`):
 * a contact note, a donation event the console may take (pickUp, receive, cancel), or both.
 */
export const adminDonationChangeSchema = z
  .object({
    contactNote: z.string().trim().max(DONATION_NOTE_MAX).optional(),
    event: z.enum(['pickUp', 'receive', 'cancel']).optional(),
  })
  .refine((c) => Boolean(c.contactNote) || c.event !== undefined, {
    message: donationMessages.noteOrStatusRequired,
    path: ['contactNote'],
  });
export type AdminDonationChange = z.infer<typeof adminDonationChangeSchema>;
