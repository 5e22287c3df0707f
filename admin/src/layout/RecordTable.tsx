import type { ReactElement, ReactNode } from 'react';
import { ArrayField, Datagrid } from 'react-admin';
import { ScrollRegion } from './ScrollRegion';

/**
 * A list the record holds (`source`), as a read-only table that scrolls in its own region named
 * `label`; `empty` is what shows when the list is empty (react-admin's own when absent).
 */
export function RecordTable({
  source,
  label,
  empty,
  children,
}: {
  source: string;
  label: string;
  empty?: ReactElement;
  children: ReactNode;
}) {
  return (
    <ArrayField source={source} label={label}>
      <ScrollRegion label={label}>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={empty}>
          {children}
        </Datagrid>
      </ScrollRegion>
    </ArrayField>
  );
}
