interface DeliveryOptionsProps {
  shippable: boolean;
  meetToDeliver: boolean;
  offerFreeDelivery: boolean;
}

/** How the item can reach the buyer. */
export function DeliveryOptions({ shippable, meetToDeliver, offerFreeDelivery }: DeliveryOptionsProps) {
  const options = [
    shippable && !offerFreeDelivery && 'Shipping',
    offerFreeDelivery && 'Free Shipping',
    meetToDeliver && 'Local pickup',
  ].filter((option): option is string => Boolean(option));
  return (
    <section className="panel" aria-labelledby="delivery-title">
      <h2 id="delivery-title">Delivery</h2>
      {options.length ? (
        <ul className="delivery">
          {options.map((option) => (
            <li key={option} className={option === 'Free Shipping' ? 'label label--shipping' : 'label'}>
              {option}
            </li>
          ))}
        </ul>
      ) : (
        <p className="item__note">Ask the seller how to get it to you.</p>
      )}
    </section>
  );
}
