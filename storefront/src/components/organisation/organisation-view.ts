import { currentFlow } from '../../lib/organisation-guard';
import { keepBrand } from '../../stores/organisation-flow';

/**
 * /client/{orgName} holds the guest landing and the members' home (the server does not know who
 * looks): one of them stays in the page, the other is taken out, so nothing of it is read or
 * hydrated. A member in this organisation's flow gets the home, and the header its name and
 * colour as of now; anyone else the landing (the flow's guard sends signed-in people elsewhere).
 */
export function showOrganisationView(views: HTMLElement, sessionKey: string): void {
  const { orgName = '', name = '', color = '' } = views.dataset;
  const { inFlow, member } = currentFlow(sessionKey);
  const home = inFlow && member?.orgName === orgName;
  for (const part of views.querySelectorAll(home ? '[data-guest-only]' : '[data-flow-only]')) part.remove();
  if (home) keepBrand({ orgName, name, brandColor: color });
}
