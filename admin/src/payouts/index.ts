import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(views, { list: 'PayoutList' }, { icon: AccountBalanceIcon, label: 'Payouts' });
