import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** `/b2b`: the B2B organisations' marketplaces (landing page text, colour, logo). ROLE_ADMIN. */
export default lazyResource(
  views,
  { list: 'B2BList', edit: 'B2BEdit', show: 'B2BShow' },
  { icon: StorefrontIcon, label: 'B2B marketplaces', recordRepresentation: 'name' },
);
