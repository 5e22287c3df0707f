import TuneIcon from '@mui/icons-material/Tune';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'RentalPropertyList', edit: 'RentalPropertyEdit', create: 'RentalPropertyCreate' },
  { icon: TuneIcon, label: 'Rental attributes', recordRepresentation: 'label' },
);
