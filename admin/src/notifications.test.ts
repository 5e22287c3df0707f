import { describe, expect, it } from 'vitest';
import { i18nProvider, recordNotice } from './notifications';

describe("the console's toasts after a save (issue 33)", () => {
  it('name the record in words instead of "Element created/updated"', () => {
    const fallback = { smart_count: 1, _: 'Element updated' };
    expect(i18nProvider.translate('resources.organizations.notifications.updated', fallback)).toBe(
      'Organisation saved',
    );
    expect(i18nProvider.translate('resources.banners.notifications.created', fallback)).toBe('Banner created');
    expect(i18nProvider.translate('resources.categories.notifications.deleted', fallback)).toBe('Category deleted');
    expect(i18nProvider.translate('resources.banners.notifications.deleted', { smart_count: 3 })).toBe(
      '3 banners deleted',
    );
  });

  it("keep react-admin's own words for everything else", () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('ra.notification.updated', { smart_count: 1 })).toBe('Element updated');
    expect(recordNotice('resources.unknown.notifications.created')).toBeNull();
    // An unknown resource's toast is react-admin's fallback (`_`), never the raw key.
    expect(
      i18nProvider.translate('resources.unknown.notifications.created', { smart_count: 1, _: 'Element created' }),
    ).toBe('Element created');
  });
});
