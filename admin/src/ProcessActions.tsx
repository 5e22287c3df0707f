import { Button } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import {
  Confirm,
  type RaRecord,
  Show,
  TopToolbar,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import type { ProcessAsk, ProcessButton, ProcessRequest } from './process-actions';

interface ProcessActionsProps<R extends RaRecord, E extends string> {
  /** The console resource the request goes to; its `edit` in the role matrix shows the buttons at all. */
  resource: string;
  /** The events the process table allows an admin on the record now, each with its button text. */
  actions: (record: R) => readonly ProcessButton<E>[];
  /** The request that takes `event`; `text` is what the moderator wrote when the event asks for it. */
  request: (event: E, record: R, text: string) => ProcessRequest;
  /** What the console says once the api took the event. */
  done: (event: E) => string;
  /** What to ask before taking `event`, if anything: a confirmation, and maybe a text it carries. */
  ask?: (event: E, record: R) => ProcessAsk | undefined;
  /** Contained where the theme's primary text on a grey toolbar is under axe's 4.5:1. */
  variant?: 'text' | 'contained';
}

/**
 * A moderator's process buttons for the record in context, one per event the table allows an
 * admin (the console's counterpart of the storefront's ProcessActions), shown to an admin the
 * role matrix lets edit the resource (the api refuses anyone else regardless). An event may ask
 * first (a confirmation, a note kept in the audit log); a refusal shows the api's words and the
 * record is read again, since another moderator may have moved it.
 */
export function ProcessActions<R extends RaRecord, E extends string>({
  resource,
  actions,
  request,
  done,
  ask,
  variant = 'text',
}: ProcessActionsProps<R, E>) {
  const record = useRecordContext<R>();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();
  const [asking, setAsking] = useState<{ event: E; ask: ProcessAsk } | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const fieldId = useId();
  if (!record || canAccess !== true) return null;
  const buttons = actions(record);
  if (buttons.length === 0) return null;
  const pending = updating || removing;

  const close = () => {
    setAsking(null);
    setProblem(undefined);
  };
  const send = (event: E) => {
    const options = {
      mutationMode: 'pessimistic' as const,
      onSuccess: () => {
        close();
        setText('');
        notify(done(event), { type: 'success' });
        refresh();
      },
      onError: (error: unknown) => {
        close();
        notify((error as Error).message, { type: 'error' });
        refresh();
      },
    };
    const asked = request(event, record, text.trim());
    if (asked.method === 'DELETE') remove(resource, { id: record.id, previousData: record }, options);
    else update(resource, { id: record.id, data: asked.data, previousData: record }, options);
  };
  const take = (event: E) => (click: React.MouseEvent) => {
    click.stopPropagation(); // in a list row: the click is not the row's
    const asked = ask?.(event, record);
    if (asked) setAsking({ event, ask: asked });
    else send(event);
  };
  const confirm = () => {
    if (!asking) return;
    const wrong = asking.ask.field?.problem(text);
    setProblem(wrong);
    if (!wrong) send(asking.event);
  };
  const field = asking?.ask.field;

  return (
    <>
      {/* MUI's Button, not react-admin's: that one shows only its icon below 600 px, and these have none. */}
      {buttons.map(({ event, label }) => (
        <Button key={event} size="small" variant={variant} onClick={take(event)} disabled={pending}>
          {label}
        </Button>
      ))}
      {/* In a list row too: react-admin's Confirm keeps its clicks from the row. */}
      <Confirm
        isOpen={asking !== null}
        loading={pending}
        title={asking?.ask.title ?? ''}
        content={
          field ? (
            <>
              <p>{asking?.ask.content}</p>
              <label htmlFor={fieldId}>{field.label}</label>
              <textarea
                id={fieldId}
                value={text}
                rows={3}
                style={{ display: 'block', width: '100%' }}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${fieldId}-problem` : undefined}
                onChange={(change) => setText(change.target.value)}
              />
              {problem && (
                <p id={`${fieldId}-problem`} role="alert">
                  {problem}
                </p>
              )}
            </>
          ) : (
            (asking?.ask.content ?? '')
          )
        }
        confirm={asking?.ask.confirm ?? 'Confirm'}
        cancel={asking?.ask.cancel}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}

/** A record's page (`<Show>`) whose toolbar holds its process's buttons. */
export function ProcessShow<R extends RaRecord, E extends string>({
  children,
  ...actions
}: ProcessActionsProps<R, E> & { children: ReactNode }) {
  return (
    <Show
      actions={
        <TopToolbar>
          <ProcessActions<R, E> {...actions} />
        </TopToolbar>
      }
    >
      {children}
    </Show>
  );
}
