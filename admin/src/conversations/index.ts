import ForumIcon from '@mui/icons-material/Forum';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** Read-only: conversations about reported listings, opened from a report. */
export default {
  list: lazyView(views, 'ConversationList'),
  show: lazyView(views, 'ConversationShow'),
  icon: ForumIcon,
  options: { label: 'Conversations' },
};
