import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'OrderList', show: 'OrderShow' },
  { icon: ReceiptLongIcon, label: 'Orders' },
);
