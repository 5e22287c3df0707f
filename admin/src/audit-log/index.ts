import HistoryIcon from '@mui/icons-material/History';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'AuditList'),
  show: lazyView(views, 'AuditShow'),
  icon: HistoryIcon,
  options: { label: 'Audit log' },
};
