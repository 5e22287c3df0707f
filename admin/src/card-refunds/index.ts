import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** Refunds to buyers' cards (issue 34): the ones Stripe holds or failed are not refunded yet; a failed one is sent again. */
export default lazyResource(views, { list: 'CardRefundList' }, { icon: CreditCardOffIcon, label: 'Card refunds' });
