import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'OrderList'),
  show: lazyView(views, 'OrderShow'),
  icon: ReceiptLongIcon,
  options: { label: 'Orders' },
};
