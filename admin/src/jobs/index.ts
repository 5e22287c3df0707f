import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** The background jobs (issue 34): a dead one is work given up, with its last error. */
export default {
  list: lazyView(views, 'JobList'),
  icon: WorkHistoryIcon,
  options: { label: 'Jobs' },
};
