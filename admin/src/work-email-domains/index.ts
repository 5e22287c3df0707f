import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'DomainList', edit: 'DomainEdit', create: 'DomainCreate' },
  { icon: AlternateEmailIcon, label: 'Work-email domains', recordRepresentation: 'domain' },
);
