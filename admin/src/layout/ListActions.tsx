import {
  CreateButton,
  ExportButton,
  FilterButton,
  TopToolbar,
  useFilterContext,
  useListContext,
  useResourceDefinition,
} from 'react-admin';

/**
 * react-admin's list actions (filters, create, export) with the Export button named: on a
 * phone it is an icon button, and disabled (an empty list) react-admin gives it no name.
 */
export function ListActions() {
  const { exporter, total } = useListContext();
  const filters = useFilterContext();
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      {hasCreate && <CreateButton />}
      {exporter !== false && <ExportButton disabled={total === 0} aria-label="Export" />}
    </TopToolbar>
  );
}
