import { CLIENT_ROOT, clientPath, ORGANISATION_FLOW_PAGES, organisationFlowLabels } from '@yardly/shared/rules';
import { readableTextOn } from '../../lib/brand-colour';
import { currentFlow } from '../../lib/organisation-guard';
import {
  enterOrganisationFlow,
  keepBrand,
  leaveOrganisationFlow,
  type OrganisationBrand,
  storedBrand,
} from '../../stores/organisation-flow';

// The header's organisation switch (issue 23): a member of a B2B organisation (LoginData's
// isOrganizationB2B) moves between its marketplace and Yardly's; the choice is kept as isB2BFlow.
// In the flow the band wears the organisation's name and colour and the header's links lead to
// the prefixed pages. Part of the header's script: no React, no zod.

export function startOrganisationSwitch(header: HTMLElement): void {
  const { member, inFlow } = currentFlow(header.dataset.sessionKey ?? '');
  const bar = header.querySelector<HTMLElement>('[data-org-bar]');
  const own = header.querySelector<HTMLButtonElement>('[data-org-choice="organisation"]');
  const yardly = header.querySelector<HTMLButtonElement>('[data-org-choice="public"]');
  if (!member || !bar || !own || !yardly) return;

  const show = (brand: OrganisationBrand | null) => {
    own.textContent = organisationFlowLabels.enter(brand?.name ?? member.orgName);
    if (inFlow && brand) {
      bar.style.setProperty('--org-bg', brand.brandColor);
      bar.style.setProperty('--org-text', readableTextOn(brand.brandColor));
    }
  };
  const cached = storedBrand(member.orgName);
  show(cached);
  // Read once, then kept: the organisation's own pages refresh it (OrganisationBrandKeeper).
  if (!cached) void fetchBrand(member.orgName).then((brand) => brand && show(brand));

  own.setAttribute('aria-pressed', String(inFlow));
  yardly.setAttribute('aria-pressed', String(!inFlow));
  bar.dataset.inFlow = String(inFlow);
  bar.hidden = false;
  if (inFlow) prefixLinks(header, member.orgName);

  own.addEventListener('click', () => {
    if (inFlow) return;
    enterOrganisationFlow(member);
    window.location.assign(clientPath(member.orgName));
  });
  yardly.addEventListener('click', () => {
    if (!inFlow) return;
    leaveOrganisationFlow();
    window.location.assign('/');
  });
}

/** The header's links to a flow page (home, categories, sell, the product list) lead to its prefixed page. */
function prefixLinks(header: HTMLElement, orgName: string): void {
  const pages: readonly string[] = ORGANISATION_FLOW_PAGES;
  for (const link of header.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    const url = new URL(link.href, window.location.origin);
    if (pages.includes(url.pathname) && !url.pathname.startsWith(CLIENT_ROOT)) {
      link.setAttribute('href', `${clientPath(orgName, url.pathname)}${url.search}`);
    }
  }
}

/** The organisation's name and colour from its landing data (`GET /svc/client/{orgName}`), kept for the next page. */
async function fetchBrand(orgName: string): Promise<OrganisationBrand | null> {
  try {
    const response = await fetch(`/svc/client/${encodeURIComponent(orgName)}`);
    if (!response.ok) return null;
    const { data } = (await response.json()) as { data?: { name?: unknown; brandColor?: unknown } };
    if (typeof data?.name !== 'string' || typeof data.brandColor !== 'string') return null;
    const brand = { orgName, name: data.name, brandColor: data.brandColor };
    keepBrand(brand);
    return brand;
  } catch (cause) {
    // Offline: the switch keeps the address name until the next page.
    console.warn('The organisation’s name could not be read', cause);
    return null;
  }
}
