import TuneIcon from '@mui/icons-material/Tune';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'RentalPropertyList'),
  edit: lazyView(views, 'RentalPropertyEdit'),
  create: lazyView(views, 'RentalPropertyCreate'),
  icon: TuneIcon,
  recordRepresentation: 'label',
  options: { label: 'Rental attributes' },
};
