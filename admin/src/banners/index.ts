import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'BannerList', edit: 'BannerEdit', create: 'BannerCreate' },
  { icon: ViewCarouselIcon, recordRepresentation: 'title' },
);
