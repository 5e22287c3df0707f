import { describe, expect, it } from 'vitest';
import { faqTopics, findFaqTopic } from './faq';
import { donationFlag, marketplaceMenu } from './navigation';
import { siteSections } from './site-sections';

/** Every address the donation flag decides on, from the menu, the FAQ and the sitemap. */
function donationLinks(donationEnabled: boolean): string[] {
  const hrefs = [
    ...marketplaceMenu({ donationEnabled }).map((link) => link.href),
    ...faqTopics({ donationEnabled }).map((topic) => `/faq/${topic.slug}`),
    ...siteSections({ donationEnabled }).flatMap((section) => section.links.map((link) => link.href)),
  ];
  return [...new Set(hrefs.filter((href) => /donat/i.test(href)))].sort();
}

describe('the donation flag (PUBLIC_DONATION_ENABLED, read once in lib/navigation.ts)', () => {
  it('is on only when set to true', () => {
    expect(donationFlag('true')).toBe(true);
    expect(donationFlag(' TRUE ')).toBe(true);
    expect(donationFlag(undefined)).toBe(false);
    expect(donationFlag('')).toBe(false);
    expect(donationFlag('false')).toBe(false);
    expect(donationFlag('1')).toBe(false);
  });

  it('on: the Why Donate? menu item, the Donation FAQ tile and page, and the sitemap entries appear', () => {
    expect(marketplaceMenu({ donationEnabled: true }).map((link) => link.label)).toContain('Why Donate?');
    expect(faqTopics({ donationEnabled: true }).map((topic) => topic.label)).toContain('Donation');
    expect(findFaqTopic('donation', { donationEnabled: true })?.label).toBe('Donation');
    expect(donationLinks(true)).toEqual(['/faq/donation', '/why-donate']);
  });

  it('off: no donation link anywhere, and /faq/donation is not a topic', () => {
    expect(donationLinks(false)).toEqual([]);
    expect(findFaqTopic('donation', { donationEnabled: false })).toBeUndefined();
    expect(faqTopics({ donationEnabled: false })).toHaveLength(9);
  });
});
