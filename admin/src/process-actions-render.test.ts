// @vitest-environment happy-dom
import type { AdminReturnRecord } from '@yardly/shared/contract';
import { returnMessages } from '@yardly/shared/rules';
import { act, createElement as h } from 'react';
import { AdminContext, type AuthProvider, type DataProvider, RecordContext } from 'react-admin';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleMayAccess } from './access';
import { accessSettling } from './access-settled';
import { ProcessActions } from './ProcessActions';
import {
  DECISION_WORDS,
  decisionAsk,
  decisionButtons,
  decisionRequest,
  type ReturnDecisionEvent,
} from './returns/decide';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const record = {
  id: 'RT01ARZ3NDEK',
  status: 'disputed',
  actions: ['approve', 'refuse', 'closeByRefund'],
} as unknown as AdminReturnRecord;

const access = accessSettling({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_USER', 'ROLE_ADMIN'],
  canAccess: async ({ resource, action }) =>
    consoleMayAccess(['ROLE_USER', 'ROLE_ADMIN'], resource, action, { donationEnabled: true }),
} satisfies AuthProvider);

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

/** The returns page's decision buttons inside a clickable row, as a list would hold them. */
async function render(update = vi.fn(async () => ({ data: record }))) {
  const rowClick = vi.fn();
  container = document.createElement('div');
  document.body.append(container);
  const buttons = h(ProcessActions<AdminReturnRecord, ReturnDecisionEvent>, {
    resource: 'returns',
    actions: decisionButtons,
    ask: decisionAsk,
    request: (event, _record, note) => decisionRequest(event, note),
    done: (event) => DECISION_WORDS[event].done,
  });
  await act(async () => {
    createRoot(container as HTMLElement).render(
      h(
        AdminContext,
        { dataProvider: { update } as unknown as DataProvider, authProvider: access.auth },
        h(RecordContext.Provider, { value: record }, h('div', { onClick: rowClick }, buttons)),
      ),
    );
  });
  // canAccess answers asynchronously
  await act(() => access.settled());
  return { update, rowClick };
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;

function type(field: HTMLTextAreaElement | null, text: string) {
  if (!field) throw new Error('No field to type in');
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe("the console's ProcessActions, on an event that asks for a note", () => {
  it("shows a button per allowed event it has, asks, refuses an empty note in the api's words, then sends it trimmed", async () => {
    const { update, rowClick } = await render();
    expect([...document.querySelectorAll('button')].map((b) => b.textContent?.trim())).toEqual([
      'Decide for the buyer',
      'Decide for the seller',
    ]);
    await act(async () => button('Decide for the seller').click());
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
      'Decide for the seller: return RT01ARZ3NDEK',
    );
    await act(async () => button('Decide').click());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(returnMessages.noteRequired);
    expect(update).not.toHaveBeenCalled();

    await act(async () => document.querySelector('textarea')?.click());
    await act(async () => type(document.querySelector('textarea'), '  Green velvet, as shown  '));
    await act(async () => button('Decide').click());
    expect(update).toHaveBeenCalledWith(
      'returns',
      expect.objectContaining({ id: record.id, data: { decision: 'seller', decisionNote: 'Green velvet, as shown' } }),
    );
    // Neither the button nor the dialog's clicks are the row's.
    expect(rowClick).not.toHaveBeenCalled();
  });
});
