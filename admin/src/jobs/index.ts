import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** The background jobs (issue 34): a dead one is work given up, with its last error. */
export default lazyResource(views, { list: 'JobList' }, { icon: WorkHistoryIcon, label: 'Jobs' });
