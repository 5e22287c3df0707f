import SavingsIcon from '@mui/icons-material/Savings';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** The promotion list (issue 22, spec section 3): read-only, every movement of people's rewards with the totals. */
export default lazyResource(views, { list: 'PromotionList' }, { icon: SavingsIcon, label: 'Promotion list' });
