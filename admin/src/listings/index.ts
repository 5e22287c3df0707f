import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'ListingList', edit: 'ListingEdit', show: 'ListingShow' },
  { icon: StorefrontIcon, label: 'Catalogue', recordRepresentation: 'title' },
);
