import { type FaqTopic, faqTopics } from './faq';

export interface SiteLink {
  label: string;
  href: string;
}

export interface SiteSection {
  title: string;
  links: SiteLink[];
}

/** The human sitemap's sections (the categories come from the api at build time). */
export function siteSections(options: { donationEnabled: boolean }): SiteSection[] {
  const about: (SiteLink | false)[] = [
    { label: 'About Us', href: '/about-us' },
    { label: 'Why Yardly?', href: '/why-yardly' },
    options.donationEnabled && { label: 'Why Donate?', href: '/why-donate' },
    { label: 'Students', href: '/student' },
    { label: 'Refer a Friend', href: '/refer-a-friend' },
    { label: 'Blog', href: '/blog' },
    { label: 'Contact Us', href: '/contact-us' },
  ];
  return [
    {
      title: 'Marketplace',
      links: [
        { label: 'Home', href: '/' },
        { label: 'All categories', href: '/categories' },
        { label: 'Marketplace', href: '/marketplace' },
        { label: 'Rentals help', href: '/help' },
      ],
    },
    { title: 'About Yardly', links: about.filter((link): link is SiteLink => link !== false) },
    {
      title: 'Help centre',
      links: [
        { label: 'FAQ', href: '/faq' },
        ...faqTopics(options).map((topic: FaqTopic) => ({ label: topic.label, href: `/faq/${topic.slug}` })),
      ],
    },
    {
      title: 'Policies',
      links: [
        { label: 'Terms and Conditions', href: '/terms-and-conditions' },
        { label: 'Privacy Policy', href: '/privacy-policy' },
        { label: 'Return Policy', href: '/return-policy' },
        { label: 'Shipping Policy', href: '/shipping-policy' },
        { label: 'Facebook Data Deletion', href: '/facebook-data-deletion' },
      ],
    },
  ];
}
