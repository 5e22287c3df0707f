import type { ReturnDetail } from '@yardly/shared/contract';
import { listingRuleMessages, returnMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { readReturnReasonRef, readReturnTrackRef, returnReasonPath, returnTrackPath } from '../../lib/return-paths';
import { choosePhotos, mayOpenReturn, returnActionsFor, returnNextStep, returnOpened } from './return-view';

const jpeg = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

describe('the return form’s photos', () => {
  it('keeps up to 4 JPG or PNG photos and says why it refuses one', () => {
    const four = choosePhotos([], [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg'), jpeg('d.jpg')]);
    expect([four.photos.length, four.problem]).toEqual([4, null]);
    const fifth = choosePhotos(four.photos, [jpeg('e.jpg')]);
    expect([fifth.photos.length, fifth.problem]).toEqual([4, returnMessages.tooManyPhotos]);
    const gif = choosePhotos([], [new File(['x'], 'a.gif', { type: 'image/gif' })]);
    expect([gif.photos.length, gif.problem]).toEqual([0, listingRuleMessages.photoType]);
  });
});

describe('what an order shows of returns', () => {
  const order = { status: 'arrived', role: 'buying', deliveryMethod: 'ship' } as const;

  it('offers Return item to the buyer of an arrived order only, and only when the api allows it', () => {
    expect(mayOpenReturn(order)).toBe(true);
    expect(mayOpenReturn({ ...order, actions: ['confirmDelivery', 'openReturn'] })).toBe(true);
    expect(mayOpenReturn({ ...order, actions: ['confirmDelivery'] })).toBe(false);
    expect(mayOpenReturn({ ...order, role: 'selling' })).toBe(false);
    expect(mayOpenReturn({ ...order, status: 'shipped' })).toBe(false);
    expect(mayOpenReturn({ ...order, status: 'delivered' })).toBe(false);
  });

  it('follows a return once opened', () => {
    expect(returnOpened({ status: 'returning' })).toBe(true);
    expect(returnOpened({ status: 'returned' })).toBe(true);
    expect(returnOpened({ status: 'arrived' })).toBe(false);
  });

  it('shows the seller the answers the api allows, and each side its next step', () => {
    expect(returnActionsFor({ actions: ['accept', 'dispute'] })).toEqual(['accept', 'dispute']);
    expect(returnActionsFor({ actions: [] })).toEqual([]);
    const detail = { status: 'refunded', role: 'buyer' } as Pick<ReturnDetail, 'status' | 'role'>;
    expect(returnNextStep(detail)).toContain('5-10 days');
  });
});

describe('the returns’ addresses', () => {
  it('reads back what it writes, and nothing from a bad query', () => {
    const ref = { listingRefnum: 'L0123456789A', orderId: 'R0123456789A' };
    expect(readReturnReasonRef(returnReasonPath(ref).split('?')[1] ?? '')).toEqual(ref);
    expect(readReturnReasonRef('?listingRefnum=L0123456789A')).toBeNull();
    expect(readReturnTrackRef(returnTrackPath('L0123456789A').split('?')[1] ?? '')).toBe('L0123456789A');
    expect(readReturnTrackRef('?listingRefnum=<script>')).toBeNull();
  });
});
