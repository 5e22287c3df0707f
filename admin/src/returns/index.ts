import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'ReturnList', show: 'ReturnShow' },
  { icon: AssignmentReturnIcon, label: 'Returns' },
);
