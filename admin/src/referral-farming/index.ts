import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** Referral farming (issue 34): read-only, inviters whose friends look like throwaways, most flagged first. */
export default lazyResource(
  views,
  { list: 'ReferralFarmingList' },
  { icon: ReportProblemIcon, label: 'Referral farming' },
);
