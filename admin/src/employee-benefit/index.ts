import AssessmentIcon from '@mui/icons-material/Assessment';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { lazyResource } from '../lazy-view';

const views = () => import('./views');

/** `/employee_benefit`: each B2B organisation's benefits (commission waived, welcome credit). ROLE_ADMIN. */
export const employeeBenefits = lazyResource(
  views,
  { list: 'EmployeeBenefitList', edit: 'EmployeeBenefitEdit' },
  { icon: CardMembershipIcon, label: 'Employee benefits', recordRepresentation: 'name' },
);

/** What the benefits cost per organisation and month, read only. ROLE_ADMIN. */
export const employeeBenefitReport = lazyResource(
  views,
  { list: 'EmployeeBenefitReportList' },
  { icon: AssessmentIcon, label: 'Benefit report' },
);
