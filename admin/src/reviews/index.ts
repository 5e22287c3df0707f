import RateReviewIcon from '@mui/icons-material/RateReview';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'ReviewList', edit: 'ReviewEdit' },
  { icon: RateReviewIcon, label: 'Reviews' },
);
