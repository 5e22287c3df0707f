// @vitest-environment happy-dom
import { individualMessages } from '@yardly/shared/rules';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, domHost, inputLabelled, leaveField, typeInto } from '../../test/dom';
import { fakeApi } from '../../test/fake-api';
import { BankAccountForm } from './BankAccountSettings';

const dom = domHost();
beforeEach(() => dom.mount());
afterEach(async () => {
  await dom.unmount();
  vi.unstubAllGlobals();
});

describe('the bank-account form asks who the seller is (spec section 5)', () => {
  it('date of birth as MM/DD/YYYY with month at most 12 and day at most 31; the SSN’s last 4 in error once left empty', async () => {
    const api = fakeApi({
      'POST /account/saveBankAccount': () => ({
        data: {
          accountHolder: 'Sam Seller',
          routingNumber: '011000015',
          accountNumberMasked: '****6789',
          individualGiven: true,
        },
      }),
    });
    const onSaved = vi.fn();
    await dom.render(<BankAccountForm onSaved={onSaved} />);
    const input = (label: string) => inputLabelled(dom.host, label);

    const dob = input('Date of birth');
    await typeInto(dob, '13451990');
    expect(dob.value).toBe('12/31/1990');

    const idNumber = input('Last 4 digits of your SSN');
    expect(dom.host.textContent).not.toContain(individualMessages.idNumberInvalid);
    await leaveField(idNumber);
    expect(dom.host.textContent).toContain(individualMessages.idNumberInvalid);

    await typeInto(input('Account holder'), 'Sam Seller');
    await typeInto(input('Routing number'), '011000015');
    await typeInto(input('Account number'), '000123456789');
    await typeInto(idNumber, '43a21');
    expect(idNumber.value).toBe('4321');
    await act(async () => buttonNamed(dom.host, 'Save bank account')?.click());
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.to('POST', '/account/saveBankAccount')[0]?.body).toEqual({
      accountHolder: 'Sam Seller',
      routingNumber: '011000015',
      accountNumber: '000123456789',
      dob: '12/31/1990',
      idNumber: '4321',
    });
  });
});
