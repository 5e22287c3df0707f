import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** `/donation`: the donation orders' queue, read only (ROLE_ADMIN and ROLE_LIMITED_ADMIN). */
export const donationQueue = lazyResource(
  views,
  { list: 'DonationList', show: 'DonationShow' },
  { icon: VolunteerActivismIcon, label: 'Donations' },
);

/** `/donation/process-donations`: the same queue with contact notes and status changes (ROLE_ADMIN). */
export const processDonations = lazyResource(
  views,
  { list: 'ProcessDonationList', show: 'ProcessDonationShow' },
  { icon: PlaylistAddCheckIcon, label: 'Process donations' },
);
