import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'RentalList', show: 'RentalShow' },
  { icon: HomeWorkIcon, label: 'Rentals', recordRepresentation: 'title' },
);
