import type { PriceGuidance as Guidance } from '@yardly/shared/contract';
import { CONDITION_CODES, type ConditionCode, priceGuidanceText, ZIP_PATTERN } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';

interface PriceGuidanceProps {
  /** The chosen subcategory's refnum ('' until one is chosen). */
  categoryRefnum: string;
  condition: ConditionCode | '';
  zip: string;
}

/**
 * Issue 37: "Similar items sold for $X-$Y near you" once a subcategory, a condition and a whole
 * zip are chosen; nothing while fewer than five such sales are known (the api answers null), nor
 * when the look-up fails (it only helps: the form works without it).
 */
export function PriceGuidance({ categoryRefnum, condition, zip }: PriceGuidanceProps) {
  const [guidance, setGuidance] = useState<Guidance | null>(null);
  const ready =
    categoryRefnum !== '' && (CONDITION_CODES as readonly string[]).includes(condition) && ZIP_PATTERN.test(zip);

  useEffect(() => {
    setGuidance(null);
    if (!ready) return;
    let current = true;
    browserApi.similar.priceGuidance({ categoryRefnum, condition: condition as ConditionCode, zip }).then(
      (answer) => current && setGuidance(answer),
      (cause: unknown) => console.warn('No price guidance', cause),
    );
    return () => {
      current = false;
    };
  }, [ready, categoryRefnum, condition, zip]);

  if (!guidance) return null;
  return (
    <p className="price-guidance" role="status">
      {priceGuidanceText(guidance.lowCents, guidance.highCents)}
    </p>
  );
}
