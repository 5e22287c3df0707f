import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** Refunds to buyers' cards (issue 34): the ones Stripe holds or failed are not refunded yet; a failed one is sent again. */
export default {
  list: lazyView(views, 'CardRefundList'),
  icon: CreditCardOffIcon,
  options: { label: 'Card refunds' },
};
