import { Title, useResourceContext } from 'react-admin';

const TITLES: Record<string, string> = {
  orders: 'Orders',
  'employee-benefit': 'Employee benefit',
};

/** The list view of a spec'd resource that has not arrived yet (employee benefit). */
export function PlaceholderView() {
  const resource = useResourceContext() ?? '';
  const title = TITLES[resource] ?? resource;
  return (
    <div style={{ padding: '1rem' }}>
      <Title title={title} />
      <h2>{title}</h2>
      <p>This part of the back office arrives with its own issue; nothing can be managed here yet.</p>
    </div>
  );
}
