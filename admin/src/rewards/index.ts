import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'RewardList', show: 'RewardShow' },
  { icon: CardGiftcardIcon, label: 'Rewards' },
);
