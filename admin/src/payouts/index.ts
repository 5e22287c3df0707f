import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'PayoutList'),
  icon: AccountBalanceIcon,
  options: { label: 'Payouts' },
};
