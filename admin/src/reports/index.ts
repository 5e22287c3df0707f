import FlagIcon from '@mui/icons-material/Flag';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'ReportList'),
  show: lazyView(views, 'ReportShow'),
  icon: FlagIcon,
  options: { label: 'Reports' },
};
