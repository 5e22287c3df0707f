import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** Payouts Stripe reported that Yardly did not make (issue 34): shown, never applied to money. */
export default lazyResource(
  views,
  { list: 'ForeignPayoutList' },
  { icon: ReportProblemIcon, label: 'Payouts not ours' },
);
