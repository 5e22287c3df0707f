import PeopleIcon from '@mui/icons-material/People';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'UserList'),
  edit: lazyView(views, 'UserEdit'),
  show: lazyView(views, 'UserShow'),
  icon: PeopleIcon,
  recordRepresentation: 'email',
};
