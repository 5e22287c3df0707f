import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { PlaceholderView } from './PlaceholderView';

/** A resource whose issue has not landed: a route and a menu entry that say so. */
export default { list: PlaceholderView, icon: HourglassEmptyIcon };
