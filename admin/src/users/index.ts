import PeopleIcon from '@mui/icons-material/People';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'UserList', edit: 'UserEdit', show: 'UserShow' },
  { icon: PeopleIcon, recordRepresentation: 'email' },
);
