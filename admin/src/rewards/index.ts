import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'RewardList'),
  show: lazyView(views, 'RewardShow'),
  icon: CardGiftcardIcon,
  options: { label: 'Rewards' },
};
