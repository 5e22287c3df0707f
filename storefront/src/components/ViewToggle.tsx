import type { CardVariant } from './CardFrame';
import { Icon } from './Icon';
import '../styles/product-list.css';

/** Switches a product list between grid and list cards. */
export function ViewToggle({ value, onChange }: { value: CardVariant; onChange: (value: CardVariant) => void }) {
  return (
    <fieldset className="view-toggle">
      <legend className="visually-hidden">Show items as</legend>
      <button type="button" aria-pressed={value === 'grid'} onClick={() => onChange('grid')}>
        <Icon name="grid" size={18} /> Grid
      </button>
      <button type="button" aria-pressed={value === 'list'} onClick={() => onChange('list')}>
        <Icon name="list" size={18} /> List
      </button>
    </fieldset>
  );
}
