import HistoryIcon from '@mui/icons-material/History';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

export default lazyResource(views, { list: 'AuditList', show: 'AuditShow' }, { icon: HistoryIcon, label: 'Audit log' });
