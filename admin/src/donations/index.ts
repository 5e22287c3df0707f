import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** `/donation`: the donation orders' queue, read only (ROLE_ADMIN and ROLE_LIMITED_ADMIN). */
export const donationQueue = {
  list: lazyView(views, 'DonationList'),
  show: lazyView(views, 'DonationShow'),
  icon: VolunteerActivismIcon,
  options: { label: 'Donations' },
};

/** `/donation/process-donations`: the same queue with contact notes and status changes (ROLE_ADMIN). */
export const processDonations = {
  list: lazyView(views, 'ProcessDonationList'),
  show: lazyView(views, 'ProcessDonationShow'),
  icon: PlaylistAddCheckIcon,
  options: { label: 'Process donations' },
};
