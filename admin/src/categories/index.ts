import CategoryIcon from '@mui/icons-material/Category';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'CategoryList', edit: 'CategoryEdit', create: 'CategoryCreate' },
  { icon: CategoryIcon, label: 'Taxonomy', recordRepresentation: 'title' },
);
