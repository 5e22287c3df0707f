import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'ReturnList'),
  show: lazyView(views, 'ReturnShow'),
  icon: AssignmentReturnIcon,
  options: { label: 'Returns' },
};
