import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** Referral farming (issue 34): read-only, inviters whose friends look like throwaways, most flagged first. */
export default {
  list: lazyView(views, 'ReferralFarmingList'),
  icon: ReportProblemIcon,
  options: { label: 'Referral farming' },
};
