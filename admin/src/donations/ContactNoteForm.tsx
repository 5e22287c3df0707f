import type { AdminDonationRecord } from '@yardly/shared/contract';
import { DONATION_NOTE_MAX } from '@yardly/shared/rules';
import { type FormEvent, useId, useState } from 'react';
import { Button, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { contactNoteProblem, contactNoteRequest, DONATION_CHANGE_DONE } from './process';

/**
 * A representative's note of a contact with the donor (a call, a mail): it ends the donation's
 * overdue mark and the audit log keeps it. ROLE_ADMIN on process-donations only.
 */
export function ContactNoteForm() {
  const record = useRecordContext<AdminDonationRecord>();
  const { canAccess } = useCanAccess({ resource: 'process-donations', action: 'edit' });
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fieldId = useId();
  if (!record || canAccess !== true) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = contactNoteProblem(note);
    setProblem(wrong);
    if (wrong) return;
    update(
      'process-donations',
      { id: record.id, data: contactNoteRequest(note), previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setNote('');
          notify(DONATION_CHANGE_DONE.contactNote, { type: 'success' });
          refresh();
        },
        onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };

  return (
    <form onSubmit={submit} style={{ width: '100%', maxWidth: 640 }}>
      <label htmlFor={fieldId} style={{ display: 'block', fontWeight: 500 }}>
        Add a contact note
      </label>
      <textarea
        id={fieldId}
        value={note}
        rows={3}
        maxLength={DONATION_NOTE_MAX}
        style={{ display: 'block', width: '100%', boxSizing: 'border-box', margin: '4px 0 8px', font: 'inherit' }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${fieldId}-problem` : undefined}
        onChange={(change) => setNote(change.target.value)}
      />
      {problem && (
        <p id={`${fieldId}-problem`} role="alert" style={{ color: '#b00020', margin: '0 0 8px' }}>
          {problem}
        </p>
      )}
      <Button type="submit" label="Add contact note" variant="contained" disabled={isPending} />
    </form>
  );
}
