import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'ListingList'),
  edit: lazyView(views, 'ListingEdit'),
  show: lazyView(views, 'ListingShow'),
  icon: StorefrontIcon,
  recordRepresentation: 'title',
  options: { label: 'Catalogue' },
};
