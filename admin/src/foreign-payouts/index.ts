import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** Payouts Stripe reported that Yardly did not make (issue 34): shown, never applied to money. */
export default {
  list: lazyView(views, 'ForeignPayoutList'),
  icon: ReportProblemIcon,
  options: { label: 'Payouts not ours' },
};
