import ReportGmailerrorredIcon from '@mui/icons-material/ReportGmailerrorred';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

export default {
  list: lazyView(views, 'RentalReportList'),
  show: lazyView(views, 'RentalReportShow'),
  icon: ReportGmailerrorredIcon,
  options: { label: 'Rental reports' },
};
