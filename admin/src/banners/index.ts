import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'BannerList'),
  edit: lazyView(views, 'BannerEdit'),
  create: lazyView(views, 'BannerCreate'),
  icon: ViewCarouselIcon,
  recordRepresentation: 'title',
};
