// @vitest-environment happy-dom
import type { AdminDonationRecord } from '@yardly/shared/contract';
import { act, createElement as h } from 'react';
import { AdminContext, type AuthProvider, type DataProvider, RecordContext } from 'react-admin';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleMayAccess } from '../access';
import { accessSettling } from '../access-settled';
import { ContactNoteForm } from './ContactNoteForm';
import { DonationStatusButtons } from './DonationStatusButtons';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const record = {
  id: 'DN01ARZ3NDEK',
  state: 'pickupConfirmed',
  actions: ['pickUp', 'cancel'],
} as unknown as AdminDonationRecord;

function authFor(roles: string[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => roles,
    canAccess: async ({ resource, action }) => consoleMayAccess(roles, resource, action, { donationEnabled: true }),
  };
}

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

async function render(roles: string[], update = vi.fn(async () => ({ data: record }))) {
  const dataProvider = { update } as unknown as DataProvider;
  const access = accessSettling(authFor(roles));
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      h(
        AdminContext,
        { dataProvider, authProvider: access.auth },
        h(RecordContext.Provider, { value: record }, h(DonationStatusButtons), h(ContactNoteForm)),
      ),
    );
  });
  // canAccess answers asynchronously
  await act(() => access.settled());
  return { update, root };
}

/** Types into a React-controlled field: the native setter, then the input event React listens to. */
function type(field: HTMLTextAreaElement | null, text: string) {
  if (!field) throw new Error('No field to type in');
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const buttonTexts = () => [...document.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('the processing buttons on screen', () => {
  it('the limited admin sees neither status buttons nor the contact note', async () => {
    await render(['ROLE_USER', 'ROLE_LIMITED_ADMIN']);
    expect(buttonTexts()).toEqual([]);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it("an admin sees the record's changes and 'Mark as picked up' sends its event", async () => {
    const { update } = await render(['ROLE_USER', 'ROLE_ADMIN']);
    expect(buttonTexts()).toEqual(['Mark as picked up', 'Cancel donation', 'Add contact note']);
    const pickUp = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('picked up'));
    await act(async () => pickUp?.click());
    expect(update).toHaveBeenCalledWith(
      'process-donations',
      expect.objectContaining({ id: record.id, data: { event: 'pickUp' } }),
    );
  });

  it("an admin's contact note is refused empty on the spot, and sent trimmed", async () => {
    const { update } = await render(['ROLE_USER', 'ROLE_ADMIN']);
    const submit = () => act(async () => document.querySelector('form')?.requestSubmit());
    await submit();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'Write a contact note or choose a status change',
    );
    expect(update).not.toHaveBeenCalled();

    await act(async () => type(document.querySelector('textarea'), '  Called the donor, pickup Tuesday  '));
    await submit();
    expect(update).toHaveBeenCalledWith(
      'process-donations',
      expect.objectContaining({ id: record.id, data: { contactNote: 'Called the donor, pickup Tuesday' } }),
    );
  });
});
