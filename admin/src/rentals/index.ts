import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'RentalList'),
  show: lazyView(views, 'RentalShow'),
  icon: HomeWorkIcon,
  recordRepresentation: 'title',
  options: { label: 'Rentals' },
};
