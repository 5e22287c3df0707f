import type { B2BMarketplaceRecord } from '@yardly/shared/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { Labeled, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../api';
import { httpClient } from '../http-client';
import { LOGO_TYPES, uploadLogo } from './logo';

/** The organisation's logo as its landing page shows it, and a file chooser that uploads a new one at once. */
export function LogoUpload() {
  const record = useRecordContext<B2BMarketplaceRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  if (!record) return null;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await uploadLogo(httpClient, `${api.http.baseUrl}/admin`, record.id, file);
      notify('Logo uploaded: the landing page shows it now', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Labeled label="Logo">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'center' }}>
        {record.logoUrl ? (
          <img src={record.logoUrl} alt={`${record.name} logo`} style={{ maxHeight: 64, maxWidth: '100%' }} />
        ) : (
          <span>No logo yet</span>
        )}
        <label htmlFor={inputId}>
          {busy ? 'Uploading…' : 'Upload a new logo (PNG or JPG)'}
          <input
            id={inputId}
            type="file"
            accept={LOGO_TYPES}
            onChange={choose}
            disabled={busy}
            style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
          />
        </label>
      </div>
    </Labeled>
  );
}
