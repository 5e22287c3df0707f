import ReportGmailerrorredIcon from '@mui/icons-material/ReportGmailerrorred';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(
  views,
  { list: 'RentalReportList', show: 'RentalReportShow' },
  { icon: ReportGmailerrorredIcon, label: 'Rental reports' },
);
