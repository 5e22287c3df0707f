import {
  type EmployeeBenefitRecord,
  type EmployeeBenefitReport,
  employeeBenefitInputSchema,
} from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  DateField,
  Edit,
  FunctionField,
  Labeled,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { validateWith } from '../validate';
import { centsFromDollars, dollarsFromCents } from './money-input';

const validate = validateWith(employeeBenefitInputSchema);

const benefitFilters = [<SearchInput key="q" source="q" alwaysOn />];

/** `/employee_benefit`: what each B2B organisation gives its members. */
export function EmployeeBenefitList() {
  return (
    <List filters={benefitFilters} sort={{ field: 'name', order: 'ASC' }} title="Employee benefits">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label="Organisation" />
        <BooleanField source="commissionWaived" label="No commission between members" />
        <FunctionField<EmployeeBenefitRecord>
          source="welcomeCreditCents"
          label="Welcome credit"
          render={(r) => formatCents(r.welcomeCreditCents)}
        />
        <DateField source="updatedAt" label="Changed" showTime emptyText="Never" />
      </Datagrid>
    </List>
  );
}

export function EmployeeBenefitEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Employee benefits">
      <SimpleForm validate={validate}>
        <Labeled>
          <TextField source="name" label="Organisation" />
        </Labeled>
        <BooleanInput
          source="commissionWaived"
          label="No commission on sales between members"
          helperText="Applies to orders placed from now on, when buyer and seller are both verified members"
        />
        <NumberInput
          source="welcomeCreditCents"
          label="Welcome credit ($)"
          step={0.01}
          min={0}
          format={dollarsFromCents}
          parse={centsFromDollars}
          helperText="Each newly verified member gets it once, as a reward paid by the organisation (at most $500.00; 0 for none)"
        />
      </SimpleForm>
    </Edit>
  );
}

const reportFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="month" source="month" label="Month (YYYY-MM)" alwaysOn />,
];

/** What the benefits cost, per organisation and month (read only). */
export function EmployeeBenefitReportList() {
  return (
    <List filters={reportFilters} sort={{ field: 'month', order: 'DESC' }} title="Employee benefit report">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="month" />
        <TextField source="name" label="Organisation" />
        <NumberField source="waivedSales" label="Sales without commission" sortable={false} />
        <FunctionField<EmployeeBenefitReport>
          source="commissionWaivedCents"
          label="Commission waived"
          render={(r) => formatCents(r.commissionWaivedCents)}
        />
        <NumberField source="welcomeCredits" label="Welcome credits" sortable={false} />
        <FunctionField<EmployeeBenefitReport>
          source="welcomeCreditCents"
          label="Credited"
          render={(r) => formatCents(r.welcomeCreditCents)}
        />
        <FunctionField<EmployeeBenefitReport>
          source="totalCents"
          label="Total cost"
          render={(r) => formatCents(r.totalCents)}
        />
      </Datagrid>
    </List>
  );
}
