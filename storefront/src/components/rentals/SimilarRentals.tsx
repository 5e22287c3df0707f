import { BesideRails } from '../item/BesideRails';
import { RentalCollection } from './RentalCard';
import { rentalsProfilePath } from './rental-paths';

interface SimilarRentalsProps {
  refnum: string;
  landlordRefnum: string;
}

/** Issue 37: similar places near this one, and more from its landlord, under a rental's page. */
export function SimilarRentals({ refnum, landlordRefnum }: SimilarRentalsProps) {
  const load = async () => {
    const { browserApi } = await import('../../lib/api');
    const [similar, more] = await Promise.all([
      browserApi.similar.similarRentals({ refnum }),
      browserApi.similar.moreFromLandlord({ refnum }),
    ]);
    return { similar, more };
  };
  return (
    <BesideRails
      load={load}
      loadKey={refnum}
      titles={{ similar: 'Similar places', more: 'More from this landlord' }}
      moreLink={rentalsProfilePath(landlordRefnum)}
      idPrefix="beside"
      render={(items, label) => <RentalCollection rentals={items} layout="rail" label={label} />}
    />
  );
}
