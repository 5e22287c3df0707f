import { useStore } from '@nanostores/react';
import { publicProfilePath } from '../../lib/profile-routes';
import { $location } from '../../stores/location';
import { ListingCollection } from '../ListingCollection';
import { BesideRails } from './BesideRails';

interface SimilarItemsProps {
  listingRefnum: string;
  sellerRefnum: string;
}

/** Issue 37: similar items near the visitor, and more from this seller, under an item's page. */
export function SimilarItems({ listingRefnum, sellerRefnum }: SimilarItemsProps) {
  const zip = useStore($location)?.zip;
  const load = async () => {
    const { browserApi } = await import('../../lib/api');
    const asked = zip ? { listingRefnum, zip } : { listingRefnum };
    const [similar, more] = await Promise.all([
      browserApi.similar.similar(asked),
      browserApi.similar.moreFromSeller(asked),
    ]);
    return { similar, more };
  };
  return (
    <BesideRails
      load={load}
      loadKey={`${listingRefnum}:${zip ?? ''}`}
      titles={{ similar: 'Similar items', more: 'More from this seller' }}
      moreLink={publicProfilePath(sellerRefnum, { tab: 'selling', role: 'seller' })}
      idPrefix="beside"
      render={(items, label) => <ListingCollection listings={items} layout="rail" label={label} />}
    />
  );
}
