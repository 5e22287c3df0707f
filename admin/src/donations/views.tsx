import type { AdminDonationRecord } from '@yardly/shared/contract';
import { donationProcess } from '@yardly/shared/rules';
import type { ReactNode } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  Link,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import { RecordTable } from '../layout/RecordTable';
import { ContactNoteForm } from './ContactNoteForm';
import { DonationStatusButtons } from './DonationStatusButtons';
import {
  ageText,
  DONATION_QUEUE_SORT,
  DONATION_STATE_CHOICES,
  OVERDUE_CHOICES,
  OVERDUE_EXPLANATION,
  OVERDUE_LABEL,
  pickupAddressText,
} from './queue';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Item, person or organisation" />,
  <SelectInput key="state" source="state" label="State" choices={DONATION_STATE_CHOICES} alwaysOn />,
  <SelectInput key="overdue" source="overdue" label="Overdue" choices={OVERDUE_CHOICES} alwaysOn />,
];

// White on a dark red: well above the 4.5:1 contrast axe asks of small text.
const OVERDUE_STYLE = {
  background: '#b00020',
  color: '#fff',
  borderRadius: 12,
  padding: '2px 8px',
  fontSize: '0.8125rem',
  whiteSpace: 'nowrap',
} as const;

/** The marker of a donation no representative contacted in time; nothing otherwise. */
function OverdueMarker() {
  const record = useRecordContext<AdminDonationRecord>();
  if (!record?.overdue) return null;
  return (
    <span title={OVERDUE_EXPLANATION} style={OVERDUE_STYLE}>
      {OVERDUE_LABEL}
    </span>
  );
}

/** A person as the queue shows them: name, then email. */
function person(name: keyof AdminDonationRecord, email: keyof AdminDonationRecord, label: string) {
  return (
    <FunctionField<AdminDonationRecord>
      label={label}
      sortable={false}
      render={(r) => (
        <>
          {String(r[name])}
          <br />
          <small>{String(r[email])}</small>
        </>
      )}
    />
  );
}

/** The queue both resources show, oldest request first; `changes` adds the row's status buttons. */
function DonationQueue({ changes }: { changes?: ReactNode }) {
  return (
    <List filters={filters} sort={DONATION_QUEUE_SORT}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="Donation" sortable={false} />
        <DateField source="createdAt" label="Requested" />
        <FunctionField<AdminDonationRecord> label="Age" sortable={false} render={ageText} />
        <TextField source="stateLabel" label="State" sortBy="state" />
        <FunctionField label="Overdue" sortable={false} render={() => <OverdueMarker />} />
        <TextField source="listingTitle" label="Item" sortable={false} />
        {person('donorName', 'donorEmail', 'Donor')}
        {person('recipientName', 'recipientEmail', 'Recipient')}
        <TextField source="organizationName" label="Organisation" sortable={false} />
        {changes}
      </Datagrid>
    </List>
  );
}

/** A donation's steps: each event and the state it led to, as the donation process names them. */
function DonationHistory() {
  // Labeled here: SimpleShowLayout labels only its direct children that carry a label.
  return (
    <Labeled label="History" fullWidth>
      <RecordTable source="history" label="History">
        <DateField source="at" label="When" showTime sortable={false} />
        <FunctionField
          label="What"
          render={(h: { event: string }) =>
            donationProcess.events[h.event as keyof typeof donationProcess.events]?.label ?? h.event
          }
        />
        <FunctionField
          label="State"
          render={(h: { state: string }) =>
            donationProcess.states[h.state as keyof typeof donationProcess.states]?.label ?? h.state
          }
        />
        <TextField source="by" label="By" emptyText="Yardly" sortable={false} />
      </RecordTable>
    </Labeled>
  );
}

/** The handover photos the donor and the recipient saved. */
function DonationPhotos() {
  return (
    <Labeled label="Photos">
      <FunctionField<AdminDonationRecord>
        render={(r) =>
          r.pictures.length === 0 ? (
            'No photo'
          ) : (
            <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              {r.pictures.map((p, index) => (
                <a key={p.resourcePath} href={p.url} target="_blank" rel="noreferrer">
                  <img
                    src={p.url}
                    width={80}
                    height={80}
                    style={{ objectFit: 'cover' }}
                    alt={`The handover, ${index + 1} of ${r.pictures.length}`}
                  />
                </a>
              ))}
            </span>
          )
        }
      />
    </Labeled>
  );
}

/** A donation with where it is picked up, its photos, the representatives' notes and its history. */
function DonationDetails({ changes }: { changes?: ReactNode }) {
  return (
    <SimpleShowLayout>
      <TextField source="id" label="Donation" />
      <TextField source="stateLabel" label="State" />
      <FunctionField label="Overdue" render={() => <OverdueMarker />} />
      <TextField source="listingTitle" label="Item" />
      <TextField source="listingRefnum" label="Listing" />
      <TextField source="itemZip" label="Item zip" />
      <FunctionField<AdminDonationRecord> label="Donor" render={(r) => `${r.donorName} (${r.donorEmail})`} />
      <FunctionField<AdminDonationRecord>
        label="Recipient"
        render={(r) => `${r.recipientName} (${r.recipientEmail})`}
      />
      <TextField source="organizationName" label="Organisation" />
      <FunctionField<AdminDonationRecord> label="Pickup address" render={pickupAddressText} />
      <DateField source="createdAt" label="Requested" showTime />
      <FunctionField<AdminDonationRecord> label="Age" render={ageText} />
      <DateField source="contactBy" label="Contact due by" showTime emptyText="Once the pickup is confirmed" />
      <DateField source="contactedAt" label="Contacted" showTime emptyText="Not yet" />
      <DonationPhotos />
      <RecordTable source="contactNotes" label="Contact notes" empty={<p>No contact note yet</p>}>
        <DateField source="at" label="When" showTime sortable={false} />
        <TextField source="by" label="By" sortable={false} />
        <TextField source="note" label="Note" sortable={false} />
      </RecordTable>
      {changes}
      <DonationHistory />
    </SimpleShowLayout>
  );
}

/** On the read-only page, an admin who may change donations gets a way to the processing page. */
function ProcessLink() {
  const record = useRecordContext<AdminDonationRecord>();
  const { canAccess } = useCanAccess({ resource: 'process-donations', action: 'edit' });
  if (!record || canAccess !== true) return null;
  // primary.dark: the theme's primary on the toolbar's grey is just under axe's 4.5:1.
  return (
    <Link to={`/process-donations/${encodeURIComponent(String(record.id))}/show`} sx={{ color: 'primary.dark' }}>
      Process this donation
    </Link>
  );
}

/** `/donation`: the queue, read only (ROLE_ADMIN and ROLE_LIMITED_ADMIN). */
export function DonationList() {
  return <DonationQueue />;
}

export function DonationShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ProcessLink />
        </TopToolbar>
      }
    >
      <DonationDetails />
    </Show>
  );
}

/** `/donation/process-donations`: the same queue with its status changes (ROLE_ADMIN). */
export function ProcessDonationList() {
  return <DonationQueue changes={<FunctionField label="Change" render={() => <DonationStatusButtons />} />} />;
}

export function ProcessDonationShow() {
  return (
    <Show
      actions={
        <TopToolbar sx={{ gap: 1 }}>
          {/* Contained: the theme's primary text on the toolbar's grey is just under axe's 4.5:1. */}
          <DonationStatusButtons variant="contained" />
        </TopToolbar>
      }
    >
      <DonationDetails changes={<ContactNoteForm />} />
    </Show>
  );
}
