import ForumIcon from '@mui/icons-material/Forum';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** Read-only: conversations about reported listings, opened from a report. */
export default lazyResource(
  views,
  { list: 'ConversationList', show: 'ConversationShow' },
  { icon: ForumIcon, label: 'Conversations' },
);
