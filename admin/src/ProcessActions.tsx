import { Button, type RaRecord, useDelete, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';

/** How the console asks the api for a process event: a PUT naming it, or the resource's soft DELETE. */
export type ProcessRequest = { method: 'PUT'; data: object } | { method: 'DELETE' };

interface ProcessActionsProps<R extends RaRecord, E extends string> {
  resource: string;
  /** The events the process table allows an admin on the record now, each with its button text. */
  actions: (record: R) => readonly { event: E; label: string }[];
  request: (event: E, record: R) => ProcessRequest;
  /** What the console says once the api took the event. */
  done: (event: E) => string;
}

/**
 * A moderator's process buttons for the record in context, one per event the table allows an
 * admin (the console's counterpart of the storefront's ProcessActions); a refusal shows the
 * api's words and the record is read again, since another moderator may have moved it.
 */
export function ProcessActions<R extends RaRecord, E extends string>({
  resource,
  actions,
  request,
  done,
}: ProcessActionsProps<R, E>) {
  const record = useRecordContext<R>();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const take = (event: E) => (click: React.MouseEvent) => {
    click.stopPropagation();
    const options = {
      mutationMode: 'pessimistic' as const,
      onSuccess: () => {
        notify(done(event), { type: 'success' });
        refresh();
      },
      onError: (error: unknown) => {
        notify((error as Error).message, { type: 'error' });
        refresh();
      },
    };
    const asked = request(event, record);
    if (asked.method === 'DELETE') remove(resource, { id: record.id, previousData: record }, options);
    else update(resource, { id: record.id, data: asked.data, previousData: record }, options);
  };
  return (
    <>
      {actions(record).map(({ event, label }) => (
        <Button key={event} label={label} onClick={take(event)} disabled={updating || removing} />
      ))}
    </>
  );
}
