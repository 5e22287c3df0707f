import CategoryIcon from '@mui/icons-material/Category';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'CategoryList'),
  edit: lazyView(views, 'CategoryEdit'),
  create: lazyView(views, 'CategoryCreate'),
  icon: CategoryIcon,
  recordRepresentation: 'title',
  options: { label: 'Taxonomy' },
};
