import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** `/b2b`: the B2B organisations' marketplaces (landing page text, colour, logo). ROLE_ADMIN. */
export default {
  list: lazyView(views, 'B2BList'),
  edit: lazyView(views, 'B2BEdit'),
  show: lazyView(views, 'B2BShow'),
  icon: StorefrontIcon,
  options: { label: 'B2B marketplaces' },
  recordRepresentation: 'name',
};
