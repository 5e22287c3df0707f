import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'DomainList'),
  edit: lazyView(views, 'DomainEdit'),
  create: lazyView(views, 'DomainCreate'),
  icon: AlternateEmailIcon,
  recordRepresentation: 'domain',
  options: { label: 'Work-email domains' },
};
