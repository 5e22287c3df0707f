import RateReviewIcon from '@mui/icons-material/RateReview';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'ReviewList'),
  edit: lazyView(views, 'ReviewEdit'),
  icon: RateReviewIcon,
  options: { label: 'Reviews' },
};
