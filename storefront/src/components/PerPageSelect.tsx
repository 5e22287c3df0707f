/** The 'Per page' choice of a dashboard's toolbar (10, 25 or 50 cards). */
export function PerPageSelect(props: { size: number; onChange(size: number): void }) {
  return (
    <label>
      Per page{' '}
      <select value={props.size} onChange={(event) => props.onChange(Number(event.target.value))}>
        {[10, 25, 50].map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}
