import FlagIcon from '@mui/icons-material/Flag';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(views, { list: 'ReportList', show: 'ReportShow' }, { icon: FlagIcon, label: 'Reports' });
