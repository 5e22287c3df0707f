/**
 * The 'Per page' choice of a toolbar: a dashboard's 10, 25 or 50 cards, or the sizes a search page
 * offers (with the one its URL asked for), smallest first.
 */
export function PerPageSelect({
  size,
  onChange,
  sizes = [10, 25, 50],
  label = 'Per page',
}: {
  size: number;
  onChange(size: number): void;
  sizes?: readonly number[];
  label?: string;
}) {
  return (
    <label>
      {label}{' '}
      <select value={size} onChange={(event) => onChange(Number(event.target.value))}>
        {[...sizes]
          .sort((a, b) => a - b)
          .map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
      </select>
    </label>
  );
}
