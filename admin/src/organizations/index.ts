import BusinessIcon from '@mui/icons-material/Business';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'OrganizationList'),
  edit: lazyView(views, 'OrganizationEdit'),
  create: lazyView(views, 'OrganizationCreate'),
  show: lazyView(views, 'OrganizationShow'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
