import AssessmentIcon from '@mui/icons-material/Assessment';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { lazyView } from '../lazy-view';

const views = () => import('./views');

/** `/employee_benefit`: each B2B organisation's benefits (commission waived, welcome credit). ROLE_ADMIN. */
export const employeeBenefits = {
  list: lazyView(views, 'EmployeeBenefitList'),
  edit: lazyView(views, 'EmployeeBenefitEdit'),
  icon: CardMembershipIcon,
  options: { label: 'Employee benefits' },
  recordRepresentation: 'name',
};

/** What the benefits cost per organisation and month, read only. ROLE_ADMIN. */
export const employeeBenefitReport = {
  list: lazyView(views, 'EmployeeBenefitReportList'),
  icon: AssessmentIcon,
  options: { label: 'Benefit report' },
};
