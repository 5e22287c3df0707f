import type { AppServices } from '../../services';
import type { DonationDeps } from './steps';

/** What the donations capability and the console's donations resource share: the app's services and the bound process. */
export function donationDepsOf(app: AppServices): AppServices & DonationDeps {
  const runner = app.processes.donation;
  if (!runner) throw new Error('The donation process is bound only with donations on');
  return { ...app, runner };
}
