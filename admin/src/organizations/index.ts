import BusinessIcon from '@mui/icons-material/Business';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'OrganizationList', edit: 'OrganizationEdit', create: 'OrganizationCreate', show: 'OrganizationShow' },
  { icon: BusinessIcon, recordRepresentation: 'name' },
);
